import { expect, test } from "vitest";
import en from "#app/locales/en";
import { translationsUrls, translationsVersion } from "#app/utils/translations.server";
import { loader } from "./translations.ts";

// The browser's texts (issue 29, ADR 0005 addendum): one language per address, the current
// version kept for good, any other answered uncached, an unknown language 404.

const get = (locale: string, version: string) =>
  loader({ params: { locale, version } } as unknown as Parameters<typeof loader>[0]) as Response;

test("a language's address names its content; the current version is immutable, another one is answered uncached", async () => {
  const urls = translationsUrls();
  expect(urls.en).toBe(`/resources/translations/en/${translationsVersion("en")}`);
  expect(urls.de).not.toBe(urls.en.replace("/en/", "/de/"));
  expect(translationsVersion("en")).toMatch(/^[0-9a-f]{16}$/);

  const current = get("en", translationsVersion("en"));
  expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(current.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  expect(await current.json()).toEqual(JSON.parse(JSON.stringify(en)));

  const older = get("en", "0000000000000000");
  expect(older.headers.get("Cache-Control")).toBe("no-cache");
  expect(await older.json()).toEqual(JSON.parse(JSON.stringify(en)));
});

test("an unknown language is 404", () => {
  expect.assertions(1);
  try {
    get("fr", translationsVersion("en"));
  } catch (error) {
    expect((error as Response).status).toBe(404);
  }
});
