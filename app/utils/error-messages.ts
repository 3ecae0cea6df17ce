import type { TranslationKey } from "#app/locales/translation-key";
import { ExpectedError } from "./expected-error.ts";
import type { ToastInput, ToastType } from "./toast.ts";

/**
 * The global error handling of studio-core.md §8 and studio-admin.md §8 in one table: which
 * server error name becomes which message, how it is shown and which HTTP status an action
 * answers with. Pure, so actions (action-errors.server.ts) and the browser map errors alike.
 */

export const GLOBAL_ERROR_NAMES = [
  "NotImplemented",
  "Unavailable",
  "NotAuthenticated",
  "UserNotConfirmed",
  "DemoError",
  "ActiveShopSubscriptionsDetected",
  "Forbidden",
] as const;
export type GlobalErrorName = (typeof GLOBAL_ERROR_NAMES)[number];

export type GlobalErrorHandling = {
  status: number;
  /** null: "only logged" (Unavailable), nothing is shown. */
  message: { key: TranslationKey; type: ToastType } | null;
};

export const GLOBAL_ERRORS: Record<GlobalErrorName, GlobalErrorHandling> = {
  NotImplemented: { status: 501, message: { key: "errors.notImplemented", type: "info" } },
  Unavailable: { status: 503, message: null },
  NotAuthenticated: { status: 401, message: { key: "validation.invalidCredentials", type: "error" } },
  UserNotConfirmed: { status: 403, message: { key: "errors.userNotConfirmed", type: "error" } },
  DemoError: { status: 403, message: { key: "errors.demoContent", type: "error" } },
  ActiveShopSubscriptionsDetected: { status: 409, message: { key: "errors.activeShopSubscriptions", type: "error" } },
  Forbidden: { status: 403, message: { key: "errors.forbidden", type: "error" } },
};

/** Unknown errors: logged, a message that stays until closed and offers an error report. */
export const UNKNOWN_ERROR: { status: number; key: TranslationKey } = { status: 500, key: "errors.unexpected" };

/** The server error name of a thrown value ("Forbidden"), if it has one of the global names. */
export function globalErrorName(error: unknown): GlobalErrorName | null {
  const name = typeof error === "object" && error !== null && "name" in error ? error.name : undefined;
  return (GLOBAL_ERROR_NAMES as readonly unknown[]).includes(name) ? (name as GlobalErrorName) : null;
}

/**
 * A NotAuthenticated error that means "your login ran out" rather than "wrong password": the
 * message 'Token revoked' (code REVOKED_TOKEN) or data named TokenExpiredError (studio-core.md §8).
 */
export function isSessionExpiry(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { message, code, data } = error as { message?: unknown; code?: unknown; data?: { name?: unknown } | null };
  return message === "Token revoked" || code === "REVOKED_TOKEN" || data?.name === "TokenExpiredError";
}

export type ErrorOutcome = {
  /** The HTTP status an action answers with. */
  status: number;
  /** The toast to show, or null when the error is only logged. */
  toast: ToastInput | null;
  /** Whether nobody expected it: log it with its stack (and the toast's report reference). */
  unexpected: boolean;
};

/**
 * How the studio answers a thrown error. `reference` ties an unexpected error's report mail to
 * its log entry.
 */
export function errorOutcome(error: unknown, options: { reference?: string } = {}): ErrorOutcome {
  if (error instanceof ExpectedError) {
    return { status: error.status, toast: { type: "error", messageKey: error.messageKey, params: error.params }, unexpected: false };
  }
  const name = globalErrorName(error);
  if (name === "NotAuthenticated" && isSessionExpiry(error)) {
    return { status: 401, toast: { type: "info", messageKey: "errors.sessionExpired" }, unexpected: false };
  }
  if (name) {
    const { status, message } = GLOBAL_ERRORS[name];
    return { status, toast: message ? { type: message.type, messageKey: message.key } : null, unexpected: false };
  }
  return {
    status: UNKNOWN_ERROR.status,
    toast: { type: "error", messageKey: UNKNOWN_ERROR.key, durationMs: null, report: { reference: options.reference } },
    unexpected: true,
  };
}
