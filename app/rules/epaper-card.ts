/** What one ePaper card of the workspace grid shows (cover, name, status, process overlay, flags): loaded by models/epaper-grid.server.ts, shown by components/epaper-card.tsx. */
export type EpaperCard = {
  id: string;
  name: string;
  createdAt: string;
  isDemo: boolean;
  isLocked: boolean;
  isRendered: boolean;
  pageCount: number;
  hasCover: boolean;
  process: {
    running: boolean;
    type: string | null;
    cancelled: boolean;
    /** Message key under render.errors of a failed render (or another process's failure key). */
    error: string | null;
    pageCount: number;
    pageCountReady: number;
    downloadDone: boolean;
    splitDone: boolean;
  };
  /** Publications nobody has looked at yet (reviewedAt null): a dot on the card. */
  unreviewedPublications: number;
  /** The last publishing of this ePaper failed (the ePaper itself is unharmed). */
  publishingFailed: boolean;
  /** hash: the key of the preview's address on the content origin. */
  preview: { publishedAt: string; outdated: boolean; hash: string } | null;
  zip: { publishedAt: string; sizeInByte: number; postProcessingUntil: string | null; outdated: boolean } | null;
  /** The preview link (hash: its address on the studio's sharing page); expiredAt: when it stops working. */
  previewLink: { publishedAt: string; outdated: boolean; hash: string; expiredAt: string | null } | null;
  /** A try-it ePaper's storage time: shown instead of the preview link's expiry (studio-core.md §4). */
  removeAt: string | null;
  /** The reader shows a table of contents: switched on and at least one entry shown (issue 46). */
  tocShown: boolean;
  /** Pages the render drew degraded or stood in for with a blank page (issue 46): the editor names them. */
  pagesToCheck: number;
  /** Pages whose text OCR is still reading (issue 47): the card says so. */
  ocrPending: number;
};
