import { expect, test } from "vitest";
import { displayFileName, enterHint, truncateText } from "./truncate.ts";

test("cuts on grapheme clusters: an emoji, a flag or an accented letter is never split", () => {
  const family = "👨‍👩‍👧‍👦"; // 7 code points, one cluster
  expect(truncateText(`${"a".repeat(248)}${family}`, 250)).toBe("a".repeat(248));
  expect(truncateText(`${"a".repeat(243)}${family}`, 250)).toBe(`${"a".repeat(243)}${family}`);
  expect(truncateText(`${"a".repeat(249)}🇩🇪`, 250)).toBe("a".repeat(249));
  expect(truncateText(`${"a".repeat(249)}e\u0301`, 250)).toBe("a".repeat(249));
  expect(truncateText("short", 250)).toBe("short");
});

test("counts code points as the database does, so the cut text always fits its column", () => {
  const text = "😀".repeat(300);
  const cut = truncateText(text, 250);
  expect([...cut].length).toBe(250);
  expect(cut.length).toBe(500);
});

test("a file name is shown with at most 40 characters, its start and extension kept", () => {
  expect(displayFileName("catalogue.pdf")).toBe("catalogue.pdf");
  const long = "Annual report of the cooperative 2026 final version (3).pdf";
  const shown = displayFileName(long);
  expect([...shown].length).toBeLessThanOrEqual(40);
  expect(shown.startsWith("Annual report of the")).toBe(true);
  expect(shown.endsWith(" (3).pdf")).toBe(true);
  expect(shown).toContain("…");
  // Whole grapheme clusters only, and a name without an extension.
  expect([...displayFileName("👩‍👩‍👧".repeat(30))].length).toBeLessThanOrEqual(40);
  expect([...displayFileName("x".repeat(100))].length).toBe(40);
});

test("a 'press Enter' hint is at most 105 characters: the typed value is cut, the sentence stays", () => {
  const sentence = (name: string) => `Press Enter to create gallery “${name}”`;
  expect(enterHint(sentence, "Summer")).toBe("Press Enter to create gallery “Summer”");
  const hint = enterHint(sentence, "a".repeat(250));
  expect([...hint].length).toBeLessThanOrEqual(105);
  expect(hint.startsWith("Press Enter to create gallery “aaa")).toBe(true);
  expect(hint.endsWith("a…”")).toBe(true);
});
