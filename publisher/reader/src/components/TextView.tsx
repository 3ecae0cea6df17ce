import { type ReactNode, useEffect, useRef } from "react";
import type { Enrichment, ManifestPage, PageBlock, Word } from "../../../src/manifest.ts";
import { EnrichmentIcon, Icon } from "../icons.tsx";
import { pageName, usePageBlocks, usePageWords, useReader } from "../reader-context.ts";
import {
  blocksFromWords,
  LINE_SPACINGS,
  markedSegments,
  readingItems,
  type TextItem,
  type TextSettings,
  wordsInFrame,
} from "../text-view.ts";
import { EnrichmentControl, useEnrichmentLabel } from "./EnrichmentControl.tsx";
import { PageImage } from "./PageImage.tsx";
import { TextSettingsPanel } from "./TextSettingsPanel.tsx";

type TextViewProps = {
  spread: number[];
  settings: TextSettings;
  onSettings: (settings: TextSettings) => void;
  onTurn: (forward: boolean) => void;
  direction: "ltr" | "rtl";
};

const SWIPE_DISTANCE = 60;

/**
 * The text view (issue 47 item 3): the pages of the spread as real headings, paragraphs and lists
 * in reading order, their links and media where they sit, in the reader's chosen size, spacing,
 * colours and font. It scrolls up and down; a horizontal swipe turns the page.
 */
export function TextView({ spread, settings, onSettings, onTurn, direction }: TextViewProps) {
  const { texts } = useReader();
  const scroller = useRef<HTMLElement>(null);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const shown = spread.join();
  // A turned page starts at its top. Focus that was in the text (a link of the page before) or
  // nowhere (the offer's button that went, a swipe) moves to the page's name, not to <body>.
  useEffect(() => {
    const view = scroller.current;
    view?.scrollTo?.({ top: 0 });
    const active = document.activeElement;
    if (view && (!active || active === document.body || view.contains(active)))
      view.querySelector<HTMLElement>(".ep-text-page-name")?.focus({ preventScroll: true });
  }, [shown]);

  const style = {
    "--ep-text-scale": String(settings.size),
    "--ep-text-leading": String(LINE_SPACINGS[settings.spacing]),
  } as Record<string, string>;

  return (
    // The swipe adds to the toolbar and keys, which turn pages too: the area itself is no control.
    <section
      ref={scroller}
      className="ep-textview"
      // A scrolling region takes focus, so the keyboard scrolls it in every browser (WCAG 2.1.1, axe scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      tabIndex={0}
      aria-label={texts.textView}
      data-theme={settings.theme}
      data-font={settings.font}
      data-testid="text-view"
      style={style}
      onPointerDown={(event) => {
        // A finger that moves is no tap (the browser clicks nothing): a swipe may start on a link.
        swipe.current = event.pointerType === "mouse" ? null : { id: event.pointerId, x: event.clientX, y: event.clientY };
      }}
      onPointerUp={(event) => {
        const start = swipe.current;
        swipe.current = null;
        if (!start || start.id !== event.pointerId) return;
        const dx = event.clientX - start.x;
        const dy = event.clientY - start.y;
        if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > 2 * Math.abs(dy)) {
          // Swiping to the left brings the page on the right: the next one in LTR, the previous in RTL.
          onTurn(dx < 0 === (direction === "ltr"));
        }
      }}
      onPointerCancel={() => {
        swipe.current = null;
      }}
    >
      <div className="ep-textview-column">
        <TextSettingsPanel settings={settings} onSettings={onSettings} />
        {spread.map((index) => (
          <TextPage key={index} pageIndex={index} />
        ))}
      </div>
    </section>
  );
}

function TextPage({ pageIndex }: { pageIndex: number }) {
  const { manifest, texts } = useReader();
  const page = manifest.pages[pageIndex];
  const blocks = usePageBlocks(pageIndex);
  const words = usePageWords(pageIndex);
  if (!page) return null;
  const name = pageName(texts, manifest, pageIndex);
  const headingId = `ep-text-page-${pageIndex}`;
  const items = pageItems(page, blocks, words);
  const hasText = items?.some((item) => item.kind === "block") ?? false;
  return (
    <article className="ep-text-page" aria-labelledby={headingId} aria-busy={items === undefined} data-page-index={pageIndex}>
      <h2 id={headingId} className="ep-text-page-name" tabIndex={-1}>
        {name}
      </h2>
      {items === undefined ? <p className="ep-text-note">{texts.textLoading}</p> : null}
      {items !== undefined && !hasText ? <PictureOnly page={page} name={name} /> : null}
      {(items ?? []).map((item, index) =>
        item.kind === "block" ? (
          <Block key={index} block={item.block} />
        ) : (
          <InlineEnrichment key={item.enrichment.id} enrichment={item.enrichment} words={words ?? []} />
        ),
      )}
    </article>
  );
}

/**
 * What the text view shows of a page (undefined while its scripts load): its blocks; else, for a
 * page rendered before blocks or one of running heads only, its words as one paragraph.
 */
function pageItems(page: ManifestPage, blocks: PageBlock[] | null | undefined, words: Word[] | null | undefined): TextItem[] | undefined {
  if (blocks === undefined) return undefined;
  const structured = blocks ? readingItems(blocks, page.enrichments) : [];
  if (structured.some((item) => item.kind === "block")) return structured;
  return words === undefined ? undefined : readingItems(blocksFromWords(words ?? []), page.enrichments);
}

/** A page without any text (a photo, a scan not yet recognised): its picture, and a word why. */
function PictureOnly({ page, name }: { page: ManifestPage; name: string }) {
  const { texts } = useReader();
  const width = typeof window === "undefined" ? 800 : Math.min(window.innerWidth, 900) * (window.devicePixelRatio || 1);
  return (
    <>
      <p className="ep-text-note">{texts.noText}</p>
      <div className="ep-text-picture">
        <PageImage page={page} pixels={width} alt={name} />
      </div>
    </>
  );
}

function Marked({ text }: { text: string }) {
  const { highlight } = useReader();
  if (!highlight) return <>{text}</>;
  return (
    <>
      {markedSegments(text, highlight).map((segment, index) => (segment.marked ? <mark key={index}>{segment.text}</mark> : segment.text))}
    </>
  );
}

function Block({ block }: { block: PageBlock }) {
  if (block.kind === "heading" && block.text) {
    // h1 is the ePaper's name and h2 the page's: a page's headings are h3 to h5.
    const level = 2 + Math.max(1, Math.min(3, block.level ?? 1));
    const content: ReactNode = <Marked text={block.text} />;
    if (level === 3) return <h3>{content}</h3>;
    if (level === 4) return <h4>{content}</h4>;
    return <h5>{content}</h5>;
  }
  if (block.kind === "list" && block.items?.length) {
    const items = block.items.map((item, index) => (
      <li key={index}>
        <Marked text={item} />
      </li>
    ));
    return block.ordered ? (
      <ol type={block.ordered === "a" ? "a" : "1"} start={block.start}>
        {items}
      </ol>
    ) : (
      <ul>{items}</ul>
    );
  }
  if (block.text) {
    return (
      <p>
        <Marked text={block.text} />
      </p>
    );
  }
  return null;
}

/** A link or medium of the page where it sits in the text: named by its title, or the words it lies on. */
function InlineEnrichment({ enrichment, words }: { enrichment: Enrichment; words: Word[] }) {
  const fallback = useEnrichmentLabel(enrichment);
  const { action } = enrichment;
  // A link without a title reads as the words it lies on, else as its address (never "Open link" five times).
  const address = action.kind === "externalLink" ? action.url.replace(/^https?:\/\//, "") : "";
  const label = enrichment.title ?? (wordsInFrame(words, enrichment.frame) || address || fallback);
  return (
    <p className="ep-text-media">
      <EnrichmentControl enrichment={enrichment} className="ep-text-link" label={label}>
        <EnrichmentIcon name={enrichment.icon} />
        <span>{label}</span>
      </EnrichmentControl>
    </p>
  );
}

/**
 * On a phone held upright the reader offers the text view once, in one slim row at the top of the
 * page area (the band above the page, no modal wall); turning a page or either button answers it.
 */
export function TextOffer({ onAccept, onDismiss }: { onAccept: () => void; onDismiss: () => void }) {
  const { texts } = useReader();
  return (
    <section className="ep-offer" aria-label={texts.textOfferLabel}>
      <p>{texts.textOffer}</p>
      <button type="button" className="ep-offer-accept" onClick={onAccept}>
        {texts.textOfferAccept}
      </button>
      <button type="button" className="ep-offer-dismiss" aria-label={texts.textOfferDismiss} onClick={onDismiss}>
        <Icon name="close" />
      </button>
    </section>
  );
}
