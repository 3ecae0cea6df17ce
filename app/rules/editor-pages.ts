/**
 * The editor's page shapes and constants, shared by the server and the browser (studio-core.md
 * §9 'Detail view': pages load in chunks of 50; issue 11).
 */
export const EDITOR_PAGE_CHUNK = 50;

/** A page as the editor lists it: its number, its size in PDF points and the sizes it was rendered at. */
export type EditorPage = {
  id: string;
  number: number;
  /** PDF points of the visible frame (the CropBox). */
  width: number;
  height: number;
  isHidden: boolean;
  /** null while the page is not rendered. */
  thumbnail: { width: number; height: number } | null;
  images: { width: number; height: number }[];
  /** The PDF's own links on the page (fractions of the page; a page number or a web address), for the current page only. */
  links?: PdfLink[];
};

/** A link the PDF itself has on a page, as the render node found it. */
export type PdfLink = { x: number; y: number; w: number; h: number; page?: number; uri?: string };

/** Zoom of the editor's canvas in percent (§9): 10 to 300 in steps of 10; 80 to start, 'fit' sets 100. */
export const ZOOM = { min: 10, max: 300, step: 10, initial: 80, fit: 100 } as const;

/**
 * The zoom to start with where the page at 80 % would be wider than the canvas has room for (a
 * phone): the largest step at which the whole width shows, at least the minimum. Elsewhere 80.
 */
export function startZoom(available: number, pageWidth: number): number {
  if (!(available > 0) || !(pageWidth > 0) || (pageWidth * ZOOM.initial) / 100 <= available) return ZOOM.initial;
  return Math.max(ZOOM.min, Math.floor((available / pageWidth) * (100 / ZOOM.step)) * ZOOM.step);
}

/** A zoom the canvas can show: a whole step between the bounds. */
export function clampZoom(value: number): number {
  if (!Number.isFinite(value)) return ZOOM.initial;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(value / ZOOM.step) * ZOOM.step));
}

/** The page-number input (§5): a whole number between 1 and the page count. */
export function clampPageNumber(value: number, pageCount: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, pageCount), Math.max(1, Math.round(value)));
}

/** Thumbnail widths of the page strip for 1 to 4 columns (§9). */
export const THUMBNAIL_WIDTHS = [220, 119.5, 69.5, 44.5] as const;
export type ThumbnailColumns = 1 | 2 | 3 | 4;

/** At most this many pages to check are named in the editor's note (issue 46); it says when there are more. */
export const PAGES_TO_CHECK_NAMED = 50;
