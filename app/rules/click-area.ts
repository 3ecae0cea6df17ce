/**
 * The geometry of a media element's click area on its page (studio-core.md §4 'Editing an
 * enrichment', §9 'minimum click box 10 px'; issue 11), shared by the canvas in the browser and
 * the server that stores it. A frame is four fractions of the page (0 = left/top, 1 =
 * right/bottom), kept with 4-digit precision; it never leaves the page, never flips and never
 * gets smaller than MIN_FRAME_PX on the canvas that edits it. `scale` is the canvas's pixels per
 * page unit (the page's width in pixels on screen / the page's width in PDF points); the server
 * checks at scale 1, the page at 100 % zoom.
 */

export type Frame = { x1: number; y1: number; x2: number; y2: number };
/** The page's visible size in PDF points (page.width, page.height). */
export type PageSize = { width: number; height: number };

export const FRAME_PRECISION = 4;
export const MIN_FRAME_PX = 10;
/** How far one arrow key press moves or resizes a frame, in canvas pixels (Shift: resize). */
export const FRAME_KEY_STEP_PX = 10;

const FACTOR = 10 ** FRAME_PRECISION;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** A fraction with 4 digits after the point, as stored and sent. */
export const roundFraction = (value: number) => Math.round(clamp(value, 0, 1) * FACTOR) / FACTOR;

/** The smallest width and height of a frame, as fractions of the page at this scale. */
export function minimumSize(page: PageSize, scale = 1): { width: number; height: number } {
  const width = page.width > 0 ? MIN_FRAME_PX / (page.width * scale) : 1;
  const height = page.height > 0 ? MIN_FRAME_PX / (page.height * scale) : 1;
  return { width: Math.min(1, width), height: Math.min(1, height) };
}

const rounded = (frame: Frame): Frame => ({
  x1: roundFraction(frame.x1),
  y1: roundFraction(frame.y1),
  x2: roundFraction(frame.x2),
  y2: roundFraction(frame.y2),
});

/** Whether a stored or submitted frame is one the page can hold: inside, not flipped, not too small (at 100 %). */
export function isValidFrame(frame: Frame, page: PageSize): boolean {
  const values = [frame.x1, frame.y1, frame.x2, frame.y2];
  if (!values.every((value) => Number.isFinite(value) && value >= 0 && value <= 1)) return false;
  const min = minimumSize(page);
  // A hair of tolerance for the 4-digit rounding of both edges.
  const tolerance = 2 / FACTOR;
  return frame.x2 - frame.x1 >= min.width - tolerance && frame.y2 - frame.y1 >= min.height - tolerance;
}

/** A frame drawn from one corner to the other (either direction), at least the minimum size, inside the page. */
export function frameFromDrag(start: { x: number; y: number }, end: { x: number; y: number }, page: PageSize, scale = 1): Frame {
  const min = minimumSize(page, scale);
  let x1 = clamp(Math.min(start.x, end.x), 0, 1);
  let y1 = clamp(Math.min(start.y, end.y), 0, 1);
  let x2 = clamp(Math.max(start.x, end.x), 0, 1);
  let y2 = clamp(Math.max(start.y, end.y), 0, 1);
  if (x2 - x1 < min.width) [x1, x2] = x1 + min.width <= 1 ? [x1, x1 + min.width] : [1 - min.width, 1];
  if (y2 - y1 < min.height) [y1, y2] = y1 + min.height <= 1 ? [y1, y1 + min.height] : [1 - min.height, 1];
  return rounded({ x1, y1, x2, y2 });
}

/** The frame moved by (dx, dy) fractions, its size kept, stopped at the page's edges. */
export function moveFrame(frame: Frame, dx: number, dy: number): Frame {
  const width = frame.x2 - frame.x1;
  const height = frame.y2 - frame.y1;
  const x1 = clamp(frame.x1 + dx, 0, 1 - width);
  const y1 = clamp(frame.y1 + dy, 0, 1 - height);
  return rounded({ x1, y1, x2: x1 + width, y2: y1 + height });
}

/** Which edges a resize handle moves. */
export type Handle = "n" | "s" | "e" | "w" | "ne" | "nw" | "se" | "sw";

/**
 * The frame with the handle's edges moved by (dx, dy) fractions: an edge stops at the page's
 * border and at the minimum size, so the frame never flips.
 */
export function resizeFrame(frame: Frame, handle: Handle, dx: number, dy: number, page: PageSize, scale = 1): Frame {
  const min = minimumSize(page, scale);
  const next = { ...frame };
  if (handle.includes("w")) next.x1 = clamp(frame.x1 + dx, 0, frame.x2 - min.width);
  if (handle.includes("e")) next.x2 = clamp(frame.x2 + dx, frame.x1 + min.width, 1);
  if (handle.includes("n")) next.y1 = clamp(frame.y1 + dy, 0, frame.y2 - min.height);
  if (handle.includes("s")) next.y2 = clamp(frame.y2 + dy, frame.y1 + min.height, 1);
  return rounded(next);
}

/**
 * An arrow key on a focused frame: moves it by FRAME_KEY_STEP_PX canvas pixels, or with Shift
 * grows or shrinks it from its right and bottom edges. Other keys: null.
 */
export function frameAfterKey(frame: Frame, key: string, shift: boolean, page: PageSize, scale = 1): Frame | null {
  const step = { x: FRAME_KEY_STEP_PX / (page.width * scale || 1), y: FRAME_KEY_STEP_PX / (page.height * scale || 1) };
  const delta = {
    ArrowLeft: [-step.x, 0],
    ArrowRight: [step.x, 0],
    ArrowUp: [0, -step.y],
    ArrowDown: [0, step.y],
  }[key] as [number, number] | undefined;
  if (!delta) return null;
  return shift ? resizeFrame(frame, "se", delta[0], delta[1], page, scale) : moveFrame(frame, delta[0], delta[1]);
}

/**
 * The frame's place on the canvas, in per cent of the canvas: right at any size the canvas is
 * shown at, including the first paint before the editor has chosen its zoom (PageCanvas).
 */
export function frameBox(frame: Frame) {
  const percent = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;
  return { left: percent(frame.x1), top: percent(frame.y1), width: percent(frame.x2 - frame.x1), height: percent(frame.y2 - frame.y1) };
}
