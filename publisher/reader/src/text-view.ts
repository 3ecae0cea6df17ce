/**
 * The text view's rules (issue 47 item 3): the reader's display settings, the order in which a
 * page's blocks and its enrichments are read, a link's name from the words it lies on, and the
 * search term's marks in running text. Pure functions: the components only draw what these say.
 */
import type { Enrichment, Frame, PageBlock, Word } from "../../src/manifest.ts";
import { foldText, MIN_QUERY_LENGTH } from "./search.ts";

/** Text sizes the reader steps through: up to 300 % (WCAG 1.4.4 asks for 200 %). */
export const TEXT_SIZES = [1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
export const LINE_SPACINGS = { normal: 1.5, wide: 1.9, wider: 2.3 } as const;

export type TextTheme = "light" | "dark" | "contrast";
export type TextSpacing = keyof typeof LINE_SPACINGS;
export type TextFont = "serif" | "sans";
export type TextSettings = { size: number; spacing: TextSpacing; theme: TextTheme; font: TextFont };

/** Kept in memory for the visit only: no storage that would need the reader's consent (ADR 0065). */
export const DEFAULT_TEXT_SETTINGS: TextSettings = { size: 1, spacing: "normal", theme: "light", font: "serif" };

/** The next size up or down, or the same at either end. */
export function stepTextSize(size: number, larger: boolean): number {
  const sizes: readonly number[] = TEXT_SIZES;
  const at = sizes.indexOf(size);
  const index = at === -1 ? 0 : at + (larger ? 1 : -1);
  return sizes[Math.max(0, Math.min(sizes.length - 1, index))] ?? size;
}

const RUNNING = new Set<PageBlock["kind"]>(["header", "footer", "pageNumber"]);

/** What a text view shows of a page, in reading order. */
export type TextItem = { kind: "block"; block: PageBlock } | { kind: "enrichment"; enrichment: Enrichment };

const centre = (frame: Frame) => ({ x: (frame.x1 + frame.x2) / 2, y: (frame.y1 + frame.y2) / 2 });

/**
 * The page's blocks without its running heads, feet and page numbers, with each enrichment after
 * the block it sits on; an enrichment on no block follows the nearest block above it in its
 * column (any column when none), or comes first when it is above all text.
 */
export function readingItems(blocks: readonly PageBlock[], enrichments: readonly Enrichment[]): TextItem[] {
  const body = blocks.filter((block) => !RUNNING.has(block.kind));
  const after = new Map<number, Enrichment[]>();
  for (const enrichment of enrichments) {
    const slot = slotOf(body, enrichment.frame);
    after.set(slot, [...(after.get(slot) ?? []), enrichment]);
  }
  const order = (list: Enrichment[]) => [...list].sort((a, b) => a.frame.y1 - b.frame.y1 || a.frame.x1 - b.frame.x1);
  const items: TextItem[] = order(after.get(-1) ?? []).map((enrichment) => ({ kind: "enrichment", enrichment }));
  body.forEach((block, index) => {
    items.push({ kind: "block", block });
    for (const enrichment of order(after.get(index) ?? [])) items.push({ kind: "enrichment", enrichment });
  });
  return items;
}

/** The index of the block an enrichment follows, or -1 for "before every block". */
function slotOf(body: readonly PageBlock[], frame: Frame): number {
  const point = centre(frame);
  const boxed = body.map((block, index) => ({ index, box: block.box })).filter((entry) => entry.box !== undefined) as {
    index: number;
    box: [number, number, number, number];
  }[];
  if (boxed.length < body.length) return body.length - 1;
  const inside = boxed.find(({ box: [x, y, w, h] }) => point.x >= x && point.x <= x + w && point.y >= y && point.y <= y + h);
  if (inside) return inside.index;
  const above = boxed.filter(({ box: [, y, , h] }) => y + h <= point.y);
  const sameColumn = above.filter(({ box: [x, , w] }) => x < frame.x2 && x + w > frame.x1);
  const nearest = (list: typeof boxed) =>
    list.reduce<(typeof boxed)[number] | null>(
      (best, entry) => (!best || entry.box[1] + entry.box[3] > best.box[1] + best.box[3] ? entry : best),
      null,
    );
  return (nearest(sameColumn) ?? nearest(above))?.index ?? -1;
}

/** A page without blocks (rendered before them): its words as one paragraph, or nothing. */
export function blocksFromWords(words: readonly Word[]): PageBlock[] {
  const text = words
    .map((word) => word[0])
    .join(" ")
    .trim();
  return text ? [{ kind: "paragraph", text }] : [];
}

/** The words an area lies on (their centres inside it), as a link's visible name. */
export function wordsInFrame(words: readonly Word[], frame: Frame): string {
  return words
    .filter(([, x, y, width, height]) => {
      const cx = x + width / 2;
      const cy = y + height / 2;
      return cx >= frame.x1 && cx <= frame.x2 && cy >= frame.y1 && cy <= frame.y2;
    })
    .map((word) => word[0])
    .join(" ")
    .trim();
}

/** Running text cut into the parts the search term's words match (marked) and the rest. */
export function markedSegments(text: string, query: string): { text: string; marked: boolean }[] {
  const terms = foldText(query.trim())
    .split(/\s+/)
    .filter((term) => term.length >= MIN_QUERY_LENGTH);
  if (terms.length === 0 || !text) return [{ text, marked: false }];
  const folded = foldText(text);
  const marked = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
      marked.fill(true, at, at + term.length);
    }
  }
  const segments: { text: string; marked: boolean }[] = [];
  for (let start = 0; start < text.length; ) {
    let end = start + 1;
    while (end < text.length && marked[end] === marked[start]) end += 1;
    segments.push({ text: text.slice(start, end), marked: marked[start] ?? false });
    start = end;
  }
  return segments;
}
