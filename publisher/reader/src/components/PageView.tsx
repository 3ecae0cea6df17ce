import { Fragment } from "react";
import type { Enrichment, ManifestPage, Word } from "../../../src/manifest.ts";
import { EnrichmentIcon } from "../icons.tsx";
import { pageName, usePageWords, useReader } from "../reader-context.ts";
import { matchingWords } from "../search.ts";
import { EnrichmentContent } from "./EnrichmentContent.tsx";
import { EnrichmentControl } from "./EnrichmentControl.tsx";
import { PageImage } from "./PageImage.tsx";

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

function boxStyle(x: number, y: number, width: number, height: number): Record<string, string> {
  return { left: percent(x), top: percent(y), width: percent(width), height: percent(height) };
}

/** Invisible, selectable words over the image; font size follows the box height (cqh units). */
function TextLayer({ words }: { words: Word[] }) {
  return (
    <div className="ep-text-layer">
      {words.map(([text, x, y, width, height], index) => (
        <Fragment key={index}>
          <span style={{ ...boxStyle(x, y, width, height), fontSize: `${(height * 100).toFixed(3)}cqh` }}>{text}</span>{" "}
        </Fragment>
      ))}
    </div>
  );
}

function Hits({ words, query }: { words: Word[]; query: string }) {
  const hits = matchingWords(words, query);
  return (
    <div className="ep-hits" aria-hidden="true">
      {hits.map((index) => {
        const word = words[index];
        return word ? <mark key={index} className="ep-hit" style={boxStyle(word[1], word[2], word[3], word[4])} /> : null;
      })}
    </div>
  );
}

function ClickArea({ enrichment }: { enrichment: Enrichment }) {
  const { frame } = enrichment;
  const style = boxStyle(frame.x1, frame.y1, frame.x2 - frame.x1, frame.y2 - frame.y1);
  const kind = enrichment.action.kind;
  const embeds = enrichment.frameEmbedded && (kind === "video" || kind === "customHtml");
  if (embeds) {
    return (
      <div className="ep-area ep-area--embedded" style={style}>
        <EnrichmentContent enrichment={enrichment} autoPlay={false} />
      </div>
    );
  }
  const className = `ep-area ${enrichment.source === "pdf" ? "ep-area--pdf" : ""}`;
  return (
    <EnrichmentControl enrichment={enrichment} className={className} style={style}>
      {enrichment.frameIconActive && enrichment.source !== "pdf" ? (
        <span className="ep-area-icon">
          <EnrichmentIcon name={enrichment.icon} />
        </span>
      ) : null}
    </EnrichmentControl>
  );
}

type PageViewProps = {
  page: ManifestPage;
  width: number;
  height: number;
  pixels: number;
  initialSrc?: string;
  onImageLoad?: () => void;
};

/** A page as the reader sees it: image, text layer, search hits and click areas. */
export function PageView({ page, width, height, pixels, initialSrc, onImageLoad }: PageViewProps) {
  const { texts, manifest, highlight } = useReader();
  const words = usePageWords(page.index);
  const name = pageName(texts, manifest, page.index);
  return (
    <section className="ep-page" data-page-index={page.index} aria-label={name} style={{ width, height }}>
      <PageImage page={page} pixels={pixels} alt={name} initialSrc={initialSrc} onLoad={onImageLoad} />
      {words ? <TextLayer words={words} /> : null}
      {words && highlight ? <Hits words={words} query={highlight} /> : null}
      {page.enrichments
        .filter((enrichment) => enrichment.frameActive)
        .map((enrichment) => (
          <ClickArea key={enrichment.id} enrichment={enrichment} />
        ))}
    </section>
  );
}

/** A page image only, for the leaf and the still pages of a page-turn. */
export function PageFace({ page, pixels }: { page: ManifestPage; pixels: number }) {
  return <PageImage page={page} pixels={pixels} alt="" />;
}
