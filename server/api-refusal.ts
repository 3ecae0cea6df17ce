import { getEnv } from "#app/utils/env.server";

/**
 * The public API's answer when the HTTP layer refuses a body before the app sees it (413 over the
 * limit, 411 without a declared length, 400 an unreadable length): a problem document as every
 * other API error (ADR 0056), in English (the app's translations are not loaded at this layer).
 */
export function apiBodyRefusal(status: number, uploadMaxMb: number | null): { type: string; body: string } {
  const detail =
    status === 413
      ? uploadMaxMb !== null
        ? `The file is larger than ${uploadMaxMb} MB.`
        : "The request body is too large."
      : status === 411
        ? "A request body needs its length (Content-Length)."
        : "The request body's length is not a number.";
  const problem = { type: `${getEnv().PUBLIC_URL}/api/docs#problem-Unprocessable`, title: detail, status, detail, code: "Unprocessable" };
  return { type: "application/problem+json", body: JSON.stringify(problem) };
}
