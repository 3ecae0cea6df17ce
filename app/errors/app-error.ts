import type { TranslationKey } from "#app/locales/translation-key";
import { GLOBAL_ERRORS, type GlobalErrorName } from "./catalogue.ts";
import type { ProblemType } from "./problem-types.ts";

export type ErrorParams = Record<string, string | number>;

/**
 * The one error base class of the studio (docs/decisions/0023-one-error-type.md): a refusal the
 * user can understand and act on ('this ePaper is being processed', 'not found'). Loaders,
 * actions and resource routes turn it into an answer through one mapper (responses.server.ts):
 * its status, its message as a toast or as `{ error: { messageKey, params } }`, its headers.
 * Anything thrown that is not an AppError is unexpected: logged, 500, 'unexpected error'.
 * `message` is for the log; `messageKey` is what the user reads.
 */
export class AppError extends Error {
  readonly messageKey: TranslationKey;
  readonly status: number;
  readonly params: ErrorParams;
  readonly headers: Record<string, string>;
  /** How the toast looks ('info' for NotImplemented); null: only logged, nothing is shown. */
  readonly toastType: "error" | "info" | null;
  /** The public API's problem type where it is more precise than the status's (problem-types.ts). */
  readonly problemType: ProblemType | null;
  /** The request's fields the refusal is about (the public API's `errors[].field`): query parameters, body fields, `file`. */
  readonly fields: readonly string[];

  constructor(
    messageKey: TranslationKey,
    options: {
      status?: number;
      params?: ErrorParams;
      headers?: Record<string, string>;
      detail?: string;
      toastType?: "error" | "info" | null;
      problemType?: ProblemType;
      fields?: readonly string[];
    } = {},
  ) {
    super(options.detail ?? messageKey);
    this.messageKey = messageKey;
    this.status = options.status ?? 400;
    this.params = options.params ?? {};
    this.headers = options.headers ?? {};
    this.toastType = options.toastType === undefined ? "error" : options.toastType;
    this.problemType = options.problemType ?? null;
    this.fields = options.fields ?? [];
  }
}

/** An error of the global catalogue (studio-core.md §8): status and message come from GLOBAL_ERRORS. */
abstract class GlobalError extends AppError {
  abstract override readonly name: GlobalErrorName;

  constructor(name: GlobalErrorName, detail: string, options: { messageKey?: TranslationKey } = {}) {
    const { status, message } = GLOBAL_ERRORS[name];
    const toastType = message?.type === "success" ? "info" : (message?.type ?? null);
    super(options.messageKey ?? message?.key ?? "errors.unexpected", { status, detail, toastType });
  }
}

/** Why a permission check refused, so the catalogue can tell maintenance apart from a missing right. */
/** higherLevel: the target holds a higher level than the caller, or is protected (issue 27). */
export type ForbiddenReason = "missingPermission" | "maintenance" | "emailTokenSession" | "higherLevel";

/** A permission check refused the caller ('This action is not allowed.'). */
export class Forbidden extends GlobalError {
  override readonly name = "Forbidden";
  readonly permission: string;
  readonly reason: ForbiddenReason;

  constructor(permission: string, reason: ForbiddenReason = "missingPermission") {
    super("Forbidden", `Permission '${permission}' refused: ${reason}`);
    this.permission = permission;
    this.reason = reason;
  }
}

/**
 * The caller would hold the permission once they confirm their registration e-mail. A route can
 * name its own variant of the message (§8: "upload variant") with `messageKey`.
 */
export class UserNotConfirmed extends GlobalError {
  override readonly name = "UserNotConfirmed";
  readonly permission: string;

  constructor(permission: string, options: { messageKey?: TranslationKey } = {}) {
    super("UserNotConfirmed", `Permission '${permission}' needs a confirmed registration`, options);
    this.permission = permission;
  }
}

/** A write to demo content by someone without demoManagement ('This action cannot be applied to demo content'). */
export class DemoError extends GlobalError {
  override readonly name = "DemoError";
  readonly resource: string;

  constructor(resource: string) {
    super("DemoError", `Writing ${resource} demo content needs demoManagement`);
    this.resource = resource;
  }
}

/** The request is valid but the studio cannot do it yet ('This function has not been implemented yet'). */
export class NotImplemented extends GlobalError {
  override readonly name = "NotImplemented";

  constructor(what: string) {
    super("NotImplemented", `Not implemented yet: ${what}`);
  }
}

/**
 * The developer kit's forced error (studio-admin.md §8): the chosen global error, answered to every
 * call of the admin's own session except authentication and the system preferences, so the
 * studio's handling of each error can be seen.
 */
export class DevKitForcedError extends GlobalError {
  override readonly name: GlobalErrorName;

  constructor(name: GlobalErrorName) {
    super(name, `forced by the developer kit: ${name}`);
    this.name = name;
  }
}

/** Translation key of the 'too many attempts' message, with `{{minutes}}` until the next try. */
export const TOO_MANY_REQUESTS_MESSAGE_KEY = "errors.tooManyAttempts" satisfies TranslationKey;

/**
 * A rate limit refused the request (429). `retryAfterMs` says when the window opens again; the
 * message names the minutes and the answer carries `Retry-After`.
 */
export class TooManyRequests extends AppError {
  override readonly name = "TooManyRequests";
  /** Which limit refused (a preset's bucket, e.g. "login-email"). */
  readonly bucket: string;
  readonly retryAfterMs: number;

  constructor(bucket: string, retryAfterMs: number) {
    const ms = Math.max(0, retryAfterMs);
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    const minutes = Math.max(1, Math.ceil(ms / 60_000));
    super(TOO_MANY_REQUESTS_MESSAGE_KEY, {
      status: 429,
      params: { minutes },
      headers: { "Retry-After": String(seconds) },
      detail: `Rate limit '${bucket}' reached; retry in ${ms} ms`,
    });
    this.bucket = bucket;
    this.retryAfterMs = ms;
  }

  /** Whole seconds, at least 1: the value of the Retry-After header. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }

  /** Whole minutes, at least 1, for the message. */
  get retryAfterMinutes(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 60_000));
  }
}
