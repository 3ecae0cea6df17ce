/** Deep links: `#/page/12` names the 12th visible page (1-based position in the manifest). */
const PAGE_HASH = /^#\/page\/(\d+)\/?$/;

export function parsePageHash(hash: string, pageCount: number): number | null {
  const match = PAGE_HASH.exec(hash.trim());
  if (!match || pageCount <= 0) {
    return null;
  }
  const position = Number(match[1]);
  if (!Number.isSafeInteger(position) || position < 1) {
    return null;
  }
  return Math.min(position, pageCount) - 1;
}

export function formatPageHash(pageIndex: number): string {
  return `#/page/${pageIndex + 1}`;
}
