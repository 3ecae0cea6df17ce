import { Encryption } from "@ep/proto/epaper/render/v1/render_pb";
import { describe, expect, test } from "vitest";
import { parsePpm } from "./encode.ts";
import { planRanges, targetWidth } from "./plan.ts";
import { parseDocumentInfo, parseImageList } from "./poppler.ts";
import { parseBboxLayout } from "./text.ts";

describe("parseDocumentInfo", () => {
  test("lists every page as displayed: /Rotate 90 and 270 swap width and height", () => {
    const info = parseDocumentInfo(
      [
        "Title:           Rotations",
        "Encrypted:       yes (print:yes copy:no change:no addNotes:no algorithm:RC4)",
        "Pages:           3",
        "Page    1 size:  612 x 792 pts (letter)",
        "Page    1 rot:   0",
        "Page    2 size:  612 x 792 pts (letter)",
        "Page    2 rot:   270",
        "Page    3 size:  0 x 0 pts",
        "Page    3 rot:   -90",
      ].join("\n"),
    );
    expect(info.pageCount).toBe(3);
    expect(info.title).toBe("Rotations");
    expect(info.encryption).toBe(Encryption.OWNER_ONLY);
    expect(info.pages).toEqual([
      { page: 1, widthPt: 612, heightPt: 792, rotation: 0 },
      { page: 2, widthPt: 792, heightPt: 612, rotation: 270 },
      { page: 3, widthPt: 0, heightPt: 0, rotation: 270 },
    ]);
  });

  test("a document without pages is damaged", () => {
    expect(() => parseDocumentInfo("Pages:           0\n")).toThrow(/no pages/);
  });
});

describe("parseImageList", () => {
  test("the largest declared image of each page, in pixels; pages without images are absent", () => {
    const output = [
      "page   num  type   width height color comp bpc  enc interp  object ID x-ppi y-ppi size ratio",
      "--------------------------------------------------------------------------------------------",
      "   1     0 image   60000 60000  gray    1   8  image  no         4  0  7261  5131 11.4K 0.0%",
      "   3     1 image     100   200  rgb     3   8  jpeg   no         9  0    72    72  2.1K 3.5%",
      "   3     2 smask    2717  3701  gray    1   8  jpx    no        10  0    72    72  655K 2.2%",
    ].join("\n");
    expect(parseImageList(output)).toEqual(
      new Map([
        [1, 3_600_000_000],
        [3, 2717 * 3701],
      ]),
    );
  });
});

describe("parsePpm", () => {
  test("reads width, height and exactly the pixel bytes, comments allowed", () => {
    const pixels = Buffer.from([1, 2, 3, 4, 5, 6]);
    const ppm = Buffer.concat([Buffer.from("P6\n# by poppler\n2 1\n255\n"), pixels]);
    expect(parsePpm(ppm)).toEqual({ width: 2, height: 1, pixels });
  });

  test("refuses a cut-short file (poppler killed while writing)", () => {
    expect(() => parsePpm(Buffer.concat([Buffer.from("P6\n2 2\n255\n"), Buffer.alloc(5)]))).toThrow(/cut short/);
    expect(() => parsePpm(Buffer.from("P5\n1 1\n255\n\0"))).toThrow(/P6/);
  });
});

describe("parseBboxLayout", () => {
  const xhtml = `<doc><page width="612.000000" height="792.000000"><flow><block><line>
<word xMin="61.2" yMin="79.2" xMax="122.4" yMax="99.0">Tom &amp; Jerry</word><word xMin="130" yMin="79.2" xMax="150" yMax="99">&#x263A;</word></line>
<line><word xMin="61.2" yMin="120" xMax="100" yMax="130">two</word></line></block></flow></page>
<page width="612.000000" height="792.000000"></page></doc>`;

  test("gives words with boxes as fractions of the displayed page, and the text by lines", () => {
    const pages = parseBboxLayout(xhtml, 4, () => ({ widthPt: 612, heightPt: 792 }));
    expect([...pages.keys()]).toEqual([4, 5]);
    const page = pages.get(4);
    expect(page?.text).toBe("Tom & Jerry ☺\ntwo");
    expect(page?.words[0]).toEqual({ text: "Tom & Jerry", box: { x: 0.1, y: 0.1, width: 0.1, height: 0.025 } });
    expect(pages.get(5)).toEqual({ words: [], text: "", blocks: [] });
  });

  test("divides by the displayed size, so rotated pages keep their boxes inside the page", () => {
    const pages = parseBboxLayout(xhtml, 1, () => ({ widthPt: 792, heightPt: 612 }));
    expect(pages.get(1)?.words[0]?.box.x).toBeCloseTo(61.2 / 792, 4);
  });
});

describe("planRanges", () => {
  const pages = Array.from({ length: 40 }, (_, index) => ({ page: index + 1, widthPt: 612, heightPt: 792, rotation: 0 }));

  test("keeps small ranges in one process and splits large ones per slot", () => {
    expect(planRanges(pages, { first: 1, last: 6 }, { capacity: 4, width: 1600, maxPixels: 24e6 })).toEqual([
      [{ first: 1, last: 6, width: 1600 }],
    ]);
    expect(planRanges(pages, { first: 1, last: 40 }, { capacity: 2, width: 1600, maxPixels: 24e6 })).toEqual([
      [{ first: 1, last: 20, width: 1600 }],
      [{ first: 21, last: 40, width: 1600 }],
    ]);
  });

  test("renders pages over the pixel cap narrower, in a run of their own", () => {
    const tall = pages.slice(0, 3).map((page) => (page.page === 2 ? { ...page, widthPt: 100, heightPt: 3000 } : page));
    const plan = planRanges(tall, { first: 1, last: 3 }, { capacity: 1, width: 1600, maxPixels: 24e6 });
    expect(plan[0]?.map((run) => [run.first, run.last])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    const narrow = plan[0]?.[1]?.width ?? 0;
    expect(narrow).toBeLessThan(1600);
    expect(narrow * narrow * 30).toBeLessThanOrEqual(24e6);
    expect(targetWidth(undefined, 1600, 24e6)).toBe(1600);
  });
});
