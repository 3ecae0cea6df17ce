import type { DeviceClass, StatsSource } from "./stats-events.ts";
import type { StatsEntry } from "./stats-stream.server.ts";

/*
 * One batch of stream entries summed up in memory (issue 31, ADR 0053): the rows the rollup adds
 * to its tables, one per key, in key order (so concurrent transactions lock rows in one order).
 * Pure: what the database and the reader sets know comes in as arguments.
 */

export type DailyRow = {
  epaperId: string;
  day: string;
  source: StatsSource;
  channelId: string;
  opens: number;
  gpcViews: number;
  views: number;
  /** Distinct readers of the day so far (set, not added). */
  uniques: number;
  tocUses: number;
  downloads: number;
  shares: number;
};
export type PageRow = { epaperId: string; day: string; page: number; views: number; readersReached: number; totalMs: number };
export type ElementRow = { epaperId: string; day: string; pageMediaId: string; opens: number; clicks: number };
export type SearchRow = { epaperId: string; day: string; term: string; count: number };
export type ReferrerRow = { epaperId: string; day: string; domain: string; opens: number };
export type DeviceRow = { epaperId: string; day: string; device: DeviceClass; opens: number };

export type Rollup = {
  daily: DailyRow[];
  pages: PageRow[];
  elements: ElementRow[];
  searches: SearchRow[];
  referrers: ReferrerRow[];
  devices: DeviceRow[];
};

export type RollupFacts = {
  /** Page counts of the ePapers that exist; an entry of any other ePaper is dropped. */
  pageCounts: ReadonlyMap<string, number>;
  /** The ePaper each known media element belongs to. */
  elementEpaper: ReadonlyMap<string, string>;
  /** Distinct readers of an ePaper on a day under one address (the entry's `readers` key). */
  readersOf: (entry: StatsEntry) => number;
  /** Distinct readers of one page of an ePaper on a day. */
  pageReadersOf: (epaperId: string, day: string, page: number) => number;
};

/** A map of rows by key that makes each row on first use; `rows()` in key order. */
function table<R>() {
  const map = new Map<string, R>();
  return {
    row(key: string, make: () => R): R {
      let row = map.get(key);
      if (!row) {
        row = make();
        map.set(key, row);
      }
      return row;
    },
    rows: () => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row),
  };
}

/** Sums up `entries` (every one counted once: the caller leaves out what was counted before). */
export function aggregate(entries: readonly StatsEntry[], facts: RollupFacts): Rollup {
  const daily = table<DailyRow>();
  const pages = table<PageRow>();
  const elements = table<ElementRow>();
  const searches = table<SearchRow>();
  const referrers = table<ReferrerRow>();
  const devices = table<DeviceRow>();
  for (const entry of entries) {
    const pageCount = facts.pageCounts.get(entry.epaperId);
    if (pageCount === undefined) continue;
    const { epaperId, day } = entry;
    const channelId = entry.channelId ?? "";
    const zero = { opens: 0, gpcViews: 0, views: 0, uniques: 0, tocUses: 0, downloads: 0, shares: 0 };
    const today = daily.row(`${epaperId}|${day}|${entry.source}|${channelId}`, () => ({
      epaperId,
      day,
      source: entry.source,
      channelId,
      ...zero,
    }));
    if (entry.hash) today.uniques = Math.max(today.uniques, facts.readersOf(entry));
    for (const event of entry.events) {
      if (event.t === "open") {
        today.opens++;
        if (entry.gpc) {
          today.gpcViews++;
          continue;
        }
        referrers.row(`${epaperId}|${day}|${event.ref}`, () => ({ epaperId, day, domain: event.ref, opens: 0 })).opens++;
        const device = entry.device ?? "desktop";
        devices.row(`${epaperId}|${day}|${device}`, () => ({ epaperId, day, device, opens: 0 })).opens++;
        continue;
      }
      // A reader who asked not to be tracked is an open, nothing more (the ingest sends nothing else).
      // A keepalive (`live`) only keeps a reader in 'reading now': no view, nothing to count (the
      // ingest does not queue it; one in an older or forged entry is passed over here too).
      if (entry.gpc || event.t === "live") continue;
      if (event.t === "page") {
        // A page the ePaper does not have is no page (the reader is not trusted with numbers).
        if (event.p > pageCount) continue;
        today.views++;
        const key = `${epaperId}|${day}|${String(event.p).padStart(6, "0")}`;
        const page = pages.row(key, () => ({ epaperId, day, page: event.p, views: 0, readersReached: 0, totalMs: 0 }));
        page.views++;
        page.totalMs += event.ms;
        if (entry.hash) page.readersReached = Math.max(page.readersReached, facts.pageReadersOf(epaperId, day, event.p));
      } else if (event.t === "media") {
        if (facts.elementEpaper.get(event.id) !== epaperId) continue;
        const element = elements.row(`${epaperId}|${day}|${event.id}`, () => ({
          epaperId,
          day,
          pageMediaId: event.id,
          opens: 0,
          clicks: 0,
        }));
        if (event.a === "open") element.opens++;
        else element.clicks++;
      } else if (event.t === "search") {
        searches.row(`${epaperId}|${day}|${event.q}`, () => ({ epaperId, day, term: event.q, count: 0 })).count++;
      } else if (event.t === "toc") today.tocUses++;
      else if (event.t === "download") today.downloads++;
      else if (event.t === "share") today.shares++;
    }
  }
  return {
    daily: daily.rows(),
    pages: pages.rows(),
    elements: elements.rows(),
    searches: searches.rows(),
    referrers: referrers.rows(),
    devices: devices.rows(),
  };
}
