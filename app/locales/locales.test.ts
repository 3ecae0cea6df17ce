import { expect, test } from "vitest";
import de from "./de.ts";
import en from "./en.ts";

function flatten(value: unknown, prefix = ""): Record<string, unknown> {
  if (typeof value !== "object" || value === null) return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)));
}

test("German and English have exactly the same texts, none empty", () => {
  const [deTexts, enTexts] = [flatten(de), flatten(en)];
  expect(Object.keys(deTexts).sort()).toEqual(Object.keys(enTexts).sort());
  for (const [key, text] of Object.entries({ ...deTexts, ...enTexts })) {
    expect(typeof text === "string" && text.trim().length > 0, `${key} is empty`).toBe(true);
  }
});

test("both languages use the same interpolation variables", () => {
  const [deTexts, enTexts] = [flatten(de), flatten(en)];
  const variables = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
  for (const key of Object.keys(enTexts)) expect(variables(deTexts[key]), key).toEqual(variables(enTexts[key]));
});
