import type { ReaderManifest } from "../../src/manifest.ts";

/**
 * Sizes shared by the reader's CSS and the static first page of index.html (publisher/src/
 * index-html.ts builds its markup with the same numbers, so the page does not jump at takeover).
 */
export const HEADER_HEIGHT = 48;
export const TOOLBAR_HEIGHT = 56;
export const STAGE_PADDING = 8;
/** On screens at least this wide, an ePaper with a media bar gives it a column of this width. */
export const MEDIA_BAR_MIN_SCREEN = 900;
export const MEDIA_BAR_COLUMN = 256;

/**
 * The media bar gets its own column on wide screens whenever the ePaper has one at all, so pages
 * do not change size from spread to spread (and the static first page leaves the same room).
 */
export function hasMediaBar(manifest: Pick<ReaderManifest, "pages">): boolean {
  return manifest.pages.some((page) => page.enrichments.some((enrichment) => enrichment.mediaBar));
}
