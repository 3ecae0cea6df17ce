import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { initReactI18next } from "react-i18next";
import { resources } from "#app/locales/index";
import { DEFAULT_LOCALE, FALLBACK_LOCALE, SUPPORTED_LOCALES } from "./i18n.ts";

/** The stored interface language (set by the language switch); read before the browser's. */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * Locale: stored setting, then the browser, then German (studio-core.md §1).
 * remix-i18next's own header detection reads only the first Accept-Language entry, so the
 * whole header goes to its picker through findLocale ("fr,en;q=0.8" gives English).
 */
export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    order: ["cookie", "custom"],
    findLocale: async (request) => {
      // The embedded widget takes its language from the embedding page (studio-core.md §2).
      const url = new URL(request.url);
      if (url.pathname === "/upload-embedded" || url.pathname === "/upload-embedded/session") {
        const locale = url.searchParams.get("locale");
        if (locale && (SUPPORTED_LOCALES as readonly string[]).includes(locale)) return locale;
      }
      return request.headers.get("accept-language");
    },
  },
  i18next: {
    resources,
    supportedLngs: [...SUPPORTED_LOCALES],
    fallbackLng: FALLBACK_LOCALE,
    interpolation: { escapeValue: false }, // React escapes
  },
  plugins: [initReactI18next],
});
