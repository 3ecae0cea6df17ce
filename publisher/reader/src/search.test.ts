import { describe, expect, it } from "vitest";
import type { Word } from "../../src/manifest.ts";
import { foldText, matchingWords, searchPages } from "./search.ts";

describe("searchPages", () => {
  const pages = ["Page 1\nAlpha Beta", "Zebra crossing ahead. A zebra again.", "Café au lait"];

  it("finds every occurrence, ignoring case, with a snippet around it", () => {
    const hits = searchPages(pages, "zebra");
    expect(hits).toHaveLength(2);
    expect(hits[0]).toEqual({ pageIndex: 1, before: "", match: "Zebra", after: " crossing ahead. A zebra again." });
    expect(hits[1]?.match).toBe("zebra");
  });
  it("ignores diacritics both ways and keeps the original text in the snippet", () => {
    expect(searchPages(pages, "cafe")[0]?.match).toBe("Café");
    expect(searchPages(["Cafe"], "café")[0]?.match).toBe("Cafe");
  });
  it("treats line breaks and runs of spaces as one space", () => {
    expect(searchPages(pages, "1   alpha")[0]).toMatchObject({ pageIndex: 0, match: "1 Alpha" });
  });
  it("shortens long context with ellipses", () => {
    const long = `${"x".repeat(100)} needle ${"y".repeat(100)}`;
    const [hit] = searchPages([long], "needle");
    expect(hit?.before.startsWith("…")).toBe(true);
    expect(hit?.after.endsWith("…")).toBe(true);
  });
  it("needs two characters and stops at the limit", () => {
    expect(searchPages(pages, "a")).toEqual([]);
    expect(searchPages(["aa aa aa aa"], "aa", 3)).toHaveLength(3);
  });
});

describe("matchingWords", () => {
  const words: Word[] = [
    ["Zebra", 0, 0, 0.1, 0.1],
    ["crossing,", 0.2, 0, 0.1, 0.1],
    ["Ahead", 0.4, 0, 0.1, 0.1],
  ];
  it("marks the words containing any term of the query", () => {
    expect(matchingWords(words, "zebra")).toEqual([0]);
    expect(matchingWords(words, "crossing ahead")).toEqual([1, 2]);
    expect(matchingWords(words, "x")).toEqual([]);
  });
  it("folds like the search", () => {
    expect(foldText("ÄÖÜ straße")).toBe("aou straße");
    expect(foldText("Ǆ").length).toBe(1);
  });
});
