import type { TranslationKey } from "#app/locales/translation-key";
import type { ToastType } from "#app/utils/toast";
import { ERROR_NAMES } from "#db/seed-data";

/**
 * The global error handling of studio-core.md §8 and studio-admin.md §8 in one table: which
 * server error name becomes which message, how it is shown and which HTTP status it answers
 * with. The error classes (app-error.ts) take their status and message from it, the browser maps
 * a name it receives with it. The names are written once (db/seed-data.ts ERROR_NAMES), where
 * the developer kit's forced-error list takes them from.
 */

export const GLOBAL_ERROR_NAMES = ERROR_NAMES;
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
  NotFound: { status: 404, message: { key: "errors.itemNotFound", type: "error" } },
  Conflict: { status: 409, message: { key: "errors.conflict", type: "error" } },
  Unprocessable: { status: 422, message: { key: "errors.unprocessable", type: "error" } },
  TooManyRequests: { status: 429, message: { key: "errors.tooManyRequests", type: "error" } },
  FailedDependency: { status: 424, message: { key: "errors.failedDependency", type: "error" } },
  GeneralError: { status: 500, message: { key: "errors.unexpected", type: "error" } },
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
