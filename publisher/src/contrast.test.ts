import { describe, expect, it } from "vitest";
import { contrastRatio, DARK_CONTROLS, LIGHT_CONTROLS, parseHexColor, readableControls } from "./contrast.ts";

describe("readable reader controls", () => {
  it("computes WCAG contrast: black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([18, 52, 86], [18, 52, 86])).toBe(1);
  });

  it("parses short, long and alpha hex colours and refuses the rest", () => {
    expect(parseHexColor("#fff")).toEqual({ rgb: [255, 255, 255], alpha: 1 });
    expect(parseHexColor("#C0C0C080")?.alpha).toBeCloseTo(128 / 255);
    expect(parseHexColor("red")).toBeNull();
    expect(parseHexColor("#12345")).toBeNull();
  });

  it("keeps the user's choice when it reads", () => {
    expect(readableControls("#ffffff", true)).toMatchObject({ foreground: DARK_CONTROLS, dark: true, switched: false });
    expect(readableControls("#1f2937", false)).toMatchObject({ foreground: LIGHT_CONTROLS, dark: false, switched: false });
  });

  it("switches light controls on a light colour and dark controls on a dark one (the untouched default included)", () => {
    // The bug: the stored default interface colour is white and the controls were white.
    expect(readableControls("#ffffff", false)).toMatchObject({ foreground: DARK_CONTROLS, switched: true });
    expect(readableControls("#ffd700", false)).toMatchObject({ dark: true, switched: true });
    expect(readableControls("#000080", true)).toMatchObject({ dark: false, switched: true });
  });

  it("reaches 4.5:1 for every grey and every hue at full and half alpha, when either variant can", () => {
    for (let value = 0; value <= 255; value += 5) {
      for (const alpha of ["", "80"]) {
        const hex = value.toString(16).padStart(2, "0");
        for (const color of [`#${hex}${hex}${hex}${alpha}`, `#${hex}00ff${alpha}`, `#ff${hex}00${alpha}`]) {
          for (const wantDark of [true, false]) {
            const controls = readableControls(color, wantDark);
            const best = Math.max(readableControls(color, !controls.dark).contrast, controls.contrast);
            expect(controls.contrast, `${color} ${wantDark}`).toBeGreaterThanOrEqual(Math.min(4.5, best));
          }
        }
      }
    }
  });

  it("composites a translucent colour over the backdrop", () => {
    // Half-transparent black over white is a mid grey; over black it is black.
    expect(readableControls("#00000080", false, "#000000")).toMatchObject({ dark: false, switched: false });
    expect(readableControls("#00000010", false, "#ffffff")).toMatchObject({ dark: true, switched: true });
  });

  it("keeps the choice for a colour it cannot read", () => {
    expect(readableControls("rebeccapurple", false)).toMatchObject({ foreground: LIGHT_CONTROLS, switched: false });
  });
});
