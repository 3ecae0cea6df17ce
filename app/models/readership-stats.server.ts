import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import {
  daysOf,
  type ReadershipStats,
  STATS_DEVICES,
  STATS_TOP_LIMIT,
  type StatsDay,
  type StatsElement,
  type StatsRange,
  type StatsSource,
  type StatsTotals,
} from "#app/rules/readership-stats";
import type { Database } from "#db/client";
import { findAccountEpaper } from "./epaper-pages.server.ts";

/*
 * The statistics view's data (issue 31 item 4, ADR 0053 'The statistics view (phase 2)'): one
 * ePaper of the caller's account over a range of UTC days, read from the rollup tables of
 * migration 0017. Every primary key there starts with (epaper_id, day), so each query below is one
 * range scan of one table's primary key: `epaper_id = ? AND day BETWEEN ? AND ?`, at most
 * STATS_MAX_DAYS days of one ePaper's rows; the top lists group and sort only those rows. The
 * queries are independent and run side by side.
 */

const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const dayText = (day: Date) => day.toISOString().slice(0, 10);
/** MariaDB answers SUM() as DECIMAL; mysql2 makes it a number (decimalNumbers), or null over no rows. */
const count = (value: unknown) => Number(value ?? 0);

type Scope = { epaperId: string; from: Date; to: Date };

/**
 * What the statistics view shows for `epaperId` over `range` (validated with requireStatsRange):
 * totals, every day, every page, the top elements, search terms and referrers, devices and the
 * addresses it was read under. Needs epaperDetails (who may open the ePaper in the editor may see
 * its statistics); another account's or a deleted ePaper is EpaperNotFound (404).
 */
export async function loadReadershipStats(
  db: Database,
  subject: PermissionSubject,
  epaperId: string,
  range: StatsRange,
): Promise<ReadershipStats> {
  requirePermission(subject, "epaperDetails");
  const epaper = await findAccountEpaper(db, subject.accountId, epaperId);
  const scope: Scope = { epaperId: epaper.id, from: dayDate(range.from), to: dayDate(range.to) };
  const [daily, pages, elements, searches, referrers, devices] = await Promise.all([
    loadDaily(db, scope, range, subject.accountId),
    loadPages(db, scope, epaper.pageCount),
    loadElements(db, scope),
    loadSearches(db, scope),
    loadReferrers(db, scope),
    loadDevices(db, scope),
  ]);
  return {
    epaper: { id: epaper.id, name: epaper.name, pageCount: epaper.pageCount },
    range,
    ...daily,
    pages,
    elements,
    searches,
    referrers,
    devices,
  };
}

/**
 * stats_daily, one row per day and address: summed up here into the totals, the days and the
 * addresses (at most a few rows per day: reading them beats three GROUP BYs over the same range).
 * Uniques over a range are the sum of the daily uniques ('daily unique readers'): a reader on two
 * days counts twice, because a day's reader hash is all there is (ADR 0053) and no reader can be
 * followed across days. The same holds across addresses (a preview and a channel are two audiences).
 */
async function loadDaily(db: Database, scope: Scope, range: StatsRange, accountId: string) {
  const rows = await db
    .selectFrom("statsDaily")
    .select(["day", "source", "channelId", "opens", "gpcViews", "views", "uniques", "tocUses", "downloads", "shares"])
    .where("epaperId", "=", scope.epaperId)
    .where("day", ">=", scope.from)
    .where("day", "<=", scope.to)
    .execute();
  const totals: StatsTotals = { opens: 0, views: 0, uniques: 0, gpcViews: 0, tocUses: 0, downloads: 0, shares: 0 };
  const days = new Map<string, StatsDay>(daysOf(range).map((day) => [day, { day, opens: 0, views: 0, uniques: 0 }]));
  const sources = new Map<string, StatsSource>();
  for (const row of rows) {
    for (const key of Object.keys(totals) as (keyof StatsTotals)[]) totals[key] += row[key];
    const day = days.get(dayText(row.day));
    if (day) {
      day.opens += row.opens;
      day.views += row.views;
      day.uniques += row.uniques;
    }
    const key = `${row.source} ${row.channelId}`;
    const source = sources.get(key) ?? { kind: row.source, channelId: row.channelId, channelName: null, opens: 0 };
    source.opens += row.opens;
    sources.set(key, source);
  }
  const channelIds = [...new Set([...sources.values()].map((source) => source.channelId).filter(Boolean))];
  // Only the account's channels name themselves (a channel id is no proof of whose channel it is).
  const names = channelIds.length
    ? await db.selectFrom("channel").select(["id", "name"]).where("accountId", "=", accountId).where("id", "in", channelIds).execute()
    : [];
  const nameOf = new Map(names.map((channel) => [channel.id, channel.name]));
  const sorted = [...sources.values()]
    .map((source) => ({ ...source, channelName: nameOf.get(source.channelId) ?? null }))
    .sort((a, b) => b.opens - a.opens || a.kind.localeCompare(b.kind) || a.channelId.localeCompare(b.channelId));
  return { totals, days: [...days.values()], sources: sorted };
}

/** stats_pages summed per page: every page 1..pageCount (counts of pages since removed are left out). */
async function loadPages(db: Database, scope: Scope, pageCount: number) {
  const rows = await db
    .selectFrom("statsPages")
    .select((eb) => [
      "page",
      eb.fn.sum("views").as("views"),
      eb.fn.sum("readersReached").as("readersReached"),
      eb.fn.sum("totalMs").as("totalMs"),
    ])
    .where("epaperId", "=", scope.epaperId)
    .where("day", ">=", scope.from)
    .where("day", "<=", scope.to)
    .where("page", "<=", pageCount)
    .groupBy("page")
    .execute();
  const byPage = new Map(rows.map((row) => [row.page, row]));
  return Array.from({ length: pageCount }, (_, i) => {
    const row = byPage.get(i + 1);
    const views = count(row?.views);
    return {
      page: i + 1,
      views,
      readersReached: count(row?.readersReached),
      averageMs: views ? Math.round(count(row?.totalMs) / views) : 0,
    };
  });
}

/**
 * The most clicked elements (then the most opened) with what the editor knows of them: kind,
 * label (title, else the link's address or recipient) and page. The top list is made in a derived
 * table first, so only its STATS_TOP_LIMIT rows are joined (page_media and page by primary key).
 */
async function loadElements(db: Database, scope: Scope): Promise<StatsElement[]> {
  const top = db
    .selectFrom("statsElements")
    .select((eb) => ["pageMediaId", eb.fn.sum("opens").as("opens"), eb.fn.sum("clicks").as("clicks")])
    .where("epaperId", "=", scope.epaperId)
    .where("day", ">=", scope.from)
    .where("day", "<=", scope.to)
    .groupBy("pageMediaId")
    .orderBy((eb) => eb.fn.sum("clicks"), "desc")
    .orderBy((eb) => eb.fn.sum("opens"), "desc")
    .orderBy("pageMediaId")
    .limit(STATS_TOP_LIMIT);
  const rows = await db
    .selectFrom(top.as("top"))
    .leftJoin("pageMedia as pm", "pm.id", "top.pageMediaId")
    // Only an element on a page of this ePaper describes itself.
    .leftJoin("page", (join) => join.onRef("page.id", "=", "pm.pageId").on("page.epaperId", "=", scope.epaperId))
    .leftJoin("pageMediaType as type", "type.id", "pm.pageMediaTypeId")
    .leftJoin("pageMediaExternalLink as el", "el.pageMediaId", "pm.id")
    .leftJoin("pageMediaVideo as v", "v.pageMediaId", "pm.id")
    .leftJoin("pageMediaMailtoLink as ml", "ml.pageMediaId", "pm.id")
    .select([
      "top.pageMediaId",
      "top.opens",
      "top.clicks",
      "page.page",
      "type.name as kind",
      "pm.title",
      "el.url as externalUrl",
      "v.url as videoUrl",
      "ml.recipient",
    ])
    .orderBy("top.clicks", "desc")
    .orderBy("top.opens", "desc")
    .orderBy("top.pageMediaId")
    .execute();
  return rows.map((row) => {
    const known = row.page !== null;
    const label = row.title?.trim() || row.externalUrl || row.videoUrl || row.recipient || null;
    return {
      id: row.pageMediaId,
      kind: known ? row.kind : null,
      label: known ? label : null,
      page: row.page,
      opens: count(row.opens),
      clicks: count(row.clicks),
    };
  });
}

/** The most searched terms (ties by term). */
async function loadSearches(db: Database, scope: Scope) {
  const rows = await db
    .selectFrom("statsSearches")
    .select((eb) => ["term", eb.fn.sum("count").as("count")])
    .where("epaperId", "=", scope.epaperId)
    .where("day", ">=", scope.from)
    .where("day", "<=", scope.to)
    .groupBy("term")
    .orderBy((eb) => eb.fn.sum("count"), "desc")
    .orderBy("term")
    .limit(STATS_TOP_LIMIT)
    .execute();
  return rows.map((row) => ({ term: row.term, count: count(row.count) }));
}

/** The referrers with the most opens ('' = direct; ties by domain). */
async function loadReferrers(db: Database, scope: Scope) {
  const rows = await db
    .selectFrom("statsReferrers")
    .select((eb) => ["domain", eb.fn.sum("opens").as("opens")])
    .where("epaperId", "=", scope.epaperId)
    .where("day", ">=", scope.from)
    .where("day", "<=", scope.to)
    .groupBy("domain")
    .orderBy((eb) => eb.fn.sum("opens"), "desc")
    .orderBy("domain")
    .limit(STATS_TOP_LIMIT)
    .execute();
  return rows.map((row) => ({ domain: row.domain, opens: count(row.opens) }));
}

/** Opens per device class, every class (zeros too) in a fixed order. */
async function loadDevices(db: Database, scope: Scope) {
  const rows = await db
    .selectFrom("statsDevices")
    .select((eb) => ["device", eb.fn.sum("opens").as("opens")])
    .where("epaperId", "=", scope.epaperId)
    .where("day", ">=", scope.from)
    .where("day", "<=", scope.to)
    .groupBy("device")
    .execute();
  const opens = new Map(rows.map((row) => [row.device, count(row.opens)]));
  return STATS_DEVICES.map((device) => ({ device, opens: opens.get(device) ?? 0 }));
}
