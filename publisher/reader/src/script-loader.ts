/**
 * Loads the bundle's data files. They are classic scripts that call a global function, not JSON
 * fetched with fetch(): Chrome forbids fetch on file://, but runs <script src> there.
 */
import type { SearchData, Word } from "../../src/manifest.ts";
import { SEARCH_CALLBACK, WORDS_CALLBACK } from "../../src/manifest.ts";
import { firstPagePainted } from "./first-paint.ts";

declare global {
  interface Window {
    [WORDS_CALLBACK]?: (index: number, words: Word[]) => void;
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

/** The word boxes of each page, loaded once per page on first need. */
export class WordsStore {
  private readonly words = new Map<number, Word[]>();
  private readonly requested = new Set<number>();
  private readonly listeners = new Set<Listener>();

  constructor(private readonly sources: readonly string[]) {
    window[WORDS_CALLBACK] = (index, words) => {
      this.words.set(index, words);
      for (const listener of this.listeners) {
        listener();
      }
    };
  }

  get(index: number): Word[] | undefined {
    return this.words.get(index);
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
        // A page without its text layer still reads; a later visit tries again.
        this.requested.delete(index);
      });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

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
