import { describe, expect, it } from "vitest";
import { clampPan, clampZoom, MAX_ZOOM, zoomAround } from "./zoom.ts";

describe("zoom", () => {
  it("stays between 1 and the maximum", () => {
    expect(clampZoom(0.2)).toBe(1);
    expect(clampZoom(99)).toBe(MAX_ZOOM);
  });
  it("keeps the point under the fingers in place", () => {
    const view = zoomAround({ zoom: 1, x: 0, y: 0 }, 2, { x: 100, y: 50 });
    expect(view).toEqual({ zoom: 2, x: -100, y: -50 });
    // The content point that was at the focus (100, 50) is still there: x + zoom * 100 = 100.
    expect(view.x + view.zoom * 100).toBe(100);
  });
  it("keeps zoomed content covering the viewport and centres content that fits", () => {
    const content = { width: 400, height: 600 };
    const viewport = { width: 800, height: 600 };
    expect(clampPan({ zoom: 3, x: 9999, y: -9999 }, content, viewport)).toEqual({ zoom: 3, x: 200, y: -600 });
    expect(clampPan({ zoom: 1, x: 50, y: 50 }, content, viewport)).toEqual({ zoom: 1, x: 0, y: 0 });
  });
});
