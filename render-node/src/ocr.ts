/**
 * Text of pages that have none in the PDF (scans), recognised with Tesseract (issue 47 item 2,
 * ADR 0066): the page drawn in grey at up to 300 dpi by pdftoppm, read by `tesseract … tsv`
 * under the node's memory and CPU caps and a time limit, and turned into the same words, text and
 * blocks a born-digital page has, plus the words' mean confidence.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { classifyBlocks, type Line, type RawBlock } from "./blocks.ts";
import { poppler } from "./poppler.ts";
import type { PageText } from "./text.ts";

const run = promisify(execFile);

export type OcrPage = PageText & { confidence: number; dpi: number };
export type OcrLimits = { dpi: number; maxPixels: number; timeoutMs: number; memoryBytes: number; cpuSeconds: number };

/** ePaper languages (the studio's codes) and the Tesseract data that reads them. */
const TESSERACT_LANGUAGE: Record<string, string> = {
  ar: "ara",
  bg: "bul",
  cs: "ces",
  da: "dan",
  de: "deu",
  el: "ell",
  en: "eng",
  es: "spa",
  fi: "fin",
  fr: "fra",
  hr: "hrv",
  hu: "hun",
  it: "ita",
  ja: "jpn",
  ko: "kor",
  lv: "lav",
  nl: "nld",
  no: "nor",
  pl: "pol",
  pt: "por",
  ro: "ron",
  ru: "rus",
  sk: "slk",
  sl: "slv",
  sq: "sqi",
  sr: "srp",
  sv: "swe",
  tr: "tur",
  zh_hans: "chi_sim",
};

/**
 * The languages to read a page in: the ePaper's own (when its data is installed) and English,
 * which most documents quote; English alone when the node has nothing better.
 */
export function tesseractLanguages(epaperLanguage: string, installed: ReadonlySet<string>): string {
  const key = epaperLanguage.toLowerCase().replace("-", "_");
  const own = TESSERACT_LANGUAGE[key] ?? TESSERACT_LANGUAGE[key.split("_")[0] ?? ""];
  const chosen = [own, "eng"].filter((code, index, all): code is string => !!code && installed.has(code) && all.indexOf(code) === index);
  return chosen.length > 0 ? chosen.join("+") : "eng";
}

let installedLanguages: Promise<Set<string>> | null = null;

/** The language data this node's Tesseract has (`tesseract --list-langs`), read once. */
export function listInstalledLanguages(): Promise<Set<string>> {
  installedLanguages ??= run("tesseract", ["--list-langs"], { timeout: 10_000 })
    .then(
      ({ stdout }) =>
        new Set(
          stdout
            .split("\n")
            .slice(1)
            .map((line) => line.trim())
            .filter(Boolean),
        ),
    )
    .catch(() => {
      // A failure that may pass (a busy machine): asked again next time, English until then.
      installedLanguages = null;
      return new Set<string>();
    });
  return installedLanguages;
}

/** Resolution for a page: `limits.dpi`, lower when the page would have more pixels than allowed. */
export function ocrDpi(page: { widthPt: number; heightPt: number }, limits: Pick<OcrLimits, "dpi" | "maxPixels">): number {
  const squareInches = (page.widthPt / 72) * (page.heightPt / 72);
  if (!(squareInches > 0)) return limits.dpi;
  return Math.max(50, Math.min(limits.dpi, Math.floor(Math.sqrt(limits.maxPixels / squareInches))));
}

/** Recognises one page; throws when drawing or reading it fails or runs past its limits. */
export async function recognizePage(
  file: string,
  page: { page: number; widthPt: number; heightPt: number },
  options: { languages: string; dir: string; limits: OcrLimits },
  signal: AbortSignal,
): Promise<OcrPage> {
  const { limits } = options;
  const dpi = ocrDpi(page, limits);
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(limits.timeoutMs)]);
  const prefix = path.join(options.dir, `ocr-${page.page}`);
  await poppler.pdfToPpm(
    file,
    prefix,
    {
      firstPageToConvert: page.page,
      lastPageToConvert: page.page,
      resolutionXYAxis: dpi,
      grayscaleFile: true,
      singleFile: true,
      cropBox: true,
    },
    { signal: deadline },
  );
  const { stdout } = await run(
    "prlimit",
    [
      `--as=${limits.memoryBytes}`,
      `--cpu=${limits.cpuSeconds}`,
      "--",
      "tesseract",
      `${prefix}.pgm`,
      "stdout",
      "-l",
      options.languages,
      "--psm",
      "3",
      "tsv",
    ],
    // One thread per page: the node's slots already spread pages over its cores.
    { signal: deadline, env: { ...process.env, OMP_THREAD_LIMIT: "1" }, maxBuffer: 64 * 1024 * 1024 },
  );
  return { ...parseTesseractTsv(stdout, page, dpi), dpi };
}

type TsvWord = { key: string; line: string; text: string; left: number; top: number; width: number; height: number; conf: number };

/**
 * Tesseract's TSV (level, page, block, par, line, word, left, top, width, height, conf, text) as
 * a page's words (boxes as fractions of the page), text (a line per line) and blocks (one per
 * paragraph, classified as born-digital blocks are), and the words' mean confidence (0–100).
 */
export function parseTesseractTsv(tsv: string, page: { widthPt: number; heightPt: number }, dpi: number): Omit<OcrPage, "dpi"> {
  const scale = 72 / dpi;
  const words: TsvWord[] = [];
  for (const row of tsv.split("\n").slice(1)) {
    const cells = row.split("\t");
    if (cells[0] !== "5" || cells.length < 12) continue;
    const text = cells.slice(11).join("\t").trim();
    const conf = Number(cells[10]);
    if (!text || !(conf >= 0)) continue;
    const [left = 0, top = 0, width = 0, height = 0] = cells.slice(6, 10).map(Number);
    words.push({ key: `${cells[2]}.${cells[3]}`, line: `${cells[2]}.${cells[3]}.${cells[4]}`, text, left, top, width, height, conf });
  }
  const fraction = (value: number, whole: number) => Math.min(1, Math.max(0, Math.round(((value * scale) / whole) * 1e5) / 1e5));
  const raw: RawBlock[] = [];
  const lineTexts: string[] = [];
  let block: RawBlock | null = null;
  let line: Line | null = null;
  let blockKey = "";
  let lineKey = "";
  for (const word of words) {
    const [x0, y0, x1, y1] = [word.left * scale, word.top * scale, (word.left + word.width) * scale, (word.top + word.height) * scale];
    if (word.key !== blockKey || !block) {
      block = { lines: [], x0, y0, x1, y1 };
      raw.push(block);
      blockKey = word.key;
      lineKey = "";
    }
    if (word.line !== lineKey || !line) {
      line = { words: [], x0, y0, x1, y1, size: 0, vertical: false };
      block.lines.push(line);
      lineKey = word.line;
    }
    line.words.push(word.text);
    line.x0 = Math.min(line.x0, x0);
    line.y0 = Math.min(line.y0, y0);
    line.x1 = Math.max(line.x1, x1);
    line.y1 = Math.max(line.y1, y1);
    // A line's size is its height (Tesseract boxes ink, ascenders to descenders).
    line.size = line.y1 - line.y0;
    block.x0 = Math.min(block.x0, x0);
    block.y0 = Math.min(block.y0, y0);
    block.x1 = Math.max(block.x1, x1);
    block.y1 = Math.max(block.y1, y1);
  }
  for (const entry of raw) for (const each of entry.lines) lineTexts.push(each.words.join(" "));
  const confidence = words.length ? words.reduce((sum, word) => sum + word.conf, 0) / words.length : 0;
  return {
    words: words.map((word) => ({
      text: word.text,
      box: {
        x: fraction(word.left, page.widthPt),
        y: fraction(word.top, page.heightPt),
        width: fraction(word.width, page.widthPt),
        height: fraction(word.height, page.heightPt),
      },
    })),
    text: lineTexts.join("\n"),
    blocks: classifyBlocks(raw, page),
    confidence: Math.round(confidence * 10) / 10,
  };
}
