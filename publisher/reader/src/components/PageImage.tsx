import { useEffect, useState } from "react";
import type { ManifestPage } from "../../../src/manifest.ts";
import { firstPagePainted } from "../first-paint.ts";
import { chooseRendition } from "../renditions.ts";

type PageImageProps = {
  page: ManifestPage;
  /** Device pixels the page covers on screen now (width × devicePixelRatio × zoom). */
  pixels: number;
  alt: string;
  /** An image of this page already on screen (the static first page): shown until a sharper one is ready. */
  initialSrc?: string;
  onLoad?: () => void;
};

/**
 * A page image that only ever gets sharper without flashing: a better rendition is downloaded
 * and decoded in the background and swapped in when ready; the current one stays until then.
 */
export function PageImage({ page, pixels, alt, initialSrc, onLoad }: PageImageProps) {
  const wanted = chooseRendition(page.images, pixels) ?? page.images[0];
  const wantedSrc = wanted?.src ?? "";
  const known = page.images.find((image) => image.src === initialSrc);
  const [shown, setShown] = useState(known ? known.src : wantedSrc);
  const shownWidth = page.images.find((image) => image.src === shown)?.width ?? 0;

  useEffect(() => {
    // Never trade a sharper image already shown for a smaller one (zooming out keeps it).
    if (!wanted || wanted.src === shown || wanted.width <= shownWidth) {
      return;
    }
    let cancelled = false;
    firstPagePainted.then(() => {
      if (cancelled) {
        return;
      }
      const next = new Image();
      next.src = wanted.src;
      next
        .decode()
        .catch(() => undefined)
        .then(() => {
          if (!cancelled) {
            setShown(wanted.src);
          }
        });
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, shown, shownWidth]);

  return (
    <img
      className="ep-page-image"
      src={shown}
      width={page.images[0]?.width}
      height={page.images[0]?.height}
      alt={alt}
      draggable={false}
      decoding="async"
      onLoad={onLoad}
      onError={onLoad}
    />
  );
}
