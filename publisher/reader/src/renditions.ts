/**
 * Choosing the page image to load. The reader asks for a concrete file instead of leaving the
 * choice to srcset because Chrome may settle for the next smaller candidate (it compares with
 * the geometric mean of two densities), which makes text blurry, and because zoom must switch to
 * the larger rendition only when the zoomed size needs it.
 */
export type Rendition = { src: string; width: number; height: number };

/** Device pixels needed to show a page `cssWidth` CSS pixels wide at `zoom`. */
export function neededPixels(cssWidth: number, devicePixelRatio: number, zoom: number): number {
  return Math.ceil(cssWidth * Math.max(devicePixelRatio, 1) * Math.max(zoom, 1));
}

/** The narrowest rendition at least as wide as needed, else the widest there is. */
export function chooseRendition<T extends Rendition>(images: readonly T[], pixels: number): T | null {
  let best: T | null = null;
  for (const image of images) {
    if (image.width >= pixels && (best === null || best.width < pixels || image.width < best.width)) {
      best = image;
    } else if (best === null || (best.width < pixels && image.width > best.width)) {
      best = image;
    }
  }
  return best;
}

/** A srcset string for the renditions (`src 1600w, src 800w`). */
export function srcsetOf(images: readonly Rendition[]): string {
  return images.map((image) => `${image.src} ${image.width}w`).join(", ");
}
