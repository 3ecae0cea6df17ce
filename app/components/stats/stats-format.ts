import type { ReadershipStats } from "#app/rules/readership-stats";
import { formatDate } from "#app/utils/format-date";

/*
 * How the statistics screen writes its numbers and days (issue 31 item 4): counts with the
 * language's digit grouping, times in seconds with one decimal, days as the studio writes dates
 * (studio-core.md §9) and, on a chart's axis, without the year.
 */

const counts = new Map<string, Intl.NumberFormat>();
const decimals = new Map<string, Intl.NumberFormat>();

function cached(cache: Map<string, Intl.NumberFormat>, locale: string, options: Intl.NumberFormatOptions) {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(locale, format);
  }
  return format;
}

/** A count: 12,345 in English, 12.345 in German. */
export const formatCount = (value: number, locale: string) => cached(counts, locale, { maximumFractionDigits: 0 }).format(value);

/** Milliseconds as seconds with one decimal (3.5 / 3,5), without the unit. */
export const formatSeconds = (ms: number, locale: string) =>
  cached(decimals, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);

/** A UTC day (YYYY-MM-DD) as the studio writes dates: 31.03.2026 / 2026-03-31. */
export const formatDay = (day: string, locale: string) => formatDate(`${day}T00:00:00Z`, locale);

/** A day on a chart's axis, without the year: 31.03. / 03-31. */
export const shortDay = (day: string, locale: string) => (locale === "de" ? `${day.slice(8, 10)}.${day.slice(5, 7)}.` : day.slice(5));

/** Whether anybody read the ePaper in the range: else the screen shows its empty state instead of zeros. */
export function hasReadership(stats: ReadershipStats): boolean {
  const { totals } = stats;
  return (
    totals.opens + totals.views + totals.tocUses + totals.downloads + totals.shares > 0 ||
    stats.pages.some((page) => page.views > 0) ||
    stats.elements.length > 0 ||
    stats.searches.length > 0
  );
}
