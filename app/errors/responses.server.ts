import { randomBytes } from "node:crypto";
import { data } from "react-router";
import type { TranslationKey } from "#app/locales/translation-key";
import type { ApiErrorBody } from "./api-error-body.ts";
import { toastSetCookie } from "#app/utils/toast.server";
import { AppError, type ErrorParams, UserNotConfirmed } from "./app-error.ts";
import { errorOutcome } from "./outcome.ts";
import { OUTAGE_RETRY_AFTER_S } from "#app/utils/service-unavailable";

/**
 * Error answers of loaders, actions and resource routes, all from the one mapper (errorOutcome):
 * an action shows the message as a toast (flash cookie), a JSON resource route answers
 * `{ error: { messageKey, params } }`. Responses a route throws on purpose (redirects,
 * `throw data(…)`) pass through untouched. An unexpected error is logged with a reference that
 * its toast's error report carries; its stack never leaves the server.
 */

/** What an action answers when it failed; the message itself is a toast. */
export type ActionErrorData = { ok: false; error: string };

function logged(error: unknown, where: string) {
  const reference = randomBytes(6).toString("hex");
  const outcome = errorOutcome(error, { reference });
  if (outcome.unexpected) console.error(`[${where} error ${reference}]`, error);
  else if (!outcome.toast && error instanceof Error) console.warn(`[${where}] ${error.name}: ${error.message}`);
  return { outcome, reference };
}

/** What React Router's data() makes: thrown, it is an answer, not an error. */
function isThrownData(error: unknown): error is { data: unknown; init?: { status?: number; headers?: Record<string, string> } } {
  return typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit";
}

/** An error's own headers; an outage's answer says when to try again (Retry-After, ADR 0047). */
const headersOf = (error: unknown, status?: number): Record<string, string> => ({
  ...(error instanceof AppError ? error.headers : {}),
  ...(status === 503 ? { "Retry-After": String(OUTAGE_RETRY_AFTER_S) } : {}),
});

/** Runs an action's work and turns a thrown error into its status and toast instead of the 500 page. */
export async function withErrorToasts<T>(run: () => Promise<T> | T) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response || !(error instanceof Error)) throw error;
    const { outcome } = logged(error, "action");
    const headers = new Headers(headersOf(error, outcome.status));
    if (outcome.toast) headers.append("Set-Cookie", await toastSetCookie(outcome.toast));
    const body: ActionErrorData = { ok: false, error: outcome.unexpected ? "Unexpected" : error.name };
    return data(body, { status: outcome.status, headers });
  }
}

export function apiErrorResponse(
  status: number,
  messageKey: TranslationKey,
  params: ErrorParams = {},
  headers: Record<string, string> = {},
): Response {
  const body: ApiErrorBody = { error: { messageKey, params } };
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * The JSON answer for anything a resource route threw (the browser calls it with fetch and shows
 * the message where the user acted, e.g. the upload card). Thrown Responses pass through.
 * `userNotConfirmed` lets a route name its own variant of that message (§8: "upload variant").
 */
export function errorToApiResponse(error: unknown, options: { log?: string; userNotConfirmed?: TranslationKey } = {}): Response {
  if (error instanceof Response) return error;
  // An answer thrown with data() (readForm's 400): sent as it is.
  if (isThrownData(error))
    return Response.json(error.data, { ...error.init, headers: { "Cache-Control": "no-store", ...error.init?.headers } });
  if (error instanceof UserNotConfirmed && options.userNotConfirmed) return apiErrorResponse(error.status, options.userNotConfirmed);
  const { outcome, reference } = logged(error, options.log ?? "api");
  if (outcome.unexpected) return apiErrorResponse(500, "errors.unexpected", { reference });
  const messageKey = (outcome.toast?.messageKey ?? "errors.unexpected") as TranslationKey;
  return apiErrorResponse(outcome.status, messageKey, outcome.toast?.params ?? {}, headersOf(error, outcome.status));
}
