import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { resources } from "#app/locales/index";
import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, type Locale, SUPPORTED_LOCALES } from "./i18n.ts";

/** The stored interface language (set by the language switch); read before the browser's. */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * The language a request is answered in (studio-core.md §1): the stored setting, then the
 * embedded widget's `locale` (it takes the embedding page's language, §2), then the browser's
 * whole Accept-Language list by quality ("fr,en;q=0.8" gives English), then German.
 */
export async function detectLocale(request: Request): Promise<Locale> {
  const stored = await localeCookie.parse(request.headers.get("Cookie"));
  if (isLocale(stored)) return stored;
  const url = new URL(request.url);
  if (url.pathname === "/upload-embedded" || url.pathname === "/upload-embedded/session") {
    const locale = url.searchParams.get("locale");
    if (isLocale(locale)) return locale;
  }
  return localeOfAcceptLanguage(request.headers.get("accept-language")) ?? DEFAULT_LOCALE;
}

/** The supported language the browser prefers most (its primary subtag: "en-GB" is English), or null. */
export function localeOfAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...parameters] = entry.trim().split(";");
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { language: tag.trim().split("-")[0]?.toLowerCase() ?? "", quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale) ?? null;
}

/**
 * One initialised i18next instance per language for the life of the process (issue 29): making
 * and initialising one per request (as remix-i18next's middleware does) cost more server time
 * than translating the page, and each new instance built its plural rules and patterns again.
 * Nothing on the server changes an instance's language or resources after it is made; the
 * browser makes its own (entry.client.tsx).
 */
const instances = new Map<Locale, Promise<I18n>>();

export function i18nInstanceFor(locale: Locale): Promise<I18n> {
  let instance = instances.get(locale);
  if (!instance) {
    const made = i18next.createInstance().use(initReactI18next);
    instance = made
      .init({
        resources,
        lng: locale,
        supportedLngs: [...SUPPORTED_LOCALES],
        fallbackLng: FALLBACK_LOCALE,
        interpolation: { escapeValue: false }, // React escapes
      })
      .then(() => made);
    instances.set(locale, instance);
  }
  return instance;
}

const localeContext = createContext<Locale>(DEFAULT_LOCALE);
const i18nextContext = createContext<I18n | null>(null);

/** Root middleware: the request's language and its i18next instance, for loaders, actions and the render. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = await detectLocale(request);
  context.set(localeContext, locale);
  context.set(i18nextContext, await i18nInstanceFor(locale));
  return next();
};

export const getLocale = (context: Readonly<RouterContextProvider>): Locale => context.get(localeContext);

export function getInstance(context: Readonly<RouterContextProvider>): I18n {
  const instance = context.get(i18nextContext);
  if (!instance) throw new Error("i18next middleware did not run for this request");
  return instance;
}
