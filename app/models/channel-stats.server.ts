import { AppError } from "#app/errors/app-error";
import type { ChannelStats, ChannelStatsEpaper } from "#app/rules/channel-stats";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { daysOf, type StatsDay, type StatsRange, type StatsTotals } from "#app/rules/readership-stats";
import type { Database } from "#db/client";

/*
 * A channel's statistics (issue 31 item 4, ADR 0053 'Channel statistics'): the readership of one
 * channel of the caller's account over a range of UTC days, across every ePaper it showed. A
 * channel's reads are the stats_daily rows with source 'channel' and its id; the index of migration
 * 0018 (channel_id, day) makes them one range scan, bounded by the channel's rows in the range
 * (366 days × the ePapers it showed on each), never by the account's ePapers or the table's size.
 * The other rollup tables count per ePaper over all its addresses and cannot be split per channel.
 */

/** Another account's channel, a removed one or an id that never was: 404 either way, nothing told apart. */
export class ChannelStatsNotFound extends AppError {
  override name = "NotFound";
  constructor(channelId: string) {
    super("channelStats.errors.channelNotFound", { status: 404, detail: `channel ${channelId}` });
  }
}

const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const dayText = (day: Date) => day.toISOString().slice(0, 10);

/**
 * What the channel statistics show for `channelId` over `range` (validated with the ePaper view's
 * range rule): totals, every day, and each ePaper read on the channel. Needs channelWorkspace (who
 * may see the channel workspace may see its channels' statistics); another account's or a removed
 * channel is ChannelStatsNotFound (404).
 */
export async function loadChannelStats(
  db: Database,
  subject: PermissionSubject,
  channelId: string,
  range: StatsRange,
): Promise<ChannelStats> {
  requirePermission(subject, "channelWorkspace");
  const channel = await db
    .selectFrom("channel")
    .leftJoin("epaper", (join) => join.onRef("epaper.id", "=", "channel.epaperId").on("epaper.deletedAt", "is", null))
    .select(["channel.id", "channel.name", "epaper.id as epaperId", "epaper.name as epaperName"])
    .where("channel.id", "=", channelId)
    .where("channel.accountId", "=", subject.accountId)
    .where("channel.deletedAt", "is", null)
    .executeTakeFirst();
  if (!channel) throw new ChannelStatsNotFound(channelId);
  const rows = await db
    .selectFrom("statsDaily")
    .select(["epaperId", "day", "opens", "gpcViews", "views", "uniques", "tocUses", "downloads", "shares"])
    .where("channelId", "=", channel.id)
    .where("source", "=", "channel")
    .where("day", ">=", dayDate(range.from))
    .where("day", "<=", dayDate(range.to))
    .execute();
  const epaperIds = [...new Set(rows.map((row) => row.epaperId))];
  // Only the account's own ePapers count and name themselves: a channel shows only its account's
  // ePapers, so this drops nothing real, and no other account's name or number could ever show.
  const epapers = epaperIds.length
    ? await db
        .selectFrom("epaper")
        .select(["id", "name", "deletedAt"])
        .where("accountId", "=", subject.accountId)
        .where("id", "in", epaperIds)
        .execute()
    : [];
  const known = new Map(epapers.map((epaper) => [epaper.id, epaper]));

  const totals: StatsTotals = { opens: 0, views: 0, uniques: 0, gpcViews: 0, tocUses: 0, downloads: 0, shares: 0 };
  const days = new Map<string, StatsDay>(daysOf(range).map((day) => [day, { day, opens: 0, views: 0, uniques: 0 }]));
  const byEpaper = new Map<string, ChannelStatsEpaper>();
  for (const row of rows) {
    const epaper = known.get(row.epaperId);
    if (!epaper) continue;
    const day = dayText(row.day);
    for (const key of Object.keys(totals) as (keyof StatsTotals)[]) totals[key] += row[key];
    const total = days.get(day);
    if (total) {
      total.opens += row.opens;
      total.views += row.views;
      total.uniques += row.uniques;
    }
    const entry = byEpaper.get(epaper.id) ?? {
      id: epaper.id,
      name: epaper.name,
      deleted: epaper.deletedAt !== null,
      firstDay: day,
      lastDay: day,
      opens: 0,
      views: 0,
      uniques: 0,
    };
    entry.opens += row.opens;
    entry.views += row.views;
    entry.uniques += row.uniques;
    if (day < entry.firstDay) entry.firstDay = day;
    if (day > entry.lastDay) entry.lastDay = day;
    byEpaper.set(epaper.id, entry);
  }
  // The most recently read first: a channel's ePapers follow one another, so this reads as its history backwards.
  const list = [...byEpaper.values()].sort(
    (a, b) => b.lastDay.localeCompare(a.lastDay) || b.views - a.views || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
  return {
    channel: {
      id: channel.id,
      name: channel.name,
      current: channel.epaperId ? { id: channel.epaperId, name: channel.epaperName ?? "" } : null,
    },
    range,
    totals,
    days: [...days.values()],
    epapers: list,
  };
}
