import { useEffect, useRef, useState } from "react";
import type { ReaderManifest } from "../../../src/manifest.ts";
import { Icon } from "../icons.tsx";
import { pageName, useReader } from "../reader-context.ts";
import { loadSearchData } from "../script-loader.ts";
import { MIN_QUERY_LENGTH, type SearchHit, searchPages } from "../search.ts";
import { stat } from "../stats.ts";
import { Dialog } from "./Dialog.tsx";

function labelOf(manifest: ReaderManifest, index: number): string {
  return manifest.pages[index]?.label ?? "";
}

/** Arrow keys move focus through a grid of buttons; columns come from where the buttons lie. */
function moveFocusInGrid(event: KeyboardEvent, container: HTMLElement | null) {
  if (!container || !["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) {
    return;
  }
  const items = [...container.querySelectorAll<HTMLElement>("[data-grid-item]")];
  const current = items.indexOf(document.activeElement as HTMLElement);
  if (current === -1) {
    return;
  }
  const top = items[current]?.offsetTop;
  const columns = Math.max(1, items.filter((item) => item.offsetTop === top).length);
  const rtl = getComputedStyle(container).direction === "rtl";
  const step: Record<string, number> = {
    ArrowLeft: rtl ? 1 : -1,
    ArrowRight: rtl ? -1 : 1,
    ArrowUp: -columns,
    ArrowDown: columns,
    Home: -current,
    End: items.length - 1 - current,
  };
  const next = items[Math.min(items.length - 1, Math.max(0, current + (step[event.key] ?? 0)))];
  event.preventDefault();
  next?.focus();
}

export function ThumbnailsDialog({ current, onClose }: { current: number[]; onClose: () => void }) {
  const { manifest, texts, goTo } = useReader();
  const gridRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    gridRef.current?.querySelector<HTMLElement>("[aria-current='page']")?.focus();
  }, []);
  return (
    <Dialog title={texts.thumbnails} onClose={onClose} className="ep-sheet ep-sheet--wide">
      <ul className="ep-thumbs" ref={gridRef} onKeyDown={(event) => moveFocusInGrid(event as unknown as KeyboardEvent, gridRef.current)}>
        {manifest.pages.map((page) => (
          <li key={page.index}>
            <button
              type="button"
              className="ep-thumb"
              data-grid-item=""
              aria-current={current.includes(page.index) ? "page" : undefined}
              aria-label={pageName(texts, manifest, page.index)}
              onClick={() => {
                goTo(page.index);
                onClose();
              }}
            >
              <img src={page.thumb.src} width={page.thumb.width} height={page.thumb.height} alt="" loading="lazy" decoding="async" />
              <span className="ep-thumb-label" aria-hidden="true">
                {page.label ?? "\u00a0"}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

export function TocDialog({ onClose }: { onClose: () => void }) {
  const { manifest, texts, goTo } = useReader();
  const listRef = useRef<HTMLUListElement>(null);
  const showThumbs = manifest.settings.toc.thumbs;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") {
      return;
    }
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>("button") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = items[Math.min(items.length - 1, Math.max(0, at + (event.key === "ArrowDown" ? 1 : -1)))];
    event.preventDefault();
    next?.focus();
  };
  return (
    <Dialog title={texts.toc} onClose={onClose} className="ep-sheet">
      <ul className="ep-toc" ref={listRef} onKeyDown={(event) => onKeyDown(event as unknown as KeyboardEvent)}>
        {manifest.toc.map((entry, index) => {
          const thumb = entry.thumb ?? manifest.pages[entry.pageIndex]?.thumb.src ?? null;
          return (
            <li key={index} style={{ paddingInlineStart: `${Math.min(entry.level, 3) * 1.25}rem` }}>
              <button
                type="button"
                className="ep-toc-entry"
                onClick={() => {
                  stat({ t: "toc" });
                  goTo(entry.pageIndex);
                  onClose();
                }}
              >
                {showThumbs && thumb ? <img src={thumb} alt="" loading="lazy" /> : null}
                <span className="ep-toc-text">
                  <span className="ep-toc-title">{entry.title}</span>
                  {entry.description ? <span className="ep-toc-description">{entry.description}</span> : null}
                </span>
                <span className="ep-toc-page">{labelOf(manifest, entry.pageIndex)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}

type SearchState = { status: "idle" | "loading" | "failed" } | { status: "done"; hits: SearchHit[] };

export function SearchDialog({ query, onQuery, onClose }: { query: string; onQuery: (query: string) => void; onClose: () => void }) {
  const { manifest, texts, goTo } = useReader();
  const [state, setState] = useState<SearchState>({ status: "idle" });
  // The term the reader settled on counts when they submit it or close the search (a result
  // chosen closes it too), never each keystroke.
  const term = useRef(query);
  term.current = query;
  useEffect(() => () => stat({ t: "search", q: term.current }), []);
  useEffect(() => {
    if (query.trim().length < MIN_QUERY_LENGTH) {
      setState({ status: "idle" });
      return;
    }
    let cancelled = false;
    setState((previous) => (previous.status === "done" ? previous : { status: "loading" }));
    loadSearchData(manifest.search)
      .then((data) => {
        if (!cancelled) {
          setState({ status: "done", hits: searchPages(data.pages, query) });
        }
      })
      .catch(() => {
        if (!cancelled) {
          setState({ status: "failed" });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [query, manifest.search]);

  let status = "";
  if (state.status === "loading") {
    status = texts.searchLoading;
  } else if (state.status === "failed") {
    status = texts.searchFailed;
  } else if (state.status === "done") {
    const found = state.hits.length;
    status = found === 0 ? texts.searchNoResults : found === 1 ? texts.searchResult : texts.searchResults.replace("{count}", String(found));
  }
  return (
    <Dialog title={texts.search} onClose={onClose} className="ep-sheet">
      <form
        className="ep-search-form"
        onSubmit={(event) => {
          event.preventDefault();
          stat({ t: "search", q: query });
        }}
      >
        <Icon name="search" />
        <input
          type="search"
          className="ep-search-input"
          aria-label={texts.searchLabel}
          placeholder={texts.searchLabel}
          value={query}
          autoFocus
          onInput={(event) => onQuery((event.target as HTMLInputElement).value)}
        />
      </form>
      <p className="ep-search-status" role="status">
        {status}
      </p>
      {state.status === "done" ? (
        <ul className="ep-results">
          {state.hits.map((hit, index) => (
            <li key={index}>
              <button
                type="button"
                className="ep-result"
                onClick={() => {
                  goTo(hit.pageIndex);
                  onClose();
                }}
              >
                <span className="ep-result-page">{pageName(texts, manifest, hit.pageIndex)}</span>
                <span className="ep-result-snippet">
                  {hit.before}
                  <mark>{hit.match}</mark>
                  {hit.after}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}

/** Imprint and privacy policy: the customer's HTML, in the size they chose. */
export function HtmlDialog({
  title,
  content,
  onClose,
}: {
  title: string;
  content: { html: string; width: number | null; height: number | null };
  onClose: () => void;
}) {
  const style: Record<string, string> = {};
  if (content.width) {
    style.width = `min(${content.width}px, 100vw - 16px)`;
  }
  if (content.height) {
    style.height = `min(${content.height}px, 100dvh - 16px)`;
  }
  return (
    <Dialog title={title} onClose={onClose} className="ep-modal" style={style}>
      {/* The customer's own text for their own ePaper, published on the content origin. */}
      <div className="ep-html" dangerouslySetInnerHTML={{ __html: content.html }} />
    </Dialog>
  );
}
