import { expect, test } from "vitest";
import { detectLocale, i18nInstanceFor, localeCookie, localeOfAcceptLanguage } from "./i18next.server.ts";

// The request's language (studio-core.md §1): stored choice, the embedded widget's locale, the
// browser's list by quality, German; one shared i18next instance per language (issue 29).

const request = async (path: string, headers: { cookie?: string; language?: string } = {}) =>
  new Request(`http://studio.test${path}`, {
    headers: {
      ...(headers.cookie ? { Cookie: headers.cookie } : {}),
      ...(headers.language ? { "Accept-Language": headers.language } : {}),
    },
  });

test("the stored language wins, then the embedded widget's, then the browser's list by quality, then German", async () => {
  const english = (await localeCookie.serialize("en")).split(";")[0] as string;
  expect(await detectLocale(await request("/epaper", { cookie: english, language: "de" }))).toBe("en");
  const unsupported = (await localeCookie.serialize("fr")).split(";")[0] as string;
  expect(await detectLocale(await request("/epaper", { cookie: unsupported, language: "en-GB" }))).toBe("en");
  expect(await detectLocale(await request("/upload-embedded?locale=en", { language: "de" }))).toBe("en");
  expect(await detectLocale(await request("/epaper?locale=en", { language: "de" }))).toBe("de");
  expect(await detectLocale(await request("/login", { language: "fr,en;q=0.8" }))).toBe("en");
  expect(await detectLocale(await request("/login"))).toBe("de");
  expect(await detectLocale(await request("/login", { language: "fr, it" }))).toBe("de");
});

test("Accept-Language: the highest quality first, equal qualities in their order, q=0 never, regions ignored", () => {
  expect(localeOfAcceptLanguage("en;q=0.5, de;q=0.9")).toBe("de");
  expect(localeOfAcceptLanguage("en-US,de")).toBe("en");
  expect(localeOfAcceptLanguage("de;q=0, en;q=0.1")).toBe("en");
  expect(localeOfAcceptLanguage("DE-at")).toBe("de");
  expect(localeOfAcceptLanguage("*")).toBeNull();
  expect(localeOfAcceptLanguage("")).toBeNull();
  expect(localeOfAcceptLanguage("en;q=abc, de;q=0.2")).toBe("de");
});

test("each language has one instance, made once and answering in its language", async () => {
  const [de, deAgain, en] = await Promise.all([i18nInstanceFor("de"), i18nInstanceFor("de"), i18nInstanceFor("en")]);
  expect(de).toBe(deAgain);
  expect(de).not.toBe(en);
  expect(de.language).toBe("de");
  expect(en.language).toBe("en");
  expect(de.t("epaper.card.noCover")).not.toBe(en.t("epaper.card.noCover"));
});
