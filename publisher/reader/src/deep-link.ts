/**
 * Deep links: `#/page/12` names the 12th visible page (1-based position in the manifest), and
 * `#/page/12/text` the same page in the text view (issue 47).
 */
const PAGE_HASH = /^#\/page\/(\d+)(\/text)?\/?$/;

export type ReaderLocation = { pageIndex: number; text: boolean };

export function parseReaderHash(hash: string, pageCount: number): ReaderLocation | null {
  const match = PAGE_HASH.exec(hash.trim());
  if (!match || pageCount <= 0) {
    return null;
  }
  const position = Number(match[1]);
  if (!Number.isSafeInteger(position) || position < 1) {
    return null;
  }
  return { pageIndex: Math.min(position, pageCount) - 1, text: match[2] !== undefined };
}

export function formatPageHash(pageIndex: number, text = false): string {
  return `#/page/${pageIndex + 1}${text ? "/text" : ""}`;
}
