import { createContext, useContext, useEffect, useState } from "react";
import type { Enrichment, PageBlock, ReaderManifest, Word } from "../../src/manifest.ts";
import type { PageScripts } from "./script-loader.ts";
import type { Texts } from "./texts.ts";

/** A modal the reader shows; one at a time. */
export type DialogState =
  | { kind: "thumbnails" }
  | { kind: "toc" }
  | { kind: "search" }
  | { kind: "share" }
  | { kind: "imprint" }
  | { kind: "privacy" }
  | { kind: "gallery"; galleryId: string; title: string | null }
  | { kind: "enrichment"; enrichment: Enrichment };

export type Reader = {
  manifest: ReaderManifest;
  texts: Texts;
  words: PageScripts<Word[]>;
  /** Each page's text blocks for the text view (issue 47). */
  blocks: PageScripts<PageBlock[]>;
  goTo: (pageIndex: number) => void;
  openDialog: (dialog: DialogState) => void;
  /** The search term whose hits are highlighted on the pages, or "". */
  highlight: string;
};

export const ReaderContext = createContext<Reader | null>(null);

export function useReader(): Reader {
  const reader = useContext(ReaderContext);
  if (!reader) {
    throw new Error("useReader outside ReaderContext");
  }
  return reader;
}

/** A page's data script, requested on first use and re-rendered when it arrives (undefined: loading; null: none). */
function usePageScript<T>(store: PageScripts<T>, pageIndex: number): T | null | undefined {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const unsubscribe = store.subscribe(() => setVersion((version) => version + 1));
    store.request(pageIndex);
    return unsubscribe;
  }, [store, pageIndex]);
  return store.get(pageIndex);
}

/** A page's word boxes (the selectable text layer, link names in the text view). */
export function usePageWords(pageIndex: number): Word[] | null | undefined {
  return usePageScript(useReader().words, pageIndex);
}

/** A page's text blocks (the text view). */
export function usePageBlocks(pageIndex: number): PageBlock[] | null | undefined {
  return usePageScript(useReader().blocks, pageIndex);
}

/** "Seite 3" / "Page iv"; positions stand in for hidden numbers where a name is needed. */
export function pageName(texts: Texts, manifest: ReaderManifest, pageIndex: number): string {
  const label = manifest.pages[pageIndex]?.label ?? String(pageIndex + 1);
  return texts.page.replace("{page}", label);
}
