import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parsePpm } from "../../render-node/src/encode.ts";
import { readDocumentInfo } from "../../render-node/src/poppler.ts";
import { rasterizeRange } from "../../render-node/src/rasterize.ts";
import { StructureReader } from "../../render-node/src/structure.ts";
import { type Box, extractText, type PageText } from "../../render-node/src/text.ts";
import { CORPUS, corpusRows } from "#tests/support/corpus";

/**
 * Issue 15 §0b: the page image, the word boxes and the link rectangles share one frame, the
 * CropBox clipped to the MediaBox (what every PDF viewer shows). Checked on every corpus file
 * whose CropBox differs from its MediaBox, against the rendered pixels and against pdf.js's own
 * text positions (an implementation independent of poppler).
 */
const WIDTH = 600;
const PAGES_PER_FILE = 3;
const SCAN_PAGES = 40;

const signal = new AbortController().signal;
let dir: string;
const structure = new StructureReader({ maxIdle: 1 });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "render-frame-"));
});
afterAll(async () => {
  await structure.close();
  await rm(dir, { recursive: true, force: true });
});

/** Pages (within the first SCAN_PAGES) whose CropBox is not their MediaBox, from `pdfinfo -box`. */
function croppedPages(file: string): number[] {
  let output: string;
  try {
    output = execFileSync("pdfinfo", ["-box", "-f", "1", "-l", String(SCAN_PAGES), file], {
      encoding: "utf8",
      timeout: 20_000,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return [];
  }
  const boxes = (name: string) =>
    new Map([...output.matchAll(new RegExp(`^Page\\s+(\\d+) ${name}:\\s+(.+)$`, "gm"))].map((m) => [Number(m[1]), m[2]?.trim()]));
  const media = boxes("MediaBox");
  return [...boxes("CropBox")].filter(([page, crop]) => crop !== media.get(page)).map(([page]) => page);
}

const cases = corpusRows()
  .filter((row) => row.expect === "render" || row.expect === "render-or-refuse:damaged")
  .map((row) => ({ file: row.file, pages: croppedPages(path.join(CORPUS, row.file)) }))
  .filter((row) => row.pages.length > 0);

/** The pixels of a fraction-box that differ clearly from the page's most common grey. */
function inkIn(image: { width: number; height: number; pixels: Buffer }, box: Box, paper: number) {
  const x0 = Math.floor(box.x * image.width);
  const y0 = Math.floor(box.y * image.height);
  const x1 = Math.min(image.width, Math.ceil((box.x + box.width) * image.width));
  const y1 = Math.min(image.height, Math.ceil((box.y + box.height) * image.height));
  let inked = 0;
  let all = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const offset = (y * image.width + x) * 3;
      all++;
      if (Math.abs(luma(image.pixels, offset) - paper) > 64) inked++;
    }
  }
  return all ? inked / all : 0;
}

const luma = (pixels: Buffer, offset: number) =>
  0.299 * (pixels[offset] ?? 0) + 0.587 * (pixels[offset + 1] ?? 0) + 0.114 * (pixels[offset + 2] ?? 0);

function paperOf(image: { pixels: Buffer }) {
  const buckets = new Array(32).fill(0) as number[];
  for (let offset = 0; offset < image.pixels.length; offset += 3 * 7) {
    const bucket = Math.floor(luma(image.pixels, offset) / 8);
    buckets[bucket] = (buckets[bucket] ?? 0) + 1;
  }
  return buckets.indexOf(Math.max(...buckets)) * 8 + 4;
}

/** pdf.js's text runs of a page: their text and where their baseline starts, as fractions of its view. */
async function pdfjsRuns(file: string, pages: number[]) {
  const doc = await getDocument({ data: new Uint8Array(await readFile(file)), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const result = new Map<number, { text: string; x: number; y: number }[]>();
    for (const number of pages) {
      const page = await doc.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const runs = [];
      for (const item of content.items) {
        if (!("str" in item) || !item.str.trim()) continue;
        const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]) as [number, number];
        runs.push({ text: item.str.trim(), x: x / viewport.width, y: y / viewport.height });
      }
      result.set(number, runs);
    }
    return result;
  } finally {
    await doc.destroy();
  }
}

const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
const grow = (box: Box, by: number): Box => ({ x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by });
const inside = (point: { x: number; y: number }, rect: Box) =>
  point.x >= rect.x && point.x <= rect.x + rect.width && point.y >= rect.y && point.y <= rect.y + rect.height;

describe("one frame for pixels, words and links (CropBox ∩ MediaBox)", () => {
  test("the corpus has files whose CropBox is not their MediaBox", () => {
    expect(cases.map((entry) => entry.file)).toContain("pdfjs__freeculture.pdf");
  });

  test.each(cases)(
    "$file",
    async ({ file: name, pages: cropped }) => {
      const file = path.join(CORPUS, name);
      const info = await readDocumentInfo(file, signal, 20_000);
      const displayed = (page: number) => info.pages[page - 1] ?? { widthPt: 0, heightPt: 0 };
      const first = cropped[0] as number;
      const last = cropped.at(-1) as number;
      const texts = await extractText(file, { first, last }, displayed, signal);
      const withWords = cropped.filter((page) => (texts.get(page)?.words.length ?? 0) > 0);
      const chosen = [...withWords, ...cropped.filter((page) => !withWords.includes(page))].slice(0, PAGES_PER_FILE);
      const links = await structure.read(
        { file, cacheKey: "", first, last, includeOutline: false, includeLinks: true },
        { timeoutMs: 60_000, signal },
      );
      const runs = await pdfjsRuns(file, chosen);
      let compared = 0;
      for (const number of chosen) {
        const out = path.join(dir, `${name}-${number}`);
        await mkdir(out, { recursive: true });
        let image: ReturnType<typeof parsePpm> | null = null;
        for await (const result of rasterizeRange(file, { first: number, last: number, width: WIDTH }, out, {
          pageTimeoutMs: 30_000,
          signal,
        })) {
          if (result.ppm) image = parsePpm(await readFile(result.ppm));
        }
        if (!image) throw new Error(`${name} page ${number} did not render`);
        const where = `${name} p${number}`;
        // The image shows the displayed (cropped, rotated) page: its proportions are the CropBox's.
        const { widthPt, heightPt } = displayed(number);
        expect(Math.abs(image.height - (image.width * heightPt) / widthPt), `${where}: image proportions`).toBeLessThanOrEqual(1.5);

        const paper = paperOf(image);
        const words = (texts.get(number) as PageText | undefined)?.words ?? [];
        const sample = words
          .filter((word) => /[\p{L}\p{N}]{4,}/u.test(word.text) && word.box.width > 0.01 && word.box.height > 0.005)
          .sort((a, b) => b.text.length - a.text.length)
          .slice(0, 8);
        // A word's box lands on ink in the image...
        const inked = sample.filter((word) => inkIn(image, word.box, paper) >= 0.03);
        expect(inked.length, `${where}: words on ink ${inked.length}/${sample.length}`).toBeGreaterThanOrEqual(
          Math.ceil(sample.length * 0.8),
        );
        // ...and where pdf.js (not poppler) starts the same text: each pdf.js run's first word has a
        // poppler box of the same text around the run's origin (any corner: rotated text starts elsewhere).
        let agreed = 0;
        let pageCompared = 0;
        const misses: string[] = [];
        for (const run of runs.get(number) ?? []) {
          const token = run.text.split(/\s+/)[0] ?? "";
          if (!/[\p{L}\p{N}]{4,}/u.test(token)) continue;
          const same = words.filter((word) => word.text === token);
          if (same.length === 0) continue;
          pageCompared++;
          const near = same.some((word) => inside(run, grow(word.box, 0.01 + word.box.height)));
          if (near) agreed++;
          else
            misses.push(
              `'${token}' pdf.js ${run.x.toFixed(3)},${run.y.toFixed(3)} poppler ${same.map((word) => `${word.box.x},${word.box.y}`).join(" ")}`,
            );
        }
        compared += pageCompared;
        expect(
          agreed,
          `${where}: pdf.js and poppler agree on ${agreed}/${pageCompared}: ${misses.slice(0, 5).join("; ")}`,
        ).toBeGreaterThanOrEqual(Math.ceil(pageCompared * 0.8));
        // Every link rectangle covers ink or words: none sits in an empty margin.
        for (const link of links.links.find((entry) => entry.page === number)?.links ?? []) {
          const onWords = words.some((word) => inside(centre(word.box), link.rect));
          expect(onWords || inkIn(image, link.rect, paper) > 0.01, `${where}: link ${JSON.stringify(link)}`).toBe(true);
        }
      }
      if (withWords.length > 0) expect(compared, `${name}: words compared with pdf.js`).toBeGreaterThan(0);
    },
    120_000,
  );

  test("pdfjs__freeculture.pdf page 2: 'Buy a copy … click here' and the licence address are inside their own links", async () => {
    const file = path.join(CORPUS, "pdfjs__freeculture.pdf");
    const info = await readDocumentInfo(file, signal, 20_000);
    const texts = await extractText(file, { first: 2, last: 2 }, (page) => info.pages[page - 1] as never, signal);
    const { links } = await structure.read(
      { file, cacheKey: "", first: 2, last: 2, includeOutline: false, includeLinks: true },
      { timeoutMs: 60_000, signal },
    );
    const words = texts.get(2)?.words ?? [];
    const linkOf = (text: string) => {
      const word = words.find((entry) => entry.text.startsWith(text));
      if (!word) throw new Error(`no word ${text}`);
      return links[0]?.links.filter((link) => inside(centre(word.box), link.rect)).map((link) => link.uri);
    };
    expect(linkOf("Buy")).toEqual(["http://www.free-culture.cc/get-it"]);
    expect(linkOf("here")).toEqual(["http://www.free-culture.cc/get-it"]);
    expect(linkOf("<http://creativecommons.org")).toEqual(["http://creativecommons.org/licenses/by-nc/1.0"]);
    expect(linkOf("permits")).toEqual([]);
  });
});
