import { describe, expect, it } from "vitest";
import { formatPageHash, parsePageHash } from "./deep-link.ts";

describe("deep links", () => {
  it("reads 1-based positions into page indices", () => {
    expect(parsePageHash("#/page/1", 8)).toBe(0);
    expect(parsePageHash("#/page/12", 20)).toBe(11);
    expect(parsePageHash("#/page/5/", 8)).toBe(4);
  });
  it("clamps positions past the end to the last page", () => {
    expect(parsePageHash("#/page/99", 8)).toBe(7);
  });
  it("ignores anything else", () => {
    for (const hash of ["", "#", "#/page/0", "#/page/-1", "#/page/abc", "#page/3", "#/page/3x", "#/seite/3"]) {
      expect(parsePageHash(hash, 8)).toBeNull();
    }
    expect(parsePageHash("#/page/1", 0)).toBeNull();
  });
  it("writes the position back", () => {
    expect(formatPageHash(11)).toBe("#/page/12");
    expect(parsePageHash(formatPageHash(3), 8)).toBe(3);
  });
});
