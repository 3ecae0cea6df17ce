import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type DraggedPage, type DropTarget, dropEdge, dropSide, usePageDrag } from "#app/components/hooks/use-page-drag";
import { Button } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href } from "react-router";
import { pageFileSrc } from "#app/rules/page-files";
import { EDITOR_PAGE_CHUNK, type EditorPage, THUMBNAIL_WIDTHS, type ThumbnailColumns } from "#app/rules/editor-pages";

export type PageChunk = { pages: EditorPage[]; skip: number; total: number };

const LABEL_PX = 24;
const GAP_PX = 8;
/** Rows drawn above and below the visible ones, so a quick scroll does not show gaps. */
const OVERSCAN_ROWS = 3;

/** The pages fetched so far, by number; a chunk of 50 is fetched when one of its pages comes into view. */
function usePages(epaperId: string, initial: PageChunk) {
  const [pages, setPages] = useState(() => new Map(initial.pages.map((page) => [page.number, page])));
  const requested = useRef(new Set<number>([initial.skip]));
  const need = useCallback(
    (numbers: number[]) => {
      for (const number of numbers) {
        const skip = Math.floor((number - 1) / EDITOR_PAGE_CHUNK) * EDITOR_PAGE_CHUNK;
        if (pages.has(number) || requested.current.has(skip)) continue;
        requested.current.add(skip);
        fetch(`${href("/epaper/:epaperId/pages", { epaperId })}?skip=${skip}&take=${EDITOR_PAGE_CHUNK}`, {
          headers: { Accept: "application/json" },
        })
          .then((response) => (response.ok ? (response.json() as Promise<PageChunk>) : null))
          .then((chunk) => {
            if (!chunk) return requested.current.delete(skip);
            setPages((current) => new Map([...current, ...chunk.pages.map((page) => [page.number, page] as const)]));
          })
          .catch(() => requested.current.delete(skip));
      }
    },
    [epaperId, pages],
  );
  return { pages, need };
}

/**
 * The page thumbnail strip (§2, §9): 1 to 4 columns of thumbnails (220, 119.5, 69.5 or 44.5 px
 * wide), every page a button that shows it on the canvas. Only the rows in view (and a few
 * around) are in the document, so a 500-page ePaper scrolls as lightly as a 5-page one; pages
 * are fetched 50 at a time as they come into view.
 */
export function PageStrip(props: {
  epaperId: string;
  pagesVersion: number;
  chunk: PageChunk;
  current: number;
  columns: ThumbnailColumns;
  onChoose: (page: number) => void;
  /** Page order by drag and drop (issue 46), for those who may change it; the pages dialog keeps the keyboard's way. */
  onMove?: (page: DraggedPage, target: DropTarget) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const { pages, need } = usePages(props.epaperId, props.chunk);
  const drag = usePageDrag((page, target) => props.onMove?.(page, target), { across: props.columns > 1 });
  const edge = props.columns > 1 ? dropSide : dropEdge;
  const total = props.chunk.total;
  const thumbWidth = THUMBNAIL_WIDTHS[props.columns - 1] ?? THUMBNAIL_WIDTHS[0];
  const sample = pages.get(props.current) ?? props.chunk.pages[0];
  const aspect = sample && sample.width > 0 ? sample.height / sample.width : Math.SQRT2;
  const rowHeight = Math.ceil(thumbWidth * aspect) + LABEL_PX + GAP_PX;
  const rows = Math.ceil(total / props.columns);

  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);
  // The current page in the middle when the strip opens or the page changes out of view.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const top = Math.floor((props.current - 1) / props.columns) * rowHeight;
    if (top < element.scrollTop || top + rowHeight > element.scrollTop + element.clientHeight)
      element.scrollTop = Math.max(0, top - element.clientHeight / 2 + rowHeight / 2);
  }, [props.current, props.columns, rowHeight]);

  const firstRow = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN_ROWS);
  const lastRow = Math.min(rows - 1, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN_ROWS);
  const numbers: number[] = [];
  for (let row = firstRow; row <= lastRow; row++)
    for (let column = 0; column < props.columns; column++) {
      const number = row * props.columns + column + 1;
      if (number <= total) numbers.push(number);
    }
  const wanted = `${numbers[0] ?? 0}-${numbers.at(-1) ?? 0}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the range in view, not the array's identity
  useEffect(() => need(numbers), [need, wanted]);

  return (
    <div
      ref={scroller}
      onScroll={(event) => setView({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight })}
      className={`relative overflow-y-auto overscroll-contain rounded-xl bg-white p-2 ring-1 ring-slate-200 ${props.className ?? ""}`}
      data-testid="page-strip"
    >
      <ul aria-label={t("editor.pages")} className="relative" style={{ height: rows * rowHeight }}>
        {numbers.map((number) => {
          const page = pages.get(number);
          const row = Math.floor((number - 1) / props.columns);
          const column = (number - 1) % props.columns;
          const label = page?.isHidden ? t("editor.pageHidden", { page: number }) : t("editor.page", { page: number });
          return (
            <li
              key={number}
              {...(props.onMove && page ? drag.itemProps({ id: page.id, number }) : {})}
              aria-setsize={total}
              aria-posinset={number}
              data-moved={(page && drag.moved === page.id) || undefined}
              className={`absolute ${page ? edge(drag.target, page.id) : ""} ${page && drag.moved === page.id ? "rounded-md bg-brand-50 ring-2 ring-brand-600" : ""}`}
              style={{ top: row * rowHeight, left: column * (thumbWidth + 4), width: thumbWidth }}
            >
              <Button
                aria-label={label}
                aria-current={number === props.current ? "page" : undefined}
                onPress={() => props.onChoose(number)}
                className="flex w-full flex-col items-center gap-0.5 rounded-md p-0.5 outline-none data-[hovered]:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 aria-[current=page]:ring-2 aria-[current=page]:ring-brand-600"
              >
                <span className="block w-full bg-slate-100" style={{ height: Math.ceil(thumbWidth * aspect) }}>
                  {page?.thumbnail ? (
                    <img
                      src={pageFileSrc(props.epaperId, number, "thumb.webp", props.pagesVersion)}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      className={`h-full w-full object-contain ${page.isHidden ? "opacity-40" : ""}`}
                    />
                  ) : null}
                </span>
                <span className="text-xs tabular-nums text-slate-700">{number}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
