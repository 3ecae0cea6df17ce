import { useState } from "react";
import type { Enrichment } from "../../../src/manifest.ts";
import { Icon } from "../icons.tsx";
import { useReader } from "../reader-context.ts";
import { Dialog } from "./Dialog.tsx";
import { EnrichmentContent, overlaySize } from "./EnrichmentContent.tsx";
import { useEnrichmentLabel } from "./EnrichmentControl.tsx";

/** Gallery lightbox: one image at a time, arrow keys and buttons to move, Escape to close. */
export function GalleryDialog({ galleryId, title, onClose }: { galleryId: string; title: string | null; onClose: () => void }) {
  const { manifest, texts } = useReader();
  const images = manifest.galleries[galleryId] ?? [];
  const [at, setAt] = useState(0);
  const image = images[at];
  const rtl = manifest.direction === "rtl";
  const move = (step: number) => setAt((current) => (current + step + images.length) % Math.max(1, images.length));
  const counter = texts.imageOf.replace("{n}", String(at + 1)).replace("{total}", String(images.length));
  return (
    <Dialog
      title={title ?? texts.gallery}
      onClose={onClose}
      className="ep-lightbox"
      onKeyDown={(event) => {
        if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
          event.preventDefault();
          move((event.key === "ArrowRight") !== rtl ? 1 : -1);
        }
      }}
    >
      {image ? (
        <figure className="ep-lightbox-figure">
          <img src={image.src} alt={image.alt} width={image.width ?? undefined} height={image.height ?? undefined} />
          <figcaption>
            <span aria-live="polite">{counter}</span>
            {image.alt ? ` – ${image.alt}` : ""}
          </figcaption>
        </figure>
      ) : null}
      {images.length > 1 ? (
        <div className="ep-lightbox-nav">
          <button type="button" className="ep-button" aria-label={texts.previousImage} onClick={() => move(-1)}>
            <Icon name={rtl ? "right" : "left"} />
          </button>
          <button type="button" className="ep-button" aria-label={texts.nextImage} onClick={() => move(1)}>
            <Icon name={rtl ? "left" : "right"} />
          </button>
        </div>
      ) : null}
    </Dialog>
  );
}

/** An enrichment opened as an overlay: external page, video or custom HTML at its own size. */
export function EnrichmentDialog({ enrichment, onClose }: { enrichment: Enrichment; onClose: () => void }) {
  const title = useEnrichmentLabel(enrichment);
  const size = overlaySize(enrichment);
  const style: Record<string, string> = {};
  if (size.width) {
    style["--ep-media-width"] = `${size.width}px`;
  }
  if (size.height) {
    style["--ep-media-height"] = `${size.height}px`;
  }
  return (
    <Dialog title={title} onClose={onClose} className="ep-media-dialog" style={style}>
      <div className="ep-media-frame">
        <EnrichmentContent enrichment={enrichment} autoPlay={true} />
      </div>
    </Dialog>
  );
}
