/**
 * On a slow phone line the first page image should have the line to itself: everything that is
 * not needed to show it (a sharper rendition, the next spread, word boxes) waits until the
 * static first page of index.html has loaded. Measured by `npm run bench:reader`: preloading the
 * next spread during the first image's download doubled the time to first paint.
 */
let markPainted: () => void = () => {};

export const firstPagePainted = new Promise<void>((resolve) => {
  markPainted = resolve;
});

/** Watches the static first page; without one (or once it has loaded) the gate opens at once. */
export function watchFirstPage(image: HTMLImageElement | null | undefined): void {
  if (!image || (image.complete && image.naturalWidth > 0)) {
    markPainted();
    return;
  }
  image.addEventListener("load", () => markPainted(), { once: true });
  image.addEventListener("error", () => markPainted(), { once: true });
  // A lost image must not hold the reader back for ever.
  setTimeout(() => markPainted(), 8000);
}

/** The text view opened first: no page image to wait for, its text loads at once. */
export function releaseFirstPaint(): void {
  markPainted();
}
