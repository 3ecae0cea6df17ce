import { useTranslation } from "#app/components/hooks/use-translation";
import { pageFileSrc } from "#app/rules/page-files";
import { type Frame, frameBox } from "#app/rules/click-area";
import { ClickAreaLayer } from "./click-area-layer.tsx";
import type { EditorPage } from "#app/rules/editor-pages";
import type { MediaElement } from "#app/rules/media-element";

/** The smallest rendition at least as wide as the page is shown (device pixels), else the largest. */
function renditionFor(page: EditorPage, cssWidth: number): number | null {
  const needed = cssWidth * (typeof window === "undefined" ? 2 : window.devicePixelRatio || 1);
  const widths = page.images.map((image) => image.width).sort((a, b) => a - b);
  return widths.find((width) => width >= needed) ?? widths.at(-1) ?? null;
}

/**
 * The page canvas (§2, §4): the page's rendition at the zoom (100 % = one CSS pixel per PDF point),
 * the PDF's own links (dashed), and the click areas of its media elements in the ePaper's
 * click-area colours, which can be drawn, moved and resized (ClickAreaLayer). Wider than the
 * column, it scrolls.
 */
export function PageCanvas(props: {
  epaperId: string;
  pagesVersion: number;
  page: EditorPage;
  zoom: number;
  /**
   * False for the server's page and the first paint, before the editor knows the screen: the
   * canvas is then no wider than its column (a phone shows the whole page at once instead of
   * 80 % cut off at the right, then a jump to 'fit' after hydration; issue 29).
   */
  zoomChosen?: boolean;
  media: MediaElement[];
  colors: { color: string; hover: string };
  frameOf: (element: MediaElement) => Frame;
  selectedId: string | null;
  editable: boolean;
  onSelect: (id: string) => void;
  onMove: (element: MediaElement, frame: Frame) => void;
  onDraw: (frame: Frame) => void;
  /** Half opacity (§4 'page opacity 0.5 in overlay mode'). */
  dimmed?: boolean;
  /** A moved or resized click area is still being saved. */
  saving?: boolean;
}) {
  const { t } = useTranslation();
  const { page, zoom } = props;
  const width = Math.round(page.width * (zoom / 100));
  const height = Math.round(page.height * (zoom / 100));
  const rendition = renditionFor(page, width);
  return (
    // Focusable, so that keyboards can scroll a page wider or taller than the column.
    <section
      aria-label={t("editor.canvasArea")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1; axe scrollable-region-focusable)
      tabIndex={0}
      className="min-h-[320px] overflow-auto rounded-xl bg-slate-200 p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      data-testid="page-canvas-scroller"
    >
      <figure
        aria-label={t("editor.canvas", { page: page.number })}
        className="relative mx-auto bg-white shadow"
        style={props.zoomChosen === false ? { width, maxWidth: "100%", aspectRatio: `${width} / ${height}` } : { width, height }}
        data-testid="page-canvas"
        data-saving={props.saving ? "true" : "false"}
      >
        {rendition ? (
          <img
            src={pageFileSrc(props.epaperId, page.number, `w${rendition}.webp`, props.pagesVersion)}
            alt={t("editor.page", { page: page.number })}
            width={width}
            height={height}
            className={`block h-full w-full select-none transition-opacity ${props.dimmed ? "opacity-50" : ""}`}
            draggable={false}
          />
        ) : null}
        {(page.links ?? []).map((link, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the PDF's links have no id; their order is the PDF's
            key={index}
            role="img"
            aria-label={t("editor.pdfLink", { target: link.uri ?? t("editor.pdfLinkPage", { page: link.page }) })}
            data-testid="pdf-link"
            className="absolute rounded-sm border-2 border-dashed border-amber-600/80"
            style={frameBox({ x1: link.x, y1: link.y, x2: link.x + link.w, y2: link.y + link.h })}
          />
        ))}
        <ClickAreaLayer
          page={page}
          canvas={{ width, height }}
          elements={props.media}
          frameOf={props.frameOf}
          colors={props.colors}
          selectedId={props.selectedId}
          editable={props.editable}
          onSelect={props.onSelect}
          onMove={props.onMove}
          onDraw={props.onDraw}
        />
      </figure>
    </section>
  );
}
