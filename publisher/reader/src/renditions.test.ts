import { describe, expect, it } from "vitest";
import { chooseRendition, neededPixels, srcsetOf } from "./renditions.ts";

const images = [
  { src: "w1600.webp", width: 1600, height: 2263 },
  { src: "w800.webp", width: 800, height: 1131 },
];

describe("rendition choice", () => {
  it("takes the narrowest rendition that is wide enough", () => {
    expect(chooseRendition(images, 424)?.src).toBe("w800.webp");
    expect(chooseRendition(images, 800)?.src).toBe("w800.webp");
    expect(chooseRendition(images, 801)?.src).toBe("w1600.webp");
  });
  it("falls back to the widest when none is wide enough, whatever the order", () => {
    expect(chooseRendition(images, 5000)?.src).toBe("w1600.webp");
    expect(chooseRendition([...images].reverse(), 5000)?.src).toBe("w1600.webp");
    expect(chooseRendition([...images].reverse(), 300)?.src).toBe("w800.webp");
    expect(chooseRendition([], 300)).toBeNull();
  });
  it("needs more pixels on dense screens and when zoomed, never fewer than CSS pixels", () => {
    expect(neededPixels(424, 1, 1)).toBe(424);
    expect(neededPixels(424, 1, 2.25)).toBe(954);
    expect(neededPixels(396, 2.625, 1)).toBe(1040);
    expect(neededPixels(400, 0.5, 0.5)).toBe(400);
    expect(chooseRendition(images, neededPixels(424, 1, 2.25))?.src).toBe("w1600.webp");
  });
  it("writes srcset candidates", () => {
    expect(srcsetOf(images)).toBe("w1600.webp 1600w, w800.webp 800w");
  });
});
