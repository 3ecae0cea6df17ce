import type { StatsDay, StatsRange, StatsTotals } from "./readership-stats.ts";

/*
 * The statistics of one channel (issue 31 item 4, ADR 0053 'Channel statistics'): its readership
 * over a range of UTC days across every ePaper it showed, shared by the server (the loader and the
 * CSV export) and the screen. The range rule is the ePaper view's (readership-stats.ts). Only what
 * the rollup counts per address can be a channel's: stats_daily's counters. Pages, elements,
 * searches, referrers and devices are counted per ePaper over all its addresses, so a channel
 * screen cannot show them without showing other addresses' readers as its own.
 */

/** One ePaper the channel showed in the range, by its reads under this channel only. */
export type ChannelStatsEpaper = {
  id: string;
  name: string;
  /** In the bin (restorable): its statistics stay, its editor and own screen do not open. */
  deleted: boolean;
  /** The first and the last day of the range with a read of it on this channel (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
  opens: number;
  views: number;
  /** The sum of its daily unique readers on this channel. */
  uniques: number;
};

/** Everything the channel's statistics show for one range. */
export type ChannelStats = {
  channel: {
    id: string;
    name: string;
    /** The ePaper the channel shows now, if any (not in the bin). */
    current: { id: string; name: string } | null;
  };
  range: StatsRange;
  totals: StatsTotals;
  /** Every day of the range, in order; days without readers are zeros. */
  days: StatsDay[];
  /** The ePapers read on the channel in the range: the most recently read first. */
  epapers: ChannelStatsEpaper[];
};

/** Whether anybody read the channel in the range: else the screen says so instead of showing zeros. */
export function hasChannelReadership(stats: Pick<ChannelStats, "totals" | "epapers">): boolean {
  const { totals } = stats;
  return totals.opens + totals.views + totals.tocUses + totals.downloads + totals.shares > 0 || stats.epapers.length > 0;
}
