/**
 * A page's text as ordered blocks (issue 47 item 1, ADR 0064): headings with a level, paragraphs
 * with their lines joined and line-end hyphens resolved, lists, and the running heads, feet and
 * page numbers marked as such, from the flows, blocks and lines of `pdftotext -bbox-layout`.
 * Poppler's flows already follow the columns; the blocks keep that order.
 */

export type BlockKind = "heading" | "paragraph" | "list" | "header" | "footer" | "pageNumber";

export type TextBlock = {
  kind: BlockKind;
  /** 1–3 for headings: the largest heading size of the page is 1. */
  level?: number;
  /** Headings, paragraphs, heads, feet and page numbers. */
  text?: string;
  /** Lists: one entry per item, its bullet or number left out. */
  items?: string[];
  /** Numbered ("1") or lettered ("a") lists, and where their count starts when not at one. */
  ordered?: "1" | "a";
  start?: number;
  /** The block's median line height in points, for a document-wide heading scale. */
  size: number;
  /** x, y, width, height as fractions of the displayed page. */
  box: [number, number, number, number];
};

/**
 * A line in page points. `vertical`: set along the page's height (a photo credit, a margin's
 * "Anzeige"): its size is its width.
 */
export type Line = { words: string[]; x0: number; y0: number; x1: number; y1: number; size: number; vertical: boolean };
/** A block of lines in reading order, in page points: poppler's, or the OCR's paragraphs (ocr.ts). */
export type RawBlock = { lines: Line[]; x0: number; y0: number; x1: number; y1: number };

/** Running heads and feet live in this share of the page's height at its top and bottom. */
const MARGIN = 0.07;
/** A block this much larger than the page's body text (and short) is a heading. */
const HEADING_RATIO = 1.2;
const HEADING_MAX_CHARS = 200;
const SYMBOL = /^[•●▪■◦‣∙·*–-]$/;
const NUMBERED = /^\(?(\d{1,3})[.)]$/;
const LETTERED = /^\(?([a-z])\)$/;
const PAGE_NUMBER = /^(?:(?:page|seite|s\.|p\.)\s*)?\d{1,4}(?:\s*(?:\/|of|von)\s*\d{1,4})?$/i;

/** The blocks of one page's `<page>` body from pdftotext's XHTML, in reading order. */
export function blocksOfPage(body: string, page: { widthPt: number; heightPt: number }): TextBlock[] {
  return classifyBlocks(rawBlocks(body), page);
}

/** Headings, paragraphs, lists and running heads of a page's raw blocks (any source), in their order. */
export function classifyBlocks(raw: RawBlock[], page: { widthPt: number; heightPt: number }): TextBlock[] {
  if (!(page.widthPt > 0) || !(page.heightPt > 0)) return [];
  const lines = raw.flatMap((block) => block.lines);
  if (lines.length === 0) return [];
  const body_ = bodySize(lines);
  const blocks = mergeHeadingParts(raw.map((block) => classify(block, body_, page.heightPt)));
  // Heading levels: the page's distinct heading sizes, largest first, at most three levels.
  const sizes = [...new Set(blocks.filter((block) => block.kind === "heading").map((block) => Math.round(block.size * 2) / 2))].sort(
    (a, b) => b - a,
  );
  return blocks.map((block) => {
    const box: TextBlock["box"] = [
      fraction(block.x0 / page.widthPt),
      fraction(block.y0 / page.heightPt),
      fraction((block.x1 - block.x0) / page.widthPt),
      fraction((block.y1 - block.y0) / page.heightPt),
    ];
    const { x0: _x0, y0: _y0, x1: _x1, y1: _y1, ...rest } = block;
    if (block.kind !== "heading") return { ...rest, box };
    return { ...rest, level: Math.min(3, sizes.indexOf(Math.round(block.size * 2) / 2) + 1), box };
  });
}

function rawBlocks(body: string): RawBlock[] {
  const blocks: RawBlock[] = [];
  for (const blockMatch of body.matchAll(/<block\b[^>]*>([\s\S]*?)<\/block>/g)) {
    const lines: Line[] = [];
    for (const lineMatch of (blockMatch[1] ?? "").matchAll(/<line\b[^>]*>([\s\S]*?)<\/line>/g)) {
      const words: string[] = [];
      const heights: number[] = [];
      let x0 = Number.POSITIVE_INFINITY;
      let y0 = Number.POSITIVE_INFINITY;
      let x1 = Number.NEGATIVE_INFINITY;
      let y1 = Number.NEGATIVE_INFINITY;
      for (const match of (lineMatch[1] ?? "").matchAll(
        /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
      )) {
        const text = decodeEntities(match[5] ?? "");
        if (!text.trim()) continue;
        const [wx0 = 0, wy0 = 0, wx1 = 0, wy1 = 0] = match.slice(1, 5).map(Number);
        words.push(text);
        heights.push(wy1 - wy0);
        x0 = Math.min(x0, wx0);
        y0 = Math.min(y0, wy0);
        x1 = Math.max(x1, wx1);
        y1 = Math.max(y1, wy1);
      }
      if (!words.length) continue;
      // A word of several letters far taller than wide runs down the page, not across it.
      const vertical = y1 - y0 > 2 * (x1 - x0) && words.join("").length >= 3;
      lines.push({ words, x0, y0, x1, y1, size: vertical ? x1 - x0 : median(heights), vertical });
    }
    if (lines.length === 0) continue;
    blocks.push({
      lines,
      x0: Math.min(...lines.map((line) => line.x0)),
      y0: Math.min(...lines.map((line) => line.y0)),
      x1: Math.max(...lines.map((line) => line.x1)),
      y1: Math.max(...lines.map((line) => line.y1)),
    });
  }
  return blocks;
}

/** The size most of the page's characters are set in (half-point steps). */
function bodySize(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size * 2) / 2;
    weight.set(size, (weight.get(size) ?? 0) + line.words.join(" ").length);
  }
  return [...weight].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}

function classify(block: RawBlock, bodySizePt: number, pageHeight: number) {
  const size = median(block.lines.map((line) => line.size));
  const geometry = { size: Math.round(size * 100) / 100, x0: block.x0, y0: block.y0, x1: block.x1, y1: block.y1 };
  const text = joinLines(block.lines.map((line) => line.words.join(" ")));
  const inTop = block.y1 <= pageHeight * MARGIN;
  const inBottom = block.y0 >= pageHeight * (1 - MARGIN);
  if ((inTop || inBottom) && block.lines.length <= 2) {
    if (PAGE_NUMBER.test(text.trim())) return { kind: "pageNumber" as const, text, ...geometry };
    return { kind: inTop ? ("header" as const) : ("footer" as const), text, ...geometry };
  }
  if (block.lines.some((line) => line.vertical)) return { kind: "paragraph" as const, text, ...geometry };
  const list = listItems(block.lines);
  if (list) return { kind: "list" as const, ...list, ...geometry };
  if (bodySizePt > 0 && size >= bodySizePt * HEADING_RATIO && block.lines.length <= 3 && text.length <= HEADING_MAX_CHARS)
    return { kind: "heading" as const, text, ...geometry };
  return { kind: "paragraph" as const, text, ...geometry };
}

type Classified = ReturnType<typeof classify>;

/** A heading poppler cut in two on one line ("1." and "Introduction") is one heading. */
function mergeHeadingParts(blocks: Classified[]): Classified[] {
  const merged: Classified[] = [];
  for (const block of blocks) {
    const previous = merged.at(-1);
    const sameLine =
      previous?.kind === "heading" &&
      block.kind === "heading" &&
      Math.round(previous.size * 2) === Math.round(block.size * 2) &&
      Math.min(previous.y1, block.y1) - Math.max(previous.y0, block.y0) > 0.5 * (block.y1 - block.y0);
    if (!previous || !sameLine) {
      merged.push(block);
      continue;
    }
    merged[merged.length - 1] = {
      ...previous,
      text: `${previous.text} ${block.text}`,
      x0: Math.min(previous.x0, block.x0),
      y0: Math.min(previous.y0, block.y0),
      x1: Math.max(previous.x1, block.x1),
      y1: Math.max(previous.y1, block.y1),
    };
  }
  return merged;
}

/**
 * A block is a list when its first line and at least one more start with the same marker: one
 * bullet symbol, or numbers (1. 2. 3.) or letters (a) b) c)) counting up. "1. FC Köln" alone, an
 * abbreviation's "z." or a dash in running text make no list.
 */
function listItems(lines: Line[]): Pick<TextBlock, "items" | "ordered" | "start"> | null {
  const markers = lines.map((line) => (line.words.length > 1 ? (line.words[0] ?? "") : ""));
  const first = markers[0] ?? "";
  const ordinal = (marker: string) => {
    const number = NUMBERED.exec(marker)?.[1];
    if (number) return Number(number);
    const letter = LETTERED.exec(marker)?.[1];
    return letter ? letter.charCodeAt(0) - 96 : null;
  };
  const begin = ordinal(first);
  let expected = begin;
  const starts = markers.map((marker, index) => {
    if (SYMBOL.test(first)) return marker === first;
    if (expected === null) return false;
    if (index > 0 && ordinal(marker) !== expected) return false;
    if (NUMBERED.test(first) !== NUMBERED.test(marker)) return false;
    expected += 1;
    return true;
  });
  if (!starts[0] || starts.filter(Boolean).length < 2) return null;
  const items: string[][] = [];
  lines.forEach((line, index) => {
    if (starts[index]) items.push([line.words.slice(1).join(" ")]);
    else items.at(-1)?.push(line.words.join(" "));
  });
  if (SYMBOL.test(first)) return { items: items.map(joinLines) };
  const ordered = NUMBERED.test(first) ? ("1" as const) : ("a" as const);
  return { items: items.map(joinLines), ordered, ...(begin !== null && begin !== 1 ? { start: begin } : {}) };
}

/**
 * Lines joined into running text: a line that ends in a hyphen after a letter, followed by one
 * that starts with a lower-case letter, was a word broken at the line's end ("Zei-" "tung"); a
 * capital after the hyphen keeps it, without a space ("Nord-" "Ostsee" is "Nord-Ostsee"). A soft
 * hyphen always goes.
 */
export function joinLines(lines: string[]): string {
  let text = "";
  for (const line of lines.map((entry) => entry.trim()).filter(Boolean)) {
    if (!text) {
      text = line;
      continue;
    }
    if (text.endsWith("\u00ad")) text = text.slice(0, -1) + line;
    else if (/\p{L}-$/u.test(text) && CONJUNCTION.test(line)) text = `${text} ${line}`;
    else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line)) text = text.slice(0, -1) + line;
    else if (/\p{L}-$/u.test(text) && /^\p{Lu}/u.test(line)) text += line;
    else text = `${text} ${line}`;
  }
  return text;
}

/** After a shortened compound's hyphen ("Ein-" "und Ausgang") the hyphen stays, with its space. */
const CONJUNCTION = /^(?:und|oder|bis|sowie|bzw\.|noch|and|or|to|nor)\b/;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function fraction(value: number) {
  return Math.min(1, Math.max(0, Math.round(value * 1e5) / 1e5));
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeEntities(text: string) {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity] ?? whole;
  });
}

const utf8 = new TextEncoder();

/** A page's blocks as the blocks.json the worker stores beside words.json (ADR 0064). */
export function blocksJsonOf(blocks: TextBlock[] | undefined): Uint8Array {
  return utf8.encode(JSON.stringify({ v: 1, blocks: blocks ?? [] }));
}
