import { blocksOfPage, decodeEntities, type TextBlock } from "./blocks.ts";
import { poppler } from "./poppler.ts";

export type Box = { x: number; y: number; width: number; height: number };
/** A page's words with their boxes, its text in reading order, and its blocks (headings, paragraphs …, issue 47). */
export type PageText = { words: { text: string; box: Box }[]; text: string; blocks: TextBlock[] };

/**
 * Words with their boxes for a page range, from `pdftotext -bbox-layout` (3–13 ms a page).
 * Boxes become fractions of the displayed page so they fit every rendition. Coordinates are in
 * the CropBox frame (clipped to the MediaBox), the frame pdftoppm renders and pdf.js places links in.
 */
export async function extractText(
  file: string,
  range: { first: number; last: number },
  displayed: (page: number) => { widthPt: number; heightPt: number },
  signal: AbortSignal,
): Promise<Map<number, PageText>> {
  const xhtml = String(
    await poppler.pdfToText(
      file,
      undefined,
      { boundingBoxXhtmlLayout: true, cropBox: true, firstPageToConvert: range.first, lastPageToConvert: range.last, quiet: true },
      { signal },
    ),
  );
  return parseBboxLayout(xhtml, range.first, displayed);
}

export function parseBboxLayout(
  xhtml: string,
  firstPage: number,
  displayed: (page: number) => { widthPt: number; heightPt: number },
): Map<number, PageText> {
  const result = new Map<number, PageText>();
  const pages = xhtml.split(/<page\b[^>]*>/).slice(1);
  pages.forEach((body, index) => {
    const page = firstPage + index;
    // pdftotext gives coordinates in the displayed (rotated) page but its unrotated size, so
    // the displayed size from pdfinfo is the right divisor.
    const { widthPt, heightPt } = displayed(page);
    const words: PageText["words"] = [];
    const lines: string[] = [];
    for (const line of body.split(/<\/line>/)) {
      const lineWords: string[] = [];
      for (const match of line.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)) {
        const text = decodeEntities(match[5] ?? "");
        if (!text.trim() || !(widthPt > 0) || !(heightPt > 0)) continue;
        const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = match.slice(1, 5).map(Number);
        words.push({
          text,
          box: {
            x: clamp(x0 / widthPt),
            y: clamp(y0 / heightPt),
            width: clamp((x1 - x0) / widthPt),
            height: clamp((y1 - y0) / heightPt),
          },
        });
        lineWords.push(text);
      }
      if (lineWords.length) lines.push(lineWords.join(" "));
    }
    result.set(page, { words, text: lines.join("\n"), blocks: safeBlocks(body, { widthPt, heightPt }) });
  });
  return result;
}

/** The page's blocks; none when a layout the rules did not foresee throws: its words stay. */
function safeBlocks(body: string, page: { widthPt: number; heightPt: number }) {
  try {
    return blocksOfPage(body, page);
  } catch {
    return [];
  }
}

const utf8 = new TextEncoder();

/** A page's words as the words.json the worker stores: [[text, x, y, width, height], ...] (ADR 0059). */
export function wordsJsonOf(text: PageText | undefined): Uint8Array {
  const rows = (text?.words ?? []).map((word) => [word.text, word.box.x, word.box.y, word.box.width, word.box.height]);
  return utf8.encode(JSON.stringify(rows));
}

function clamp(value: number) {
  return Math.min(1, Math.max(0, Math.round(value * 1e5) / 1e5));
}
