import { randomBytes } from "node:crypto";
import type { TranslationKey } from "#app/locales/translation-key";
import { i18nInstanceFor, localeOfAcceptLanguage } from "#app/utils/i18next.server";
import { OUTAGE_RETRY_AFTER_S } from "#app/utils/service-unavailable";
import { getEnv } from "#app/utils/env.server";
import { AppError } from "./app-error.ts";
import { GLOBAL_ERRORS, type GlobalErrorName, globalErrorName } from "./catalogue.ts";
import { errorOutcome } from "./outcome.ts";
import { PROBLEM_TYPES } from "./problem-types.ts";

/**
 * The public API's error answers (issue 32, ADR 0056): RFC 9457 problem details from the studio's
 * one mapper (errorOutcome) and error catalogue. `code` is the catalogue's name (from the error,
 * else from its status), `title` the catalogue's text for it, `detail` the error's own message;
 * both in the language of Accept-Language (English without one: an API's caller is a program,
 * its reader a developer). An unexpected error is logged with a reference its detail names.
 */

/** The catalogue name of a status when the error has none of its own. */
const CODE_OF_STATUS: Record<number, GlobalErrorName> = {
  400: "Unprocessable",
  401: "NotAuthenticated",
  403: "Forbidden",
  404: "NotFound",
  405: "Forbidden",
  409: "Conflict",
  411: "Unprocessable",
  413: "Unprocessable",
  422: "Unprocessable",
  424: "FailedDependency",
  429: "TooManyRequests",
  501: "NotImplemented",
  503: "Unavailable",
};

export async function problemResponse(error: unknown, request: Request, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const reference = randomBytes(6).toString("hex");
  const outcome = errorOutcome(error, { reference });
  if (outcome.unexpected) console.error(`[api error ${reference}]`, error);
  const locale = localeOfAcceptLanguage(request.headers.get("accept-language")) ?? "en";
  const t = (await i18nInstanceFor(locale)).getFixedT(locale);
  const code = globalErrorName(error) ?? CODE_OF_STATUS[outcome.status] ?? "GeneralError";
  // Unavailable is 'only logged' in the studio (no message); an API caller still reads a title.
  const problemType = error instanceof AppError ? error.problemType : null;
  const titleKey = problemType
    ? PROBLEM_TYPES[problemType].title
    : (GLOBAL_ERRORS[code].message?.key ?? (code === "Unavailable" ? "errors.unavailableTitle" : "errors.unexpected"));
  const detailKey = (outcome.toast?.messageKey ?? "errors.unexpected") as TranslationKey;
  const detail = outcome.unexpected ? `${t(detailKey)} (${reference})` : t(detailKey, outcome.toast?.params ?? {});
  const body = {
    type: `${getEnv().PUBLIC_URL}/api/docs#problem-${problemType ?? code}`,
    title: t(titleKey, { minutes: 1 }),
    status: outcome.status,
    detail,
    code,
    // Which fields of the request the refusal is about, each with the same translated detail.
    ...(error instanceof AppError && error.fields.length > 0 ? { errors: error.fields.map((field) => ({ field, detail })) } : {}),
  };
  const headers: Record<string, string> = {
    ...extraHeaders,
    ...(error instanceof AppError ? error.headers : {}),
    ...(outcome.status === 503 && !(error instanceof AppError) ? { "Retry-After": String(OUTAGE_RETRY_AFTER_S) } : {}),
    "Content-Type": "application/problem+json",
    "Content-Language": locale,
    "Cache-Control": "no-store",
    Vary: "Authorization, Accept-Language",
  };
  return new Response(JSON.stringify(body), { status: outcome.status, headers });
}
