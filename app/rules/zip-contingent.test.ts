import { describe, expect, test } from "vitest";
import { zipDecision } from "./zip-contingent.ts";

const now = new Date("2026-11-22T10:00:00Z");
const later = new Date("2026-12-01T10:00:00Z");
const earlier = new Date("2026-11-01T10:00:00Z");

describe("zipDecision (studio-core.md §4 zip publishing)", () => {
  test("a zip within its post-processing time is republished free, whatever the contingent", () => {
    for (const contingent of [-1, 0, 3])
      expect(zipDecision({ contingent, postProcessingUntil: later, now })).toEqual({ kind: "free", until: later });
  });
  test("after the post-processing time, or without a zip, the contingent decides", () => {
    for (const postProcessingUntil of [earlier, null, now]) {
      expect(zipDecision({ contingent: -1, postProcessingUntil, now })).toEqual({ kind: "unlimited" });
      expect(zipDecision({ contingent: 0, postProcessingUntil, now })).toEqual({ kind: "order" });
      expect(zipDecision({ contingent: 2, postProcessingUntil, now })).toEqual({ kind: "confirm", contingent: 2 });
    }
  });
});
