import { describe, expect, it } from "vitest";
import { formatPageHash, parseReaderHash } from "./deep-link.ts";

const pageOf = (hash: string, count = 8) => parseReaderHash(hash, count)?.pageIndex ?? null;

describe("deep links", () => {
  it("reads 1-based positions into page indices", () => {
    expect(pageOf("#/page/1")).toBe(0);
    expect(pageOf("#/page/12", 20)).toBe(11);
    expect(pageOf("#/page/5/")).toBe(4);
  });
  it("clamps positions past the end to the last page", () => {
    expect(pageOf("#/page/99")).toBe(7);
  });
  it("ignores anything else", () => {
    for (const hash of [
      "",
      "#",
      "#/page/0",
      "#/page/-1",
      "#/page/abc",
      "#page/3",
      "#/page/3x",
      "#/seite/3",
      "#/page/3/txt",
      "#/page/3/text/x",
    ]) {
      expect(pageOf(hash)).toBeNull();
    }
    expect(pageOf("#/page/1", 0)).toBeNull();
  });
  it("names the text view with /text, and writes both back", () => {
    expect(parseReaderHash("#/page/4/text", 8)).toEqual({ pageIndex: 3, text: true });
    expect(parseReaderHash("#/page/4/text/", 8)).toEqual({ pageIndex: 3, text: true });
    expect(parseReaderHash("#/page/4", 8)).toEqual({ pageIndex: 3, text: false });
    expect(formatPageHash(11)).toBe("#/page/12");
    expect(formatPageHash(11, true)).toBe("#/page/12/text");
    expect(parseReaderHash(formatPageHash(3, true), 8)).toEqual({ pageIndex: 3, text: true });
  });
});
