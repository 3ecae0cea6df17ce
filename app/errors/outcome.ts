import type { ToastInput } from "#app/utils/toast";
import { isServiceUnavailable } from "#app/utils/service-unavailable";
import { AppError } from "./app-error.ts";
import { GLOBAL_ERRORS, globalErrorName, isSessionExpiry, UNKNOWN_ERROR } from "./catalogue.ts";

export type ErrorOutcome = {
  /** The HTTP status an action answers with. */
  status: number;
  /** The toast to show, or null when the error is only logged. */
  toast: ToastInput | null;
  /** Whether nobody expected it: log it with its stack (and the toast's report reference). */
  unexpected: boolean;
};

/**
 * How the studio answers a thrown error: the one mapper from error to status and message, used
 * by loaders, actions and resource routes (responses.server.ts) and by the browser for error
 * names it receives. An AppError says it itself; a bare error named in the catalogue (from the
 * browser's side) answers as the catalogue says; anything else is unexpected. `reference` ties an unexpected error's report mail to
 * its log entry.
 */
export function errorOutcome(error: unknown, options: { reference?: string } = {}): ErrorOutcome {
  if (error instanceof AppError) {
    const toast = error.toastType === null ? null : { type: error.toastType, messageKey: error.messageKey, params: error.params };
    return { status: error.status, toast, unexpected: false };
  }
  // The database or Redis away: nothing wrong with the request; try again in a moment (ADR 0047).
  if (isServiceUnavailable(error))
    return { status: 503, toast: { type: "error", messageKey: "errors.unavailableRetry" }, unexpected: false };
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
