import type { TranslationKey } from "#app/locales/translation-key";
import type { ChannelStats } from "#app/rules/channel-stats";
import type { Locale } from "#app/utils/i18n";
import { asciiFileName, csvDelimiter, csvFile, csvText, type Translate } from "./readership-stats-csv.server.ts";

/*
 * A channel's statistics as one CSV file (issue 31 item 4, ADR 0053 'Channel statistics'): what
 * its screen shows, section after section, written as the ePaper's export is (for Excel in the
 * user's language, every text cell quoted and defused: readership-stats-csv.server.ts).
 */

type Cell = string | number;

/** The CSV file of a channel's `stats` in the user's language (with its byte order mark). */
export function channelStatsCsv(stats: ChannelStats, t: Translate, locale: Locale): string {
  const delimiter = csvDelimiter(locale);
  const lines: string[] = [];
  const row = (cells: Cell[]) => lines.push(cells.map((cell) => (typeof cell === "number" ? String(cell) : csvText(cell))).join(delimiter));
  const section = (title: string, header: TranslationKey[], rows: Cell[][]) => {
    lines.push("");
    row([title]);
    row(header.map((key) => t(key)));
    for (const cells of rows) row(cells);
  };

  row([t("channelStats.csv.title")]);
  row([t("channelStats.csv.channel"), stats.channel.name]);
  row([t("stats.csv.range"), t("stats.csv.rangeValue", stats.range)]);
  row([t("stats.csv.uniquesNote")]);
  row([t("channelStats.scope.text")]);
  const totals = stats.totals;
  section(
    t("stats.csv.summary"),
    [
      "stats.csv.columns.opens",
      "stats.csv.columns.views",
      "stats.csv.columns.uniques",
      "stats.csv.columns.gpcViews",
      "stats.csv.columns.tocUses",
      "stats.csv.columns.downloads",
      "stats.csv.columns.shares",
    ],
    [[totals.opens, totals.views, totals.uniques, totals.gpcViews, totals.tocUses, totals.downloads, totals.shares]],
  );
  section(
    t("stats.csv.days"),
    ["stats.csv.columns.day", "stats.csv.columns.opens", "stats.csv.columns.views", "stats.csv.columns.uniques"],
    stats.days.map((day) => [day.day, day.opens, day.views, day.uniques]),
  );
  section(
    t("channelStats.csv.epapers"),
    [
      "channelStats.csv.columns.epaper",
      "channelStats.csv.columns.inBin",
      "channelStats.csv.columns.firstDay",
      "channelStats.csv.columns.lastDay",
      "stats.csv.columns.opens",
      "stats.csv.columns.views",
      "stats.csv.columns.uniques",
    ],
    stats.epapers.map((epaper) => [
      epaper.name,
      t(epaper.deleted ? "channelStats.csv.yes" : "channelStats.csv.no"),
      epaper.firstDay,
      epaper.lastDay,
      epaper.opens,
      epaper.views,
      epaper.uniques,
    ]),
  );
  return csvFile(lines);
}

/** The download's file name: `<channel name>-statistics-<from>-<to>.csv`, the name reduced to ASCII. */
export function channelStatsFilename(stats: Pick<ChannelStats, "channel" | "range">): string {
  return `${asciiFileName(stats.channel.name, "channel")}-statistics-${stats.range.from}-${stats.range.to}.csv`;
}
