import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listInstalledLanguages, ocrDpi, type OcrLimits, parseTesseractTsv, recognizePage, tesseractLanguages } from "./ocr.ts";

const CORPUS = path.resolve(import.meta.dirname, "../../../shared/corpus");
const LETTER = { widthPt: 612, heightPt: 792 };
const LIMITS: OcrLimits = { dpi: 300, maxPixels: 40_000_000, timeoutMs: 60_000, memoryBytes: 1536 * 1024 * 1024, cpuSeconds: 120 };

/** A TSV row of one word as Tesseract writes it (level 5). */
const word = (block: number, par: number, line: number, n: number, box: [number, number, number, number], conf: number, text: string) =>
  ["5", "1", block, par, line, n, ...box, conf, text].join("\t");
const HEADER = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext";

describe("Tesseract's TSV as a page's words, text and blocks", () => {
  // 300 dpi: 300 px are 72 pt. A heading in 100 px letters, then a paragraph of 40 px lines.
  const tsv = [
    HEADER,
    "1\t1\t0\t0\t0\t0\t0\t0\t2550\t3300\t-1\t",
    word(1, 1, 1, 1, [300, 400, 900, 100], 96, "Stadtrat"),
    word(1, 1, 1, 2, [1250, 400, 700, 100], 94, "tagt"),
    word(2, 1, 1, 1, [300, 700, 600, 40], 90, "Die"),
    word(2, 1, 1, 2, [950, 700, 800, 40], 80, "Sitzungs-"),
    word(2, 1, 2, 1, [300, 760, 500, 40], 70, "periode"),
    word(2, 1, 2, 2, [850, 760, 400, 40], 88, "beginnt."),
    word(2, 1, 2, 3, [1300, 760, 100, 40], -1, " "),
  ].join("\n");
  const page = parseTesseractTsv(tsv, LETTER, 300);

  test("words carry boxes as fractions of the page; empty and unrated entries are left out", () => {
    expect(page.words.map((entry) => entry.text)).toEqual(["Stadtrat", "tagt", "Die", "Sitzungs-", "periode", "beginnt."]);
    const first = page.words[0]?.box;
    expect(first?.x).toBeCloseTo(300 / 2550, 4);
    expect(first?.y).toBeCloseTo(400 / 3300, 4);
    expect(first?.width).toBeCloseTo(900 / 2550, 4);
  });

  test("a paragraph's lines join with its line-end hyphen resolved; larger letters make a heading", () => {
    expect(page.blocks.map((block) => [block.kind, block.text])).toEqual([
      ["heading", "Stadtrat tagt"],
      ["paragraph", "Die Sitzungsperiode beginnt."],
    ]);
    expect(page.text).toBe("Stadtrat tagt\nDie Sitzungs-\nperiode beginnt.");
  });

  test("the confidence is the words' mean", () => {
    expect(page.confidence).toBeCloseTo((96 + 94 + 90 + 80 + 70 + 88) / 6, 1);
  });

  test("no words: no text, no blocks, confidence 0", () => {
    expect(parseTesseractTsv(HEADER, LETTER, 300)).toEqual({ words: [], text: "", blocks: [], confidence: 0 });
  });
});

describe("languages and resolution", () => {
  test("the ePaper's language and English, as far as the node has their data", () => {
    const installed = new Set(["eng", "deu", "osd"]);
    expect(tesseractLanguages("de", installed)).toBe("deu+eng");
    expect(tesseractLanguages("de_AT", installed)).toBe("deu+eng");
    expect(tesseractLanguages("en", installed)).toBe("eng");
    expect(tesseractLanguages("fr", installed)).toBe("eng");
    expect(tesseractLanguages("xx", new Set())).toBe("eng");
  });

  test("300 dpi for a letter page, less for a poster so that its pixels stay within the cap", () => {
    expect(ocrDpi(LETTER, LIMITS)).toBe(300);
    const a0 = ocrDpi({ widthPt: 2384, heightPt: 3370 }, LIMITS);
    expect(a0).toBeLessThan(300);
    expect((2384 / 72) * a0 * (3370 / 72) * a0).toBeLessThanOrEqual(LIMITS.maxPixels);
  });
});

describe("recognising a real scan (poppler and Tesseract)", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "ocr-test-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("a scanner's page (no text layer) reads as its word, where it is printed", async () => {
    const languages = tesseractLanguages("en", await listInstalledLanguages());
    const page = await recognizePage(
      path.join(CORPUS, "pdfjs__scan-bad.pdf"),
      { page: 1, ...LETTER },
      { languages, dir, limits: LIMITS },
      new AbortController().signal,
    );
    expect(page.text).toBe("pdf.js");
    expect(page.confidence).toBeGreaterThan(80);
    expect(page.words[0]?.box.x).toBeCloseTo(0.09, 1);
    expect(page.words[0]?.box.y).toBeCloseTo(0.075, 1);
    expect(page.blocks.map((block) => block.text)).toEqual(["pdf.js"]);
  });

  test("a page past its time limit fails instead of holding the node", async () => {
    await expect(
      recognizePage(
        path.join(CORPUS, "pdfjs__scan-bad.pdf"),
        { page: 1, ...LETTER },
        { languages: "eng", dir, limits: { ...LIMITS, timeoutMs: 1 } },
        new AbortController().signal,
      ),
    ).rejects.toThrow();
  });
});
