import i18next from "i18next";
import { expect, test, vi } from "vitest";
import { resources } from "#app/locales/index";
import { serverTranslate } from "./server-translation.ts";

async function instance(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources, fallbackLng: "en", interpolation: { escapeValue: false } });
  return i18n;
}

/** Every key of a language's texts, with its text. */
function textsOf(tree: object, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === "string" ? [[`${prefix}${name}`, value] as [string, string]] : textsOf(value as object, `${prefix}${name}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

test("the server's t gives exactly i18next's text for every key of both languages, with values and counts (issue 29)", async () => {
  for (const lng of ["de", "en"] as const) {
    const i18n = await instance(lng);
    const t = serverTranslate(i18n);
    const i18nextT = i18n.t.bind(i18n) as unknown as typeof t;
    const texts = textsOf(resources[lng].translation);
    // The keys as components ask for them: a plural form by its base key.
    const keys = new Map<string, Set<string>>();
    for (const [key, text] of texts) {
      const base = key.replace(PLURAL, "");
      const names = keys.get(base) ?? new Set<string>();
      for (const match of text.matchAll(/\{\{\s*([\w$]+)\s*\}\}/g)) names.add(match[1] as string);
      keys.set(base, names);
    }
    let compared = 0;
    for (const [key, names] of keys) {
      const values = Object.fromEntries([...names].map((name) => [name, `«${name}»`]));
      const calls: Record<string, unknown>[] = [values];
      if (names.has("count") || texts.some(([other]) => other !== key && other.replace(PLURAL, "") === key))
        for (const count of [0, 1, 2, 5, 21]) calls.push({ ...values, count });
      // A value left out keeps its placeholder.
      if (names.size > 0) calls.push({});
      for (const options of calls) {
        expect(t(key, options), `${lng} ${key} ${JSON.stringify(options)}`).toBe(i18nextT(key, options));
        compared++;
      }
      expect(t(key)).toBe(i18nextT(key));
    }
    expect(compared).toBeGreaterThan(1000);
  }
});

test("a call with values is filled from the kept text, and what the shortcut does not cover goes to i18next", async () => {
  const i18n = await instance("en");
  const original = vi.spyOn(i18n, "t");
  const t = serverTranslate(i18n);
  expect(t("epaper.card.pages", { count: 3 })).toBe("3 pages");
  expect(t("epaper.card.pages", { count: 1 })).toBe("1 page");
  expect(original).toHaveBeenCalledTimes(0);
  // A context, a default value, an object value, a key the texts lack: i18next answers.
  t("epaper.card.pages", { count: 3, context: "male" });
  t("no.such.key", { name: "x" });
  t("epaper.card.cover", { name: { toString: () => "x" } });
  t("epaper.card.cover", { name: "x", defaultValue: "y" });
  expect(original).toHaveBeenCalledTimes(4);
});
