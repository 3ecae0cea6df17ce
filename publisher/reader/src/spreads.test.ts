import { describe, expect, it } from "vitest";
import { anchorOf, buildSpreads, chooseLayoutMode, slotsOf, spreadIndexOf, turnLayers, turnSide } from "./spreads.ts";

describe("buildSpreads", () => {
  it("pairs pages after a front cover; an even count leaves the back cover alone", () => {
    expect(buildSpreads(8, "double")).toEqual([[0], [1, 2], [3, 4], [5, 6], [7]]);
  });
  it("ends on a full pair when the count is odd", () => {
    expect(buildSpreads(7, "double")).toEqual([[0], [1, 2], [3, 4], [5, 6]]);
  });
  it("shows every page alone in single mode, and handles tiny documents", () => {
    expect(buildSpreads(3, "single")).toEqual([[0], [1], [2]]);
    expect(buildSpreads(1, "double")).toEqual([[0]]);
    expect(buildSpreads(2, "double")).toEqual([[0], [1]]);
    expect(buildSpreads(0, "double")).toEqual([]);
  });
});

describe("slotsOf", () => {
  it("puts pairs left then right in LTR, mirrored in RTL", () => {
    expect(slotsOf([1, 2], "double", 8, "ltr")).toEqual({ left: 1, right: 2 });
    expect(slotsOf([1, 2], "double", 8, "rtl")).toEqual({ left: 2, right: 1 });
  });
  it("lays the covers where a closed book lies", () => {
    expect(slotsOf([0], "double", 8, "ltr")).toEqual({ left: null, right: 0 });
    expect(slotsOf([7], "double", 8, "ltr")).toEqual({ left: 7, right: null });
    expect(slotsOf([0], "double", 8, "rtl")).toEqual({ left: 0, right: null });
    expect(slotsOf([7], "double", 8, "rtl")).toEqual({ left: null, right: 7 });
  });
  it("uses one slot in single mode", () => {
    expect(slotsOf([3], "single", 8, "rtl")).toEqual({ left: 3, right: null });
  });
});

describe("turning", () => {
  it("turns forward towards the left in LTR and towards the right in RTL", () => {
    expect(turnSide(true, "ltr")).toBe("left");
    expect(turnSide(false, "ltr")).toBe("right");
    expect(turnSide(true, "rtl")).toBe("right");
  });
  it("lifts the old right page and lands the new left page when turning left", () => {
    const layers = turnLayers({ left: 1, right: 2 }, { left: 3, right: 4 }, "left");
    expect(layers).toEqual({ under: { left: 1, right: 4 }, leafSide: "right", leafFront: 2, leafBack: 3 });
  });
  it("mirrors for a turn to the right", () => {
    const layers = turnLayers({ left: 2, right: 1 }, { left: 4, right: 3 }, "right");
    expect(layers).toEqual({ under: { left: 4, right: 1 }, leafSide: "left", leafFront: 2, leafBack: 3 });
  });
  it("turns the front cover over onto the first pair", () => {
    const layers = turnLayers({ left: null, right: 0 }, { left: 1, right: 2 }, "left");
    expect(layers).toEqual({ under: { left: null, right: 2 }, leafSide: "right", leafFront: 0, leafBack: 1 });
  });
});

describe("layout mode and anchors", () => {
  it("uses spreads on wide landscape screens only", () => {
    expect(chooseLayoutMode(1280, 720)).toBe("double");
    expect(chooseLayoutMode(899, 500)).toBe("single");
    expect(chooseLayoutMode(1024, 1366)).toBe("single");
    expect(chooseLayoutMode(412, 839)).toBe("single");
  });
  it("finds the spread of a page and names it by its first page", () => {
    const spreads = buildSpreads(8, "double");
    expect(spreadIndexOf(spreads, 4)).toBe(2);
    expect(spreadIndexOf(spreads, 42)).toBe(0);
    expect(anchorOf([4, 3])).toBe(3);
  });
});
