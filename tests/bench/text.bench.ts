/**
 * `npm run bench:text` (issue 47): how well the render node's text blocks (ADR 0064) follow a
 * page's reading order, against references written by hand, and what making them costs beside
 * the `pdftotext -bbox-layout` pass they come from. Prints a calibration line, one line per
 * reference and corpus file, then machine-readable score and ratio lines.
 *
 * A reference is a page's anchors in the order a person reads them (a few words that open each
 * block). The score is the share of neighbouring anchor pairs found in that order in the blocks'
 * text; an anchor not found at all counts as out of order.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { blocksOfPage } from "../../render-node/src/blocks.ts";
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

function main() {
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
  console.log("OCR: not built yet (issue 47 item 2): no scanned reference");
  console.log(`score born-digital reading order (min over references) ${minimum.toFixed(3)} (goal >= 0.95)`);
  console.log(`ratio blocks/layout time ${(blocksMs / layoutMs).toFixed(3)} (making blocks beside the pdftotext pass it comes from)`);
}

main();
