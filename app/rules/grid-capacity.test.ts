import { describe, expect, test } from "vitest";
import { GRID_DEFAULT_SIZE, gridCapacity, gridSizeFromCookie, parseGridSize } from "./grid-capacity.ts";

describe("gridCapacity (220 px cards, 10 px margin)", () => {
  test.each([
    // desktop 1280 × 720 area: 5 columns × 3 rows
    { width: 1280, height: 720, expected: 15 },
    // exactly three columns: no phone factor
    { width: 720, height: 480, expected: 6 },
    // phone 390 × 700: 1 column × 2 rows, eight times as many
    { width: 390, height: 700, expected: 16 },
    // two columns: still a phone
    { width: 500, height: 300, expected: 16 },
    // tiny: at least one cell, times eight
    { width: 100, height: 100, expected: 8 },
  ])("$width × $height → $expected", ({ width, height, expected }) => {
    expect(gridCapacity(width, height)).toBe(expected);
  });

  test("parseGridSize accepts 1–400, else the default", () => {
    expect(parseGridSize("24")).toBe(24);
    for (const bad of [null, "", "0", "-3", "2.5", "401", "abc"]) expect(parseGridSize(bad)).toBe(GRID_DEFAULT_SIZE);
  });

  test("gridSizeFromCookie reads the browser's cookie", () => {
    expect(gridSizeFromCookie("lng=de; ep_grid_size=24; x=1")).toBe("24");
    expect(gridSizeFromCookie("ep_grid_size=8")).toBe("8");
    expect(gridSizeFromCookie("xep_grid_size=8")).toBeNull();
    expect(gridSizeFromCookie(null)).toBeNull();
  });
});
