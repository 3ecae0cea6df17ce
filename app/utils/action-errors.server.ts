import { randomBytes } from "node:crypto";
import { data } from "react-router";
import { TooManyRequests } from "#app/auth/errors";
import { errorOutcome } from "./error-messages.ts";
import { toastSetCookie } from "./toast.server.ts";

/** What an action answers when it failed with a global error; the message itself is a toast. */
export type ActionErrorData = { ok: false; error: string };

/**
 * Runs an action's work and turns a thrown error into the §8 toast instead of the 500 page:
 * Forbidden, DemoError, UserNotConfirmed and the other global errors answer their status with
 * their message; anything else is logged with a reference and answers 500 with the
 * 'unexpected error' message and its error report; a rate limit (TooManyRequests) answers 429
 * with 'too many attempts' and Retry-After. The toast travels in the flash cookie; the
 * root route revalidates after a failed action (root.tsx shouldRevalidate) and shows it.
 * Responses (redirects, `throw data(…)`) pass through untouched.
 */
export async function withErrorToasts<T>(run: () => Promise<T> | T) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    // A rate limit (enforceRateLimit) is no §8 error: 429, 'too many attempts' and Retry-After.
    if (error instanceof TooManyRequests) {
      const headers = new Headers(error.headers);
      headers.append(
        "Set-Cookie",
        await toastSetCookie({ type: "error", messageKey: error.messageKey, params: { minutes: error.retryAfterMinutes } }),
      );
      return data({ ok: false, error: error.name } satisfies ActionErrorData, { status: error.status, headers });
    }
    const reference = randomBytes(6).toString("hex");
    const outcome = errorOutcome(error, { reference });
    if (outcome.unexpected) console.error(`[action error ${reference}]`, error);
    else if (!outcome.toast) console.warn(`[action] ${error.name}: ${error.message}`);
    const headers = outcome.toast ? { "Set-Cookie": await toastSetCookie(outcome.toast) } : undefined;
    const body: ActionErrorData = { ok: false, error: outcome.unexpected ? "Unexpected" : error.name };
    return data(body, { status: outcome.status, headers });
  }
}
