/**
 * Loads the bundle's data files. They are classic scripts that call a global function, not JSON
 * fetched with fetch(): Chrome forbids fetch on file://, but runs <script src> there.
 */
import type { PageBlock, SearchData, Word } from "../../src/manifest.ts";
import { SEARCH_CALLBACK, TEXT_CALLBACK, WORDS_CALLBACK } from "../../src/manifest.ts";
import { firstPagePainted } from "./first-paint.ts";

declare global {
  interface Window {
    [WORDS_CALLBACK]?: (index: number, words: Word[]) => void;
    [TEXT_CALLBACK]?: (index: number, blocks: PageBlock[]) => void;
    [SEARCH_CALLBACK]?: (data: SearchData) => void;
  }
}

export function loadClassicScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.appendChild(script);
  });
}

type Listener = () => void;

/**
 * One data script per page (word boxes, text blocks), loaded once per page on first need. A page
 * whose script is missing or fails is `null` (no data) until a later request tries again.
 */
export class PageScripts<T> {
  private readonly data = new Map<number, T | null>();
  private readonly requested = new Set<number>();
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly sources: readonly (string | undefined)[],
    register: (receive: (index: number, data: T) => void) => void,
  ) {
    register((index, data) => this.settle(index, data));
  }

  /** undefined: still loading (or never asked); null: this page has none. */
  get(index: number): T | null | undefined {
    if (this.sources[index] === undefined) return null;
    return this.data.get(index);
  }

  request(index: number): void {
    const src = this.sources[index];
    if (src === undefined || this.requested.has(index)) {
      return;
    }
    this.requested.add(index);
    firstPagePainted
      .then(() => loadClassicScript(src))
      .catch(() => {
        // A page without its data still reads; a later visit tries again.
        this.requested.delete(index);
        this.settle(index, null);
      });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private settle(index: number, data: T | null) {
    this.data.set(index, data);
    for (const listener of this.listeners) {
      listener();
    }
  }
}

export const wordScripts = (sources: readonly string[]) =>
  new PageScripts<Word[]>(sources, (receive) => {
    window[WORDS_CALLBACK] = receive;
  });

export const textScripts = (sources: readonly (string | undefined)[]) =>
  new PageScripts<PageBlock[]>(sources, (receive) => {
    window[TEXT_CALLBACK] = receive;
  });

let searchData: Promise<SearchData> | null = null;

/** The search texts, loaded on the first search. */
export function loadSearchData(src: string): Promise<SearchData> {
  if (!searchData) {
    searchData = new Promise<SearchData>((resolve, reject) => {
      window[SEARCH_CALLBACK] = resolve;
      loadClassicScript(src).catch(reject);
    }).catch((error: unknown) => {
      searchData = null;
      throw error;
    });
  }
  return searchData;
}
