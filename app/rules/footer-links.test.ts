import { expect, test } from "vitest";
import { selectFooterLinks } from "./footer-links.ts";

const rows = [
  { languageCode: "de", kind: "imprint", url: "https://example.com/de/impressum" },
  { languageCode: "de", kind: "terms", url: "https://example.com/de/agb" },
  { languageCode: "de", kind: "privacy_policy", url: "https://example.com/de/datenschutz" },
  { languageCode: "de", kind: "helpcenter", url: "https://example.com/de/hilfe" },
  { languageCode: "en", kind: "imprint", url: "https://example.com/en/imprint" },
  { languageCode: "en", kind: "helpcenter", url: "   " },
  { languageCode: "en", kind: "privacy_policy", url: "javascript:alert(1)" },
];

test("all four links in the footer's order when the language has them", () => {
  expect(selectFooterLinks(rows, "de")).toEqual([
    { kind: "terms", url: "https://example.com/de/agb" },
    { kind: "privacy_policy", url: "https://example.com/de/datenschutz" },
    { kind: "imprint", url: "https://example.com/de/impressum" },
    { kind: "helpcenter", url: "https://example.com/de/hilfe" },
  ]);
});

test("only links with a usable URL for the current language; never another language's", () => {
  // en has no terms row, an empty help centre URL and a script URL for the privacy policy.
  expect(selectFooterLinks(rows, "en")).toEqual([{ kind: "imprint", url: "https://example.com/en/imprint" }]);
  expect(selectFooterLinks(rows, "fr")).toEqual([]);
});

test("unknown kinds are ignored", () => {
  expect(selectFooterLinks([{ languageCode: "de", kind: "cookies", url: "https://example.com/c" }], "de")).toEqual([]);
});
