/**
 * `npm run bench:text` (issue 47): how well the render node's text blocks (ADR 0064) follow a
 * page's reading order, against references written by hand, and what making them costs beside
 * the `pdftotext -bbox-layout` pass they come from; how well and how fast OCR reads a scan (ADR 0066). Prints a calibration line, one line per
 * reference and corpus file, then machine-readable score and ratio lines.
 *
 * A reference is a page's anchors in the order a person reads them (a few words that open each
 * block). The score is the share of neighbouring anchor pairs found in that order in the blocks'
 * text; an anchor not found at all counts as out of order.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { blocksOfPage } from "../../render-node/src/blocks.ts";
import { listInstalledLanguages, recognizePage, tesseractLanguages } from "../../render-node/src/ocr.ts";
import { scannedCopy } from "#tests/support/scanned-pdf";
import { CORPUS } from "#tests/support/render-farm";

const REFERENCES: { label: string; file: string; page: number; anchors: string[] }[] = [
  {
    label: "two-column paper",
    file: "pdfjs__tracemonkey.pdf",
    page: 1,
    anchors: [
      "Trace-based Just-in-Time",
      "Andreas Gal",
      "Mozilla Corporation",
      "Adobe Corporation",
      "Intel Corporation",
      "University of California, Irvine",
      "Abstract",
      "Dynamic languages such as JavaScript are more difficult",
      "Categories and Subject Descriptors",
      "General Terms",
      "Keywords",
      "1. Introduction",
      "Dynamic languages such as JavaScript, Python",
      "and is used for the application logic",
      "Compilers for statically typed languages",
      "We present a trace-based compilation",
      "Unlike method-based dynamic compilers",
      "Each compiled trace covers one path",
    ],
  },
  {
    label: "magazine page",
    file: "ieormag__magazine.pdf",
    page: 4,
    anchors: [
      "Technical learnings can be acquired",
      "With that thought in the minds",
      "On reaching the plant",
      "The Manager told that John Deere",
      "After completing the visit",
    ],
  },
  {
    label: "slide",
    file: "onetag__magazine.pdf",
    page: 2,
    anchors: [
      "CREATE LASTING IMPACT",
      "PROJECT GOAL",
      "TO REDUCE CVD BURDEN",
      "NATIONWIDE DEPLOYMENT",
      "ACT TECHNOLOGY",
      "TO STRENGTHEN EARLY",
    ],
  },
];

function layout(file: string, first: number, last: number) {
  return execFileSync("pdftotext", ["-bbox-layout", "-f", String(first), "-l", String(last), path.join(CORPUS, file), "-"], {
    maxBuffer: 256 * 1024 * 1024,
    // The damaged files' syntax errors are poppler's to tell, not this bench's.
    stdio: ["ignore", "pipe", "ignore"],
  }).toString();
}

function pagesOf(xhtml: string) {
  return [...xhtml.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map((match) => ({
    widthPt: Number(match[1]),
    heightPt: Number(match[2]),
    body: match[3] ?? "",
  }));
}

const normal = (text: string) => text.replace(/\s+/g, " ").toLowerCase();

/** Share of neighbouring anchors found in reading order in `text`. */
export function orderScore(text: string, anchors: string[]): number {
  const haystack = normal(text);
  const positions = anchors.map((anchor) => haystack.indexOf(normal(anchor)));
  let inOrder = 0;
  for (let index = 1; index < positions.length; index++) {
    const before = positions[index - 1] ?? -1;
    const after = positions[index] ?? -1;
    if (before >= 0 && after > before) inOrder += 1;
  }
  return positions.length > 1 ? inOrder / (positions.length - 1) : 1;
}

/** Words of a text for comparing OCR with the PDF's own: lower case, without the punctuation around them. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);
}

/** Share of the reference's words the OCR read, in order (longest common subsequence over the reference's length). */
export function wordAccuracy(reference: string[], read: string[]): number {
  if (reference.length === 0) return 1;
  let previous = new Uint16Array(read.length + 1);
  for (const word of reference) {
    const current = new Uint16Array(read.length + 1);
    for (let j = 1; j <= read.length; j++)
      current[j] = word === read[j - 1] ? (previous[j - 1] ?? 0) + 1 : Math.max(previous[j] ?? 0, current[j - 1] ?? 0);
    previous = current;
  }
  return (previous[read.length] ?? 0) / reference.length;
}

/**
 * OCR (ADR 0066): the scanned reference is a born-digital page (the two-column paper's first
 * page) printed to a grey 300 dpi JPEG in a PDF without text, as a scanner makes it; its words
 * are the PDF's own. Speed: the node's recognizePage against plain `pdftoppm` + `tesseract` on the
 * same pages, one thread each (Tesseract's OpenMP threads thrash on two cores: shown once).
 */
async function ocrBench() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-ocr-"));
  try {
    const original = path.join(CORPUS, "pdfjs__tracemonkey.pdf");
    const scanned = path.join(dir, "scanned.pdf");
    writeFileSync(scanned, await scannedCopy(original, 1, { widthPt: 612, heightPt: 792 }));
    const limits = { dpi: 300, maxPixels: 40_000_000, timeoutMs: 300_000, memoryBytes: 1536 * 1024 * 1024, cpuSeconds: 600 };
    const languages = tesseractLanguages("en", await listInstalledLanguages());
    const signal = new AbortController().signal;
    const letter = { widthPt: 612, heightPt: 792 };
    const reference = wordsOf(execFileSync("pdftotext", ["-f", "1", "-l", "1", original, "-"]).toString());
    const read = await recognizePage(scanned, { page: 1, ...letter }, { languages, dir, limits }, signal);
    const accuracy = wordAccuracy(reference, wordsOf(read.text));
    console.log(
      `OCR reference scanned two-column page (tracemonkey p1 as a 300 dpi JPEG scan): word accuracy ${accuracy.toFixed(3)} over ${reference.length} words, confidence ${read.confidence}`,
    );
    const real = await recognizePage(path.join(CORPUS, "pdfjs__scan-bad.pdf"), { page: 1, ...letter }, { languages, dir, limits }, signal);
    console.log(`OCR real scan (pdfjs__scan-bad.pdf, a Canon scanner's page): read "${real.text}", confidence ${real.confidence}`);

    // Speed, alternating so that the machine's load falls on both alike.
    const pages = [1, 2, 3];
    let nodeMs = 0;
    let plainMs = 0;
    for (const page of pages) {
      const geometry = { page, ...letter };
      let started = performance.now();
      await recognizePage(original, geometry, { languages, dir, limits }, signal);
      nodeMs += performance.now() - started;
      started = performance.now();
      const prefix = path.join(dir, `plain-${page}`);
      execFileSync("pdftoppm", ["-r", "300", "-gray", "-f", String(page), "-l", String(page), "-singlefile", original, prefix]);
      execFileSync("tesseract", [`${prefix}.pgm`, "stdout", "-l", languages, "--psm", "3", "tsv"], {
        env: { ...process.env, OMP_THREAD_LIMIT: "1" },
        stdio: ["ignore", "pipe", "ignore"],
        maxBuffer: 64 * 1024 * 1024,
      });
      plainMs += performance.now() - started;
    }
    const started = performance.now();
    execFileSync("tesseract", [`${path.join(dir, "plain-1")}.pgm`, "stdout", "-l", languages, "tsv"], {
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
    const threadedMs = performance.now() - started;
    console.log(
      `OCR speed: node ${((pages.length / nodeMs) * 1000).toFixed(2)} pages/s, plain pdftoppm + tesseract ${((pages.length / plainMs) * 1000).toFixed(2)} pages/s (one thread each); plain tesseract with its default threads ${(threadedMs / 1000).toFixed(1)} s for page 1`,
    );
    return { accuracy, ratio: nodeMs / plainMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const manifest = readFileSync(path.join(CORPUS, "MANIFEST.tsv"), "utf8").trim().split("\n").slice(1);
  const files = manifest
    .map((line) => line.split("\t"))
    .filter((fields) => fields[6] === "render")
    .map((fields) => ({ file: fields[0] ?? "", pages: Math.min(5, Number(fields[3]) || 1) }));

  // Calibration: the plain pdftotext pass over the same pages, pages per second.
  let layoutMs = 0;
  let blocksMs = 0;
  let pageCount = 0;
  let withBlocks = 0;
  const kinds = new Map<string, number>();
  for (const entry of files) {
    let xhtml: string;
    const started = performance.now();
    try {
      xhtml = layout(entry.file, 1, entry.pages);
    } catch {
      console.log(`skip ${entry.file}: pdftotext failed`);
      continue;
    }
    layoutMs += performance.now() - started;
    for (const page of pagesOf(xhtml)) {
      const start = performance.now();
      const blocks = blocksOfPage(page.body, page);
      blocksMs += performance.now() - start;
      pageCount += 1;
      if (blocks.length) withBlocks += 1;
      for (const block of blocks) kinds.set(block.kind, (kinds.get(block.kind) ?? 0) + 1);
    }
  }
  console.log(
    `calibration: pdftotext -bbox-layout ${(pageCount / (layoutMs / 1000)).toFixed(1)} pages/s over ${pageCount} pages of ${files.length} corpus files`,
  );
  console.log(`corpus: ${withBlocks}/${pageCount} pages with blocks; ${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(", ")}`);

  const scores: number[] = [];
  for (const reference of REFERENCES) {
    const [page] = pagesOf(layout(reference.file, reference.page, reference.page));
    const blocks = page ? blocksOfPage(page.body, page) : [];
    const text = blocks.map((block) => block.text ?? block.items?.join(" ") ?? "").join("\n");
    const score = orderScore(text, reference.anchors);
    scores.push(score);
    console.log(
      `reference ${reference.label} (${reference.file} p${reference.page}): order ${score.toFixed(3)} over ${reference.anchors.length} anchors`,
    );
  }
  const minimum = Math.min(...scores);
  const ocr = await ocrBench();
  console.log(`score born-digital reading order (min over references) ${minimum.toFixed(3)} (goal >= 0.95)`);
  console.log(`ratio blocks/layout time ${(blocksMs / layoutMs).toFixed(3)} (making blocks beside the pdftotext pass it comes from)`);
  console.log(`score OCR word accuracy (scanned reference, 300 dpi) ${ocr.accuracy.toFixed(3)} (goal >= 0.90)`);
  console.log(`ratio OCR node/plain tesseract time ${ocr.ratio.toFixed(3)} (goal <= 1.10)`);
}

await main();
