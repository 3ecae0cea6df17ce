import type { PageGeometry } from "./poppler.ts";
import type { RasterRange } from "./rasterize.ts";

/** Below this many pages a range stays in one process: starting poppler costs more than it saves. */
const MIN_PAGES_PER_PROCESS = 8;

/**
 * Splits a requested page range into contiguous parts, one per slot it may use, and each part
 * into runs of pages rendered at the same width. The width is the largest rendition, except
 * for pages so tall that it would exceed the pixel cap: those get the widest width that fits.
 */
export function planRanges(
  pages: PageGeometry[],
  range: { first: number; last: number },
  options: { capacity: number; width: number; maxPixels: number },
): RasterRange[][] {
  const count = range.last - range.first + 1;
  const parts = Math.max(1, Math.min(options.capacity, Math.ceil(count / MIN_PAGES_PER_PROCESS)));
  const result: RasterRange[][] = [];
  let start = range.first;
  for (let index = 0; index < parts; index++) {
    const size = Math.floor(count / parts) + (index < count % parts ? 1 : 0);
    const end = start + size - 1;
    const runs: RasterRange[] = [];
    for (let page = start; page <= end; page++) {
      const width = targetWidth(pages[page - 1], options.width, options.maxPixels);
      const previous = runs.at(-1);
      if (previous && previous.width === width && previous.last === page - 1) previous.last = page;
      else runs.push({ first: page, last: page, width });
    }
    result.push(runs);
    start = end + 1;
  }
  return result;
}

export function targetWidth(page: PageGeometry | undefined, width: number, maxPixels: number) {
  if (!page || !(page.widthPt > 0) || !(page.heightPt > 0)) return width;
  const aspect = page.heightPt / page.widthPt;
  if (width * width * aspect <= maxPixels) return width;
  return Math.max(16, Math.floor(Math.sqrt(maxPixels / aspect)));
}
