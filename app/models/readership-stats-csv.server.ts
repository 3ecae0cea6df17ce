import type { TranslationKey } from "#app/locales/translation-key";
import { ENRICHMENT_KINDS, type EnrichmentKind } from "#app/rules/enrichment";
import type { ReadershipStats } from "#app/rules/readership-stats";
import type { Locale } from "#app/utils/i18n";

/*
 * The statistics view as one CSV file (issue 31 item 4; ADR 0053 'The statistics view (phase 2)'):
 * everything the screen shows, one section after the other (a title row, a header row, the rows,
 * a blank row), so a publisher opens one download and finds every table in it. Written for Excel
 * as the common case: UTF-8 with a byte order mark (else Excel reads umlauts as Windows-1252), CRLF
 * line ends, and the separators Excel expects in the user's language: German ';' with a decimal
 * comma, English ',' with a decimal point. Days are ISO (YYYY-MM-DD), which both read as dates.
 * Search terms and referrers are typed by readers: every text cell is quoted, and one that starts
 * like a formula gets a leading apostrophe (CSV injection, OWASP).
 */

export type Translate = (key: TranslationKey, params?: Record<string, string | number>) => string;

const BOM = "\uFEFF";
const CRLF = "\r\n";
/** = + - @, tab and carriage return, and their full-width forms, start a formula in some spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

type Cell = string | number;

/** A text cell as a spreadsheet may not run it: quoted, quotes doubled, a formula start defused. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The cell separator Excel expects for a language (German ';' as its decimal separator is a comma). */
export const csvDelimiter = (locale: Locale) => (locale === "de" ? ";" : ",");

/** A file's lines as the download: byte order mark, CRLF line ends. */
export const csvFile = (lines: string[]) => BOM + lines.join(CRLF) + CRLF;

/** The separators Excel expects for a language. */
function formatOf(locale: Locale) {
  const decimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  return { delimiter: csvDelimiter(locale), seconds: (ms: number) => decimal.format(ms / 1000) };
}

const isKind = (kind: string | null): kind is EnrichmentKind => (ENRICHMENT_KINDS as readonly string[]).includes(kind ?? "");

/** The CSV file of `stats` in the user's language (with its byte order mark). */
export function readershipStatsCsv(stats: ReadershipStats, t: Translate, locale: Locale): string {
  const { delimiter, seconds } = formatOf(locale);
  const column = (key: string) => t(`stats.csv.columns.${key}` as TranslationKey);
  const lines: string[] = [];
  const row = (cells: Cell[]) => lines.push(cells.map((cell) => (typeof cell === "number" ? String(cell) : csvText(cell))).join(delimiter));
  const section = (title: TranslationKey, header: string[], rows: Cell[][]) => {
    lines.push("");
    row([t(title)]);
    row(header.map(column));
    for (const cells of rows) row(cells);
  };

  row([t("stats.csv.title")]);
  row([t("stats.csv.epaper"), stats.epaper.name]);
  row([t("stats.csv.range"), t("stats.csv.rangeValue", stats.range)]);
  row([t("stats.csv.uniquesNote")]);
  const totals = stats.totals;
  section(
    "stats.csv.summary",
    ["opens", "views", "uniques", "gpcViews", "tocUses", "downloads", "shares"],
    [[totals.opens, totals.views, totals.uniques, totals.gpcViews, totals.tocUses, totals.downloads, totals.shares]],
  );
  section(
    "stats.csv.days",
    ["day", "opens", "views", "uniques"],
    stats.days.map((day) => [day.day, day.opens, day.views, day.uniques]),
  );
  section(
    "stats.csv.pages",
    ["page", "views", "readersReached", "averageSeconds"],
    // The average is a text cell only for its decimal separator's sake; quoted numbers still read as numbers.
    stats.pages.map((page) => [page.page, page.views, page.readersReached, seconds(page.averageMs)]),
  );
  section(
    "stats.csv.elements",
    ["element", "kind", "page", "opens", "clicks"],
    stats.elements.map((element) => [
      element.kind === null ? t("stats.csv.removedElement") : (element.label ?? element.id),
      isKind(element.kind) ? t(`editor.kinds.${element.kind}`) : "",
      element.page ?? "",
      element.opens,
      element.clicks,
    ]),
  );
  section(
    "stats.csv.searches",
    ["term", "count"],
    stats.searches.map((search) => [search.term, search.count]),
  );
  section(
    "stats.csv.referrers",
    ["domain", "opens"],
    stats.referrers.map((referrer) => [referrer.domain || t("stats.csv.direct"), referrer.opens]),
  );
  section(
    "stats.csv.devices",
    ["device", "opens"],
    stats.devices.map((device) => [t(`stats.csv.deviceNames.${device.device}`), device.opens]),
  );
  section(
    "stats.csv.sources",
    ["source", "channel", "opens"],
    stats.sources.map((source) => [t(`stats.csv.sourceNames.${source.kind}`), source.channelName ?? source.channelId, source.opens]),
  );
  return csvFile(lines);
}

/**
 * The download's file name: `<name>-statistics-<from>-<to>.csv`, the ePaper's name reduced to
 * ASCII letters, digits, '.', '_' and '-' (accents dropped: 'Frühjahr' → 'Fruhjahr'), so it is
 * safe in a header and on every file system.
 */
export function readershipStatsFilename(stats: Pick<ReadershipStats, "epaper" | "range">): string {
  return `${asciiFileName(stats.epaper.name, "epaper")}-statistics-${stats.range.from}-${stats.range.to}.csv`;
}

/** A name as part of a file name: ASCII letters, digits, '.', '_' and '-' only, at most 80; `fallback` when nothing is left. */
export function asciiFileName(name: string, fallback: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/-{2,}/g, "-")
      .replace(/^[-.]+|[-.]+$/g, "")
      .slice(0, 80) || fallback
  );
}
