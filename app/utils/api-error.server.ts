import { randomBytes } from "node:crypto";
import type { TranslationKey } from "#app/locales/translation-key";
import type { ApiErrorBody } from "#app/models/upload-contract";
import { globalErrorName } from "./error-messages.ts";
import { ExpectedError } from "./expected-error.ts";

/**
 * Errors of the JSON resource routes that the browser calls with fetch (upload, create ePaper):
 * they answer `{ error: { messageKey, params } }` with a status instead of a toast cookie or a
 * redirect, because the caller shows the message where the user acted (the upload card). An
 * ApiError is an ExpectedError with response headers, so an action that uses withErrorToasts
 * shows the same message as a toast.
 */
export class ApiError extends ExpectedError {
  override readonly name = "ApiError";
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    messageKey: TranslationKey,
    options: { params?: Record<string, string | number>; headers?: Record<string, string>; detail?: string } = {},
  ) {
    super(messageKey, { status, params: options.params, detail: options.detail });
    this.headers = options.headers ?? {};
  }
}

export function apiErrorResponse(
  status: number,
  messageKey: TranslationKey,
  params: Record<string, string | number> = {},
  headers: Record<string, string> = {},
): Response {
  const body: ApiErrorBody = { error: { messageKey, params } };
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * The JSON answer for anything a resource route threw: ApiError as it says; the permission
 * errors (studio-core.md §8) with their status and message — `userNotConfirmed` lets a route
 * name its own variant (§8: "upload variant"); anything else is logged with a reference and
 * answers 500 'unexpected error'. Thrown Responses are passed through.
 */
export function errorToApiResponse(error: unknown, options: { userNotConfirmed?: TranslationKey; log?: string } = {}): Response {
  if (error instanceof Response) return error;
  if (error instanceof ApiError) return apiErrorResponse(error.status, error.messageKey, error.params, error.headers);
  // The studio's other expected refusals (e.g. EpaperInProcess) answer the same way.
  if (error instanceof ExpectedError) return apiErrorResponse(error.status, error.messageKey, error.params);
  switch (globalErrorName(error)) {
    case "Forbidden":
      return apiErrorResponse(403, "errors.forbidden");
    case "UserNotConfirmed":
      return apiErrorResponse(403, options.userNotConfirmed ?? "errors.userNotConfirmed");
    case "DemoError":
      return apiErrorResponse(403, "errors.demoContent");
    default: {
      const reference = randomBytes(6).toString("hex");
      console.error(`[${options.log ?? "api"} error ${reference}]`, error);
      return apiErrorResponse(500, "errors.unexpected", { reference });
    }
  }
}
