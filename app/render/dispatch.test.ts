import { describe, expect, test } from "vitest";
import { pickNode, type RenderNode } from "./node-registry.server.ts";
import { takeChunk } from "./dispatch-pages.server.ts";

const node = (id: string, capacity: number, inFlight: number, draining = false): RenderNode => ({
  id,
  url: `http://${id}`,
  capacity,
  inFlight,
  version: "test",
  adminUrl: "",
  draining,
});

describe("pickNode", () => {
  test("takes the least-loaded node relative to its capacity", () => {
    const nodes = [node("a", 2, 2), node("b", 4, 2), node("c", 1, 1)];
    expect(pickNode(nodes, new Map())?.id).toBe("b");
  });

  test("counts work this worker just sent before the registry knows it", () => {
    const nodes = [node("a", 2, 0), node("b", 2, 0)];
    expect(pickNode(nodes, new Map([["a", 2]]))?.id).toBe("b");
  });

  test("never picks a draining node or one to avoid; none left means null", () => {
    const nodes = [node("a", 8, 0, true), node("b", 1, 5)];
    expect(pickNode(nodes, new Map())?.id).toBe("b");
    expect(pickNode(nodes, new Map(), new Set(["b"]))).toBeNull();
    expect(pickNode([], new Map())).toBeNull();
  });
});

describe("takeChunk", () => {
  test("the first chunk is one page, for a fast first page", () => {
    expect(takeChunk([1, 2, 3, 4], 4, true)).toEqual([1]);
  });

  test("chunks shrink as the document nears its end, and stay contiguous", () => {
    const pending = Array.from({ length: 200 }, (_, index) => index + 2);
    expect(takeChunk(pending, 2, false)).toHaveLength(50);
    expect(takeChunk(pending.slice(190), 2, false)).toHaveLength(3);
    expect(takeChunk([5, 6, 9, 10], 1, false)).toEqual([5, 6]);
  });

  test("never more than 64 pages in one chunk", () => {
    expect(
      takeChunk(
        Array.from({ length: 1000 }, (_, index) => index + 1),
        1,
        false,
      ),
    ).toHaveLength(64);
  });
});
