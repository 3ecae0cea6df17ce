import { describe, expect, test } from "vitest";
import { studioNodeFlags } from "./studio-node-flags.ts";

describe("studioNodeFlags", () => {
  test("a 64 MB semi-space unless the operator set one on the command line or in NODE_OPTIONS", () => {
    expect(studioNodeFlags([], "")).toEqual(["--max-semi-space-size=64"]);
    expect(studioNodeFlags(["--import", "tsx"], "--enable-source-maps")).toEqual(["--max-semi-space-size=64"]);
    expect(studioNodeFlags(["--max-semi-space-size=32"], "")).toEqual([]);
    expect(studioNodeFlags([], "--max-old-space-size=2048 --max-semi-space-size=8")).toEqual([]);
  });
});
