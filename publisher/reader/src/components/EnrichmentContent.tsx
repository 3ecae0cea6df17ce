import type { Enrichment } from "../../../src/manifest.ts";
import { videoEmbed } from "../media-embed.ts";
import { useReader } from "../reader-context.ts";

/**
 * What a video, external page or custom HTML enrichment shows, in its frame on the page or in an
 * overlay. Custom HTML runs in a sandbox with scripts but without allow-same-origin: it gets an
 * opaque origin and cannot touch the reader, its storage or the page that embeds it.
 */
export function EnrichmentContent({ enrichment, autoPlay }: { enrichment: Enrichment; autoPlay: boolean }) {
  const { texts } = useReader();
  const title = enrichment.title ?? texts.embeddedContent;
  const { action } = enrichment;
  if (action.kind === "customHtml") {
    return <iframe className="ep-embed" title={title} srcDoc={action.html} sandbox="allow-scripts allow-popups" />;
  }
  if (action.kind === "video") {
    const embed = videoEmbed(action.url);
    if (!embed) {
      return null;
    }
    if (embed.kind === "file") {
      return (
        // biome-ignore lint/a11y/useMediaCaption: customers' videos come without caption tracks.
        <video className="ep-embed" controls autoPlay={autoPlay} playsInline preload="metadata" aria-label={title}>
          <source src={embed.src} type={embed.type} />
        </video>
      );
    }
    return (
      <iframe
        className="ep-embed"
        title={title}
        src={autoPlay ? `${embed.src}?autoplay=1` : embed.src}
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
      />
    );
  }
  if (action.kind === "externalLink") {
    return <iframe className="ep-embed" title={title} src={action.url} />;
  }
  return null;
}

/** Overlay size: the enrichment's own width and height where it has them. */
export function overlaySize(enrichment: Enrichment): { width: number | null; height: number | null } {
  const { action } = enrichment;
  if (action.kind === "customHtml" || action.kind === "externalLink" || action.kind === "video") {
    return { width: action.width, height: action.height };
  }
  return { width: null, height: null };
}
