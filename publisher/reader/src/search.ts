/**
 * Full-text search over the page texts of search.js, and the word boxes to highlight. Matching
 * ignores case and diacritics ("Strasse" finds "Straße" is out of scope; "cafe" finds "Café").
 */
import type { Word } from "../../src/manifest.ts";

export type SearchHit = { pageIndex: number; before: string; match: string; after: string };

const SNIPPET_CONTEXT = 40;
export const MIN_QUERY_LENGTH = 2;
export const MAX_RESULTS = 200;

/** Lower case, no combining marks, one character per input character (so offsets carry over). */
export function foldText(text: string): string {
  let out = "";
  for (const char of text) {
    const folded = char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    // Keep the length: a character that folds to more (or fewer) code units stays as it is.
    out += folded.length === char.length ? folded : char;
  }
  return out;
}

function tidy(text: string): string {
  return text.replace(/\s+/g, " ");
}

/** Every occurrence of the query in the pages, page by page, with a snippet around it. */
export function searchPages(pages: readonly string[], query: string, limit = MAX_RESULTS): SearchHit[] {
  const needle = foldText(query.trim().replace(/\s+/g, " "));
  const hits: SearchHit[] = [];
  if (needle.length < MIN_QUERY_LENGTH) {
    return hits;
  }
  pages.forEach((text, pageIndex) => {
    const source = tidy(text);
    const haystack = foldText(source);
    let from = 0;
    while (hits.length < limit) {
      const at = haystack.indexOf(needle, from);
      if (at === -1) {
        break;
      }
      const end = at + needle.length;
      const start = Math.max(0, at - SNIPPET_CONTEXT);
      const stop = Math.min(source.length, end + SNIPPET_CONTEXT);
      hits.push({
        pageIndex,
        before: (start > 0 ? "…" : "") + source.slice(start, at),
        match: source.slice(at, end),
        after: source.slice(end, stop) + (stop < source.length ? "…" : ""),
      });
      from = end;
    }
  });
  return hits;
}

/**
 * Indices of the words to highlight for a query: a word matches when it contains one of the
 * query's terms, or when a run of words spells the whole query.
 */
export function matchingWords(words: readonly Word[], query: string): number[] {
  const terms = foldText(query.trim())
    .split(/\s+/)
    .filter((term) => term.length >= MIN_QUERY_LENGTH);
  if (terms.length === 0) {
    return [];
  }
  const result: number[] = [];
  words.forEach((word, index) => {
    const text = foldText(word[0]);
    if (terms.some((term) => text.includes(term))) {
      result.push(index);
    }
  });
  return result;
}
