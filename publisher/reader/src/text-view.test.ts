import { describe, expect, it } from "vitest";
import type { Enrichment, PageBlock, Word } from "../../src/manifest.ts";
import { blocksFromWords, markedSegments, readingItems, stepTextSize, TEXT_SIZES, wordsInFrame } from "./text-view.ts";

function link(id: string, x1: number, y1: number, x2: number, y2: number): Enrichment {
  return {
    id,
    source: "studio",
    title: id,
    description: null,
    frame: { x1, y1, x2, y2 },
    frameActive: true,
    frameIconActive: true,
    frameEmbedded: false,
    mediaBar: null,
    icon: "link",
    previewImage: null,
    action: { kind: "internalLink", pageIndex: 0 },
  };
}

/** Two columns: a heading over both, then each column's heading and paragraph. */
const COLUMNS: PageBlock[] = [
  { kind: "header", text: "Running head", box: [0.1, 0.01, 0.8, 0.03] },
  { kind: "heading", level: 1, text: "Title", box: [0.1, 0.08, 0.8, 0.06] },
  { kind: "heading", level: 2, text: "Left", box: [0.1, 0.2, 0.38, 0.04] },
  { kind: "paragraph", text: "Left text", box: [0.1, 0.25, 0.38, 0.5] },
  { kind: "heading", level: 2, text: "Right", box: [0.52, 0.2, 0.38, 0.04] },
  { kind: "paragraph", text: "Right text", box: [0.52, 0.25, 0.38, 0.3] },
  { kind: "pageNumber", text: "3", box: [0.48, 0.96, 0.04, 0.02] },
];

const order = (blocks: PageBlock[], enrichments: Enrichment[]) =>
  readingItems(blocks, enrichments).map((item) => (item.kind === "block" ? item.block.text : `[${item.enrichment.id}]`));

describe("the text view's reading order", () => {
  it("leaves out running heads and page numbers and keeps the blocks' order", () => {
    expect(order(COLUMNS, [])).toEqual(["Title", "Left", "Left text", "Right", "Right text"]);
  });

  it("puts an enrichment after the block it sits on, else after the nearest block above in its column", () => {
    expect(
      order(COLUMNS, [
        link("on left text", 0.2, 0.3, 0.3, 0.35),
        link("below right text", 0.6, 0.6, 0.8, 0.65),
        link("above all", 0.1, 0.0, 0.2, 0.005),
        link("on title", 0.3, 0.09, 0.4, 0.12),
      ]),
    ).toEqual(["[above all]", "Title", "[on title]", "Left", "Left text", "[on left text]", "Right", "Right text", "[below right text]"]);
  });

  it("orders several enrichments in one place from the top, then from the left", () => {
    expect(
      order(COLUMNS, [
        link("lower", 0.2, 0.5, 0.3, 0.55),
        link("upper right", 0.3, 0.3, 0.4, 0.32),
        link("upper left", 0.15, 0.3, 0.2, 0.32),
      ]),
    ).toEqual(["Title", "Left", "Left text", "[upper left]", "[upper right]", "[lower]", "Right", "Right text"]);
  });

  it("puts an enrichment last when blocks have no boxes to place it by", () => {
    expect(
      order(
        [
          { kind: "paragraph", text: "A" },
          { kind: "paragraph", text: "B" },
        ],
        [link("l", 0, 0, 0.1, 0.1)],
      ),
    ).toEqual(["A", "B", "[l]"]);
  });
});

describe("the text view's helpers", () => {
  const words: Word[] = [
    ["Visit", 0.1, 0.1, 0.1, 0.02],
    ["example.com", 0.25, 0.1, 0.2, 0.02],
    ["today", 0.5, 0.1, 0.1, 0.02],
  ];

  it("names a link by the words it lies on", () => {
    expect(wordsInFrame(words, { x1: 0.24, y1: 0.09, x2: 0.46, y2: 0.13 })).toBe("example.com");
    expect(wordsInFrame(words, { x1: 0.7, y1: 0.7, x2: 0.8, y2: 0.8 })).toBe("");
  });

  it("makes a page without blocks one paragraph of its words, and nothing of none", () => {
    expect(blocksFromWords(words)).toEqual([{ kind: "paragraph", text: "Visit example.com today" }]);
    expect(blocksFromWords([])).toEqual([]);
  });

  it("marks every term of the search, ignoring case and accents", () => {
    expect(markedSegments("Das Café am Markt, ein café.", "cafe markt")).toEqual([
      { text: "Das ", marked: false },
      { text: "Café", marked: true },
      { text: " am ", marked: false },
      { text: "Markt", marked: true },
      { text: ", ein ", marked: false },
      { text: "café", marked: true },
      { text: ".", marked: false },
    ]);
    expect(markedSegments("kurz", "k")).toEqual([{ text: "kurz", marked: false }]);
  });

  it("steps the text size up to 300 % and back, stopping at both ends", () => {
    expect(stepTextSize(1, true)).toBe(1.25);
    expect(stepTextSize(2, true)).toBe(2.5);
    expect(stepTextSize(3, true)).toBe(3);
    expect(stepTextSize(1, false)).toBe(1);
    expect(TEXT_SIZES).toContain(2);
  });
});
