import { createHash } from "node:crypto";
import { href } from "react-router";
import { type Locale, SUPPORTED_LOCALES } from "#app/utils/i18n";
import { resources } from "#app/locales/index";

/*
 * The browser's texts (issue 29, ADR 0005 addendum): each language as a JSON document of its own
 * at an address that names its content, so the browser loads only the page's language, keeps it
 * for good (immutable) and asks again only after a release changed it. The page's <head> preloads
 * it (root.tsx), so it arrives beside the entry script instead of after it.
 */

const versions = new Map<Locale, string>(
  SUPPORTED_LOCALES.map((locale) => [
    locale,
    createHash("sha256").update(JSON.stringify(resources[locale].translation)).digest("hex").slice(0, 16),
  ]),
);

/** The content version of a language's texts (16 hex characters of their sha256). */
export const translationsVersion = (locale: Locale) => versions.get(locale) as string;

/** Where the browser loads a language's texts, per language. */
export const translationsUrls = (): Record<Locale, string> =>
  Object.fromEntries(
    SUPPORTED_LOCALES.map((locale) => [
      locale,
      href("/resources/translations/:locale/:version", { locale, version: translationsVersion(locale) }),
    ]),
  ) as Record<Locale, string>;
