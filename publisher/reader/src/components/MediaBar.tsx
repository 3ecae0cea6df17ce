import type { Enrichment } from "../../../src/manifest.ts";
import { EnrichmentIcon } from "../icons.tsx";
import { useReader } from "../reader-context.ts";
import { EnrichmentControl, useEnrichmentLabel } from "./EnrichmentControl.tsx";

function MediaBarEntry({ enrichment }: { enrichment: Enrichment }) {
  const label = useEnrichmentLabel(enrichment);
  const style = enrichment.mediaBar;
  let content = null;
  if (style === "thumb" && enrichment.previewImage) {
    content = <img className="ep-media-thumb" src={enrichment.previewImage} alt="" loading="lazy" />;
  } else if (style === "icon" || style === "thumb") {
    content = <EnrichmentIcon name={enrichment.icon} />;
  } else {
    content = (
      <>
        <EnrichmentIcon name={enrichment.icon} />
        <span className="ep-media-text">
          <span className="ep-media-title">{enrichment.title ?? label}</span>
          {style === "long" && enrichment.description ? <span className="ep-media-description">{enrichment.description}</span> : null}
        </span>
      </>
    );
  }
  return (
    <li>
      <EnrichmentControl enrichment={enrichment} className={`ep-media-entry ep-media-entry--${style}`} label={label}>
        {content}
      </EnrichmentControl>
    </li>
  );
}

/** The media of the pages on screen, listed beside the page as the editor chose (icon to long). */
export function MediaBar({ pages }: { pages: number[] }) {
  const { manifest, texts } = useReader();
  const entries = pages.flatMap((index) => manifest.pages[index]?.enrichments.filter((enrichment) => enrichment.mediaBar) ?? []);
  if (entries.length === 0) {
    return null;
  }
  return (
    <section className="ep-media-bar" aria-label={texts.mediaBar}>
      <ul>
        {entries.map((enrichment) => (
          <MediaBarEntry key={enrichment.id} enrichment={enrichment} />
        ))}
      </ul>
    </section>
  );
}
