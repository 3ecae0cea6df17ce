/**
 * Which pages are shown together. In "double" mode (wide screens) the first page is a front
 * cover shown alone, then pages pair up; when the page count is even the last page is left
 * over and is shown alone as the back cover. In "single" mode every page is its own spread.
 */
export type LayoutMode = "single" | "double";
export type Direction = "ltr" | "rtl";
/** A spread's pages in reading order. */
export type Spread = number[];
/** What lies on each side of the spine, on screen. */
export type Slots = { left: number | null; right: number | null };
export type Side = "left" | "right";

/** Spreads need a landscape screen wide enough for two legible pages. */
export const DOUBLE_MIN_WIDTH = 900;

export function chooseLayoutMode(width: number, height: number): LayoutMode {
  return width >= DOUBLE_MIN_WIDTH && width > height ? "double" : "single";
}

export function buildSpreads(pageCount: number, mode: LayoutMode): Spread[] {
  const spreads: Spread[] = [];
  if (pageCount <= 0) {
    return spreads;
  }
  if (mode === "single") {
    for (let i = 0; i < pageCount; i++) {
      spreads.push([i]);
    }
    return spreads;
  }
  spreads.push([0]);
  for (let i = 1; i < pageCount; i += 2) {
    spreads.push(i + 1 < pageCount ? [i, i + 1] : [i]);
  }
  return spreads;
}

export function spreadIndexOf(spreads: Spread[], pageIndex: number): number {
  const found = spreads.findIndex((spread) => spread.includes(pageIndex));
  return found === -1 ? 0 : found;
}

/**
 * Puts a spread's pages on screen sides. Left-to-right books read left then right; right-to-left
 * books are mirrored. A front cover lies where the first page of a pair would be opened from
 * (right in LTR), a back cover where the last one ends (left in LTR), like a closed book.
 */
export function slotsOf(spread: Spread, mode: LayoutMode, pageCount: number, direction: Direction): Slots {
  const [first = null, second = null] = spread;
  if (mode === "single") {
    return { left: first, right: null };
  }
  let reading: [number | null, number | null];
  if (second !== null) {
    reading = [first, second];
  } else if (first === 0 && pageCount > 1) {
    reading = [null, first];
  } else {
    reading = [first, null];
  }
  return direction === "ltr" ? { left: reading[0], right: reading[1] } : { left: reading[1], right: reading[0] };
}

/** Moving forward turns leaves towards the left in LTR books, towards the right in RTL ones. */
export function turnSide(forward: boolean, direction: Direction): Side {
  return forward === (direction === "ltr") ? "left" : "right";
}

/** Which screen side a forward (next page) action points to: arrow keys and swipes follow it. */
export function nextSide(direction: Direction): Side {
  return direction === "ltr" ? "right" : "left";
}

export type TurnLayers = {
  /** The pages that lie still during the turn. */
  under: Slots;
  /** The leaf starts over this side and swings over the spine to the other one. */
  leafSide: Side;
  leafFront: number | null;
  leafBack: number | null;
};

/**
 * The page-turn: a leaf lifts from one side (showing the old spread's page there) and lands on
 * the other (showing the new spread's page), uncovering the new page beneath it.
 */
export function turnLayers(from: Slots, to: Slots, towards: Side): TurnLayers {
  if (towards === "left") {
    return { under: { left: from.left, right: to.right }, leafSide: "right", leafFront: from.right, leafBack: to.left };
  }
  return { under: { left: to.left, right: from.right }, leafSide: "left", leafFront: from.left, leafBack: to.right };
}

/** The page that names a spread in the address and the page counter: its first in reading order. */
export function anchorOf(spread: Spread): number {
  return Math.min(...spread);
}
