import { describe, expect, test } from "vitest";
import {
  type Frame,
  frameAfterKey,
  frameFromDrag,
  frameBox,
  isValidFrame,
  minimumSize,
  moveFrame,
  resizeFrame,
  roundFraction,
} from "./click-area.ts";

// A4 in points; at scale 1 ten pixels are 10/595 of the width and 10/842 of the height.
const A4 = { width: 595, height: 842 };
const frame: Frame = { x1: 0.2, y1: 0.3, x2: 0.4, y2: 0.5 };

test("fractions keep four digits and stay between 0 and 1", () => {
  expect(roundFraction(0.123456)).toBe(0.1235);
  expect(roundFraction(-0.2)).toBe(0);
  expect(roundFraction(1.7)).toBe(1);
});

test("the minimum size is 10 px at the canvas's scale", () => {
  expect(minimumSize(A4)).toEqual({ width: 10 / 595, height: 10 / 842 });
  // At 200 % zoom ten pixels are half as much of the page.
  expect(minimumSize(A4, 2).width).toBeCloseTo(5 / 595, 10);
});

describe("frameFromDrag", () => {
  test("takes the two corners in either direction", () => {
    expect(frameFromDrag({ x: 0.4, y: 0.5 }, { x: 0.2, y: 0.3 }, A4)).toEqual(frame);
  });

  test("a click without a drag gets the minimum size, inside the page even at its edge", () => {
    const tiny = frameFromDrag({ x: 0.5, y: 0.5 }, { x: 0.5, y: 0.5 }, A4);
    expect(tiny.x2 - tiny.x1).toBeCloseTo(10 / 595, 3);
    const corner = frameFromDrag({ x: 1, y: 1 }, { x: 1.2, y: 1.3 }, A4);
    expect(corner.x2).toBe(1);
    expect(corner.y2).toBe(1);
    expect(isValidFrame(corner, A4)).toBe(true);
  });
});

describe("moveFrame", () => {
  test("keeps the size and stops at the page's edges", () => {
    expect(moveFrame(frame, 0.1, -0.1)).toEqual({ x1: 0.3, y1: 0.2, x2: 0.5, y2: 0.4 });
    expect(moveFrame(frame, -1, 2)).toEqual({ x1: 0, y1: 0.8, x2: 0.2, y2: 1 });
  });
});

describe("resizeFrame", () => {
  test("moves only the handle's edges", () => {
    expect(resizeFrame(frame, "se", 0.1, 0.1, A4)).toEqual({ x1: 0.2, y1: 0.3, x2: 0.5, y2: 0.6 });
    expect(resizeFrame(frame, "w", -0.05, 0.3, A4)).toEqual({ x1: 0.15, y1: 0.3, x2: 0.4, y2: 0.5 });
  });

  test("never flips and never gets below the minimum; stops at the page", () => {
    const squeezed = resizeFrame(frame, "e", -1, 0, A4);
    expect(squeezed.x2).toBeGreaterThan(squeezed.x1);
    expect(squeezed.x2 - squeezed.x1).toBeCloseTo(10 / 595, 3);
    expect(resizeFrame(frame, "nw", -5, -5, A4)).toMatchObject({ x1: 0, y1: 0 });
  });
});

test("arrow keys move by 10 px; with Shift they resize", () => {
  const moved = frameAfterKey(frame, "ArrowRight", false, A4) as Frame;
  expect(moved.x1).toBeCloseTo(0.2 + 10 / 595, 4);
  expect(moved.x2 - moved.x1).toBeCloseTo(0.2, 4);
  const grown = frameAfterKey(frame, "ArrowDown", true, A4);
  expect(grown).toMatchObject({ x1: 0.2, y1: 0.3, x2: 0.4 });
  expect(grown?.y2).toBeCloseTo(0.5 + 10 / 842, 4);
  expect(frameAfterKey(frame, "Enter", false, A4)).toBeNull();
});

test("isValidFrame refuses frames outside the page, flipped or too small", () => {
  expect(isValidFrame(frame, A4)).toBe(true);
  expect(isValidFrame({ ...frame, x2: 1.2 }, A4)).toBe(false);
  expect(isValidFrame({ ...frame, x1: 0.4, x2: 0.2 }, A4)).toBe(false);
  expect(isValidFrame({ ...frame, x2: frame.x1 + 0.001 }, A4)).toBe(false);
  expect(isValidFrame({ ...frame, y1: Number.NaN }, A4)).toBe(false);
});

test("frameBox places the frame on the canvas in per cent of it", () => {
  expect(frameBox(frame)).toEqual({ left: "20.0000%", top: "30.0000%", width: "20.0000%", height: "20.0000%" });
});
