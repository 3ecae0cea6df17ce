import type { TranslationKey } from "#app/locales/translation-key";

/** How a JSON resource route answers a refusal (errorToApiResponse): the full translation key and its interpolation values. */
export type ApiErrorBody = { error: { messageKey: TranslationKey; params: Record<string, string | number> } };

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as { messageKey?: unknown }).messageKey === "string";
}
