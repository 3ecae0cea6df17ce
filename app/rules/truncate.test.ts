import { expect, test } from "vitest";
import { truncateText } from "./truncate.ts";

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
