import { createContext, useContext, useEffect, useState } from "react";
import type { Enrichment, ReaderManifest, Word } from "../../src/manifest.ts";
import type { WordsStore } from "./script-loader.ts";
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
  words: WordsStore;
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

/** A page's word boxes, requested on first use and re-rendered when they arrive. */
export function usePageWords(pageIndex: number): Word[] | undefined {
  const { words } = useReader();
  const [, setVersion] = useState(0);
  useEffect(() => {
    const unsubscribe = words.subscribe(() => setVersion((version) => version + 1));
    words.request(pageIndex);
    return unsubscribe;
  }, [words, pageIndex]);
  return words.get(pageIndex);
}

/** "Seite 3" / "Page iv"; positions stand in for hidden numbers where a name is needed. */
export function pageName(texts: Texts, manifest: ReaderManifest, pageIndex: number): string {
  const label = manifest.pages[pageIndex]?.label ?? String(pageIndex + 1);
  return texts.page.replace("{page}", label);
}
