import type { DialogState } from "../reader-context.ts";
import { useReader } from "../reader-context.ts";
import { Icon } from "../icons.tsx";
import { nextSide } from "../spreads.ts";
import { stat } from "../stats.ts";
import { TEXT_SIZES } from "../text-view.ts";
import { MAX_ZOOM, MIN_ZOOM, ZOOM_STEP } from "../zoom.ts";

export function Header({ onOpen }: { onOpen: (dialog: DialogState) => void }) {
  const { manifest, texts } = useReader();
  const { logo, imprint, privacyPolicy } = manifest.settings;
  const logoImage = logo ? (
    <img className="ep-logo" src={logo.src} alt={logo.link ? `${texts.logo}: ${manifest.name}` : texts.logo} />
  ) : null;
  return (
    <header className="ep-header">
      {logo?.link ? (
        <a className="ep-logo-link" href={logo.link} target="_blank" rel="noopener noreferrer">
          {logoImage}
        </a>
      ) : (
        logoImage
      )}
      <h1 className="ep-title">{manifest.name}</h1>
      <div className="ep-header-actions">
        {imprint ? (
          <button type="button" className="ep-text-button" onClick={() => onOpen({ kind: "imprint" })}>
            {texts.imprint}
          </button>
        ) : null}
        {privacyPolicy ? (
          <button type="button" className="ep-text-button" onClick={() => onOpen({ kind: "privacy" })}>
            {texts.privacy}
          </button>
        ) : null}
        {/* A copy opened from disk (the zip) has no address to share. */}
        {window.location.protocol !== "file:" ? (
          <button type="button" className="ep-button" aria-label={texts.share} onClick={() => onOpen({ kind: "share" })}>
            <Icon name="share" />
          </button>
        ) : null}
      </div>
    </header>
  );
}

type ToolbarProps = {
  spread: number[];
  labels: string[];
  announcement: string;
  atStart: boolean;
  atEnd: boolean;
  zoom: number;
  onTurn: (forward: boolean) => void;
  onZoom: (factor: number) => void;
  onOpen: (dialog: DialogState) => void;
  /** The text view (issue 47): whether it is on, whether the ePaper has text for it, its text size. */
  text: { on: boolean; available: boolean; size: number; onToggle: () => void; onSize: (larger: boolean) => void };
};

/** Zoom in the page view, text size in the text view: the same two buttons. */
function SizeButtons({ zoom, text, onZoom }: Pick<ToolbarProps, "zoom" | "text" | "onZoom">) {
  const { texts } = useReader();
  const [smaller, larger] = text.on
    ? [
        { label: texts.smallerText, disabled: text.size <= (TEXT_SIZES[0] ?? 1), act: () => text.onSize(false) },
        { label: texts.largerText, disabled: text.size >= (TEXT_SIZES.at(-1) ?? 3), act: () => text.onSize(true) },
      ]
    : [
        { label: texts.zoomOut, disabled: zoom <= MIN_ZOOM, act: () => onZoom(1 / ZOOM_STEP) },
        { label: texts.zoomIn, disabled: zoom >= MAX_ZOOM, act: () => onZoom(ZOOM_STEP) },
      ];
  return (
    <>
      {[smaller, larger].map((button, index) => (
        <button
          key={index}
          type="button"
          className="ep-button ep-zoom-button"
          aria-label={button?.label}
          disabled={button?.disabled}
          onClick={button?.act}
        >
          <Icon name={index === 0 ? "minus" : "plus"} />
        </button>
      ))}
    </>
  );
}

/** The controls: at the bottom, in reach of thumbs on phones; every target at least 44 px. */
export function Toolbar({ spread, labels, announcement, atStart, atEnd, zoom, onTurn, onZoom, onOpen, text }: ToolbarProps) {
  const { manifest, texts } = useReader();
  // Arrows point where the pages go: in RTL books "next" lies to the left. The toolbar itself
  // follows the document direction, so the buttons are mirrored there already.
  const nextIcon = nextSide(manifest.direction) === "right" ? "right" : "left";
  const previousIcon = nextIcon === "right" ? "left" : "right";
  const tocAvailable = manifest.settings.toc.enabled && manifest.toc.length > 0;
  const downloads = spread.filter((index) => manifest.pages[index]?.pdf);
  return (
    <nav className="ep-toolbar" aria-label={texts.controls}>
      <div className="ep-toolbar-group">
        <button type="button" className="ep-button" aria-label={texts.previous} disabled={atStart} onClick={() => onTurn(false)}>
          <Icon name={previousIcon} />
        </button>
        <button
          type="button"
          className="ep-indicator"
          // The visible text starts the name (WCAG 2.5.3, label in name), so voice users can say it.
          aria-label={
            labels.length > 0
              ? `${labels.join("–")} / ${manifest.pages.length} – ${texts.thumbnails}`
              : `${texts.thumbnails} – ${announcement}`
          }
          onClick={() => onOpen({ kind: "thumbnails" })}
        >
          {labels.length > 0 ? (
            <span>
              {labels.join("–")} <span className="ep-indicator-total">/ {manifest.pages.length}</span>
            </span>
          ) : (
            <Icon name="grid" />
          )}
        </button>
        <button type="button" className="ep-button" aria-label={texts.next} disabled={atEnd} onClick={() => onTurn(true)}>
          <Icon name={nextIcon} />
        </button>
      </div>
      <div className="ep-toolbar-group">
        <SizeButtons zoom={zoom} text={text} onZoom={onZoom} />
        {text.available || text.on ? (
          <button type="button" className="ep-button" aria-label={texts.textView} aria-pressed={text.on} onClick={text.onToggle}>
            <Icon name="text" />
          </button>
        ) : null}
        <button
          type="button"
          className="ep-button ep-overview-button"
          aria-label={texts.thumbnails}
          onClick={() => onOpen({ kind: "thumbnails" })}
        >
          <Icon name="grid" />
        </button>
        {tocAvailable ? (
          <button type="button" className="ep-button" aria-label={texts.toc} onClick={() => onOpen({ kind: "toc" })}>
            <Icon name="toc" />
          </button>
        ) : null}
        <button type="button" className="ep-button" aria-label={texts.search} onClick={() => onOpen({ kind: "search" })}>
          <Icon name="search" />
        </button>
        {downloads.map((index) => {
          const page = manifest.pages[index];
          return page?.pdf ? (
            <a
              key={index}
              className="ep-button"
              href={page.pdf}
              download=""
              onClick={() => stat({ t: "download" })}
              aria-label={texts.downloadPdf.replace("{page}", page.label ?? String(index + 1))}
            >
              <Icon name="download" />
            </a>
          ) : null;
        })}
      </div>
    </nav>
  );
}
