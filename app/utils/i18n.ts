/** Shared by server and browser: the interface languages and how missing texts fall back. */
export const SUPPORTED_LOCALES = ["de", "en"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** Used when neither a stored choice nor the browser names a supported language. */
export const DEFAULT_LOCALE: Locale = "de";

/** A text missing in the chosen language is shown in English. */
export const FALLBACK_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}
