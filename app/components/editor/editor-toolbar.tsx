import { useEffect, useRef, useState } from "react";
import { Button, Group, Input, Label, NumberField } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { clampPageNumber, clampZoom, ZOOM } from "#app/rules/editor-pages";
import { Tooltipped } from "#app/components/ui/tooltip";

const ZOOM_KEY = "ep-editor-zoom";

/**
 * The canvas zoom in percent, kept for the next visit of the editor in this browser (§9: 80 to
 * start). Where the page at 80 % would not fit (a phone), `fitting` names the zoom that shows its
 * whole width, and the editor starts there (ADR 0030). `chosen` is false until then: the server's
 * page and the first paint know neither the screen nor the stored zoom.
 */
export function useZoom(fitting?: () => number): { zoom: number; chosen: boolean; change: (zoom: number) => void } {
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  const [chosen, setChosen] = useState(false);
  const fit = useRef(fitting);
  fit.current = fitting;
  useEffect(() => {
    const stored = Number(window.localStorage.getItem(ZOOM_KEY));
    if (stored) setZoom(clampZoom(stored));
    else if (fit.current) setZoom(fit.current());
    setChosen(true);
  }, []);
  const change = (next: number) => {
    const value = clampZoom(next);
    setZoom(value);
    window.localStorage.setItem(ZOOM_KEY, String(value));
  };
  return { zoom, chosen, change };
}

const toolButton =
  "flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 text-sm font-semibold text-slate-800 outline-none data-[hovered]:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[disabled]:text-slate-300";

/**
 * The toolbar above the canvas (§4, §9): zoom out and in by 10 between 10 and 300 %, 'fit' (100 %),
 * the page number (clamped to 1..pageCount, §5) with previous and next.
 */
export function EditorToolbar(props: {
  zoom: number;
  onZoom: (zoom: number) => void;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { zoom, onZoom, page, pageCount, onPage } = props;
  return (
    <div
      role="toolbar"
      aria-label={t("editor.toolbar")}
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-1.5 shadow-sm ring-1 ring-slate-200"
    >
      <Group aria-label={t("editor.zoomGroup")} className="flex items-center gap-1">
        <Tooltipped label={t("editor.zoomOut")}>
          <Button
            aria-label={t("editor.zoomOut")}
            className={toolButton}
            isDisabled={zoom <= ZOOM.min}
            onPress={() => onZoom(zoom - ZOOM.step)}
          >
            −
          </Button>
        </Tooltipped>
        <output aria-live="polite" className="min-w-16 text-center text-sm tabular-nums">
          {t("editor.zoom", { zoom })}
        </output>
        <Tooltipped label={t("editor.zoomIn")}>
          <Button
            aria-label={t("editor.zoomIn")}
            className={toolButton}
            isDisabled={zoom >= ZOOM.max}
            onPress={() => onZoom(zoom + ZOOM.step)}
          >
            +
          </Button>
        </Tooltipped>
        <Tooltipped label={t("editor.fitLabel")}>
          <Button aria-label={t("editor.fitLabel")} className={toolButton} onPress={() => onZoom(ZOOM.fit)}>
            {t("editor.fit")}
          </Button>
        </Tooltipped>
      </Group>
      <Group className="flex items-center gap-1">
        <Tooltipped label={t("editor.previous")}>
          <Button aria-label={t("editor.previous")} className={toolButton} isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
            ‹
          </Button>
        </Tooltipped>
        <NumberField
          value={page}
          minValue={1}
          maxValue={pageCount}
          step={1}
          formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
          onChange={(value) => {
            const next = clampPageNumber(value, pageCount);
            if (next !== page) onPage(next);
          }}
          className="flex items-center gap-1"
        >
          <Label className="sr-only">{t("editor.pageNumber")}</Label>
          <Input className="min-h-11 w-16 rounded-lg border border-slate-300 px-2 text-center text-base tabular-nums outline-none focus:border-brand-600" />
        </NumberField>
        <span className="text-sm text-slate-700">{t("editor.ofPages", { count: pageCount })}</span>
        <Tooltipped label={t("editor.next")}>
          <Button aria-label={t("editor.next")} className={toolButton} isDisabled={page >= pageCount} onPress={() => onPage(page + 1)}>
            ›
          </Button>
        </Tooltipped>
      </Group>
    </div>
  );
}
