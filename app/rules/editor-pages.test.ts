import { expect, test } from "vitest";
import { clampPageNumber, clampZoom, startZoom, ZOOM } from "./editor-pages.ts";

test("zoom is a step of 10 between 10 and 300 (§9)", () => {
  expect([5, 14, 15, 80, 299, 1000].map(clampZoom)).toEqual([10, 10, 20, 80, 300, 300]);
  expect(clampZoom(Number.NaN)).toBe(ZOOM.initial);
});

test("the page number input is clamped to 1..pageCount (§5)", () => {
  expect([0, 1, 7.4, 12, 99].map((value) => clampPageNumber(value, 12))).toEqual([1, 1, 7, 12, 12]);
  expect(clampPageNumber(Number.NaN, 12)).toBe(1);
});

test("a phone starts at the largest zoom that shows the page's whole width; a wider screen at 80", () => {
  // A4 (595 points) on a 361-pixel canvas: 60 % is 357 pixels.
  expect(startZoom(361, 595)).toBe(60);
  expect(startZoom(1200, 595)).toBe(ZOOM.initial);
  expect(startZoom(476, 595)).toBe(ZOOM.initial);
  expect(startZoom(20, 2000)).toBe(ZOOM.min);
  expect(startZoom(0, 595)).toBe(ZOOM.initial);
});
