import { createId } from "@paralleldrive/cuid2";
import { sql } from "kysely";
import { addDays, utcDayOf } from "#app/rules/readership-stats";
import { aggregate } from "#app/stats/stats-aggregate";
import type { StatsEvent } from "#app/stats/stats-events";
import type { StatsEntry } from "#app/stats/stats-stream.server";
import type { Database } from "#db/client";
import { insertUserWithLevel } from "#tests/support/fixtures";

/*
 * The statistics view's data set of `npm run bench:analytics` (issue 31): what ten million reader
 * events in ten thousand publications leave in the rollup tables. The events are made up here,
 * summed up by the worker's own aggregate() (the code that fills the tables in production) and
 * written in bulk, so the rows are the rows the pipeline would have written, without pushing ten
 * million events through Redis first.
 *
 * Readership is skewed as it is in the field: publication i of n gets a share ∝ 1/(i+10)^1.1 of
 * all events (a few catalogues read by thousands, a long tail read by a handful), spread over the
 * last 90 days; ten of the most read have 1,000 pages (the largest document we accept), the rest
 * 24. Each beacon is one reader's minute: an open, the pages turned (time per page), sometimes a
 * media element, a search term or the TOC.
 */

export type Dataset = { accountId: string; epapers: { id: string; pageCount: number; events: number }[]; events: number; rows: number };

const DAYS = 90;
const TERMS = ["price", "opening hours", "contact", "menu", "jobs", "sale", "delivery", "size", "colour", "warranty"];
const REFERRERS = ["", "google.com", "facebook.com", "newsletter.example", "instagram.com"];
const DEVICES = ["phone", "tablet", "desktop"] as const;

/** A small deterministic generator (mulberry32): the same data set every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many events each of `count` publications gets of `total`, most read first. */
function shares(count: number, total: number): number[] {
  const weights = Array.from({ length: count }, (_, i) => 1 / (i + 10) ** 1.1);
  const sum = weights.reduce((a, b) => a + b, 0);
  const events = weights.map((w) => Math.max(5, Math.round((w / sum) * total)));
  return events;
}

/** One beacon of a reader: about 10 events. */
function beacon(rand: () => number, pageCount: number, elements: string[]): StatsEvent[] {
  const events: StatsEvent[] = [{ t: "open", ref: REFERRERS[Math.floor(rand() * REFERRERS.length)] ?? "", w: 390 }];
  let page = 1 + Math.floor(rand() * Math.min(pageCount, 40)) * (rand() < 0.2 ? Math.max(1, Math.floor(pageCount / 40)) : 1);
  for (let turn = 0; turn < 7; turn++) {
    events.push({ t: "page", p: Math.min(pageCount, page), ms: 1000 + Math.floor(rand() * 20_000) });
    page += rand() < 0.8 ? 1 : 2;
  }
  const roll = rand();
  if (roll < 0.4)
    events.push({ t: "media", id: elements[Math.floor(rand() * elements.length)] as string, a: rand() < 0.5 ? "open" : "click" });
  else if (roll < 0.7) events.push({ t: "search", q: TERMS[Math.floor(rand() * TERMS.length)] as string });
  else events.push({ t: "toc" });
  if (rand() < 0.2) events.push({ t: "download" });
  return events;
}

async function insertInChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 2000) await write(rows.slice(start, start + 2000));
}

const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** Seeds `publications` ePapers of one account and the rollup rows of `totalEvents` events over them. */
export async function seedStatsDataset(db: Database, publications: number, totalEvents: number, now = new Date()): Promise<Dataset> {
  const owner = await insertUserWithLevel(db, "2", { emailDomain: "analytics-bench.epaper.test" });
  const folderId = createId();
  await db.insertInto("folder").values({ id: folderId, accountId: owner.accountId, parentId: null, name: "Bench" }).execute();
  const perEpaper = shares(publications, totalEvents);
  const epapers = perEpaper.map((events, index) => ({ id: createId(), pageCount: index % 7 === 3 && index < 70 ? 1000 : 24, events }));
  await insertInChunks(epapers, (chunk) =>
    db
      .insertInto("epaper")
      .values(
        chunk.map((e, i) => ({
          id: e.id,
          accountId: owner.accountId,
          folderId,
          name: `Bench ${i}`,
          languageCode: "de",
          isRendered: true,
          pageCount: e.pageCount,
        })),
      )
      .execute(),
  );
  const today = utcDayOf(now);
  const rand = random(31);
  let events = 0;
  let rows = 0;
  // Groups of about 300,000 events, summed up and written one after the other (memory stays small).
  const groups: (typeof epapers)[] = [[]];
  let inGroup = 0;
  for (const epaper of epapers) {
    if (inGroup + epaper.events > 300_000 && (groups.at(-1)?.length ?? 0) > 0) {
      groups.push([]);
      inGroup = 0;
    }
    groups.at(-1)?.push(epaper);
    inGroup += epaper.events;
  }
  for (const group of groups) {
    const entries: StatsEntry[] = [];
    // Elements exist as page_media rows only for the checks the rollup makes; the view reads their ids.
    const elementIds = new Map(group.map((e) => [e.id, [createId(), createId(), createId()]]));
    for (const epaper of group) {
      let left = epaper.events;
      while (left > 0) {
        const events = beacon(rand, epaper.pageCount, elementIds.get(epaper.id) ?? []);
        const day = addDays(today, -Math.floor(rand() ** 1.5 * DAYS));
        const device = DEVICES[Math.floor(rand() * 3)] ?? "phone";
        entries.push({ epaperId: epaper.id, source: "channel", channelId: null, day, hash: "0".repeat(32), gpc: false, device, events });
        left -= events.length;
      }
    }
    events += entries.reduce((sum, entry) => sum + entry.events.length, 0);
    const rollup = aggregate(entries, {
      pageCounts: new Map(group.map((e) => [e.id, e.pageCount])),
      elementEpaper: new Map([...elementIds].flatMap(([epaperId, ids]) => ids.map((id) => [id, epaperId] as const))),
      // Distinct readers come from Redis's HyperLogLogs in production; a fixed share here.
      readersOf: () => 1 + Math.floor(rand() * 50),
      pageReadersOf: () => 1 + Math.floor(rand() * 40),
    });
    await insertInChunks(rollup.daily, (c) =>
      db
        .insertInto("statsDaily")
        .values(c.map((r) => ({ ...r, day: dayDate(r.day) })))
        .execute(),
    );
    await insertInChunks(rollup.pages, (c) =>
      db
        .insertInto("statsPages")
        .values(c.map((r) => ({ ...r, day: dayDate(r.day) })))
        .execute(),
    );
    await insertInChunks(rollup.elements, (c) =>
      db
        .insertInto("statsElements")
        .values(c.map((r) => ({ ...r, day: dayDate(r.day) })))
        .execute(),
    );
    await insertInChunks(rollup.searches, (c) =>
      db
        .insertInto("statsSearches")
        .values(c.map((r) => ({ ...r, day: dayDate(r.day) })))
        .execute(),
    );
    await insertInChunks(rollup.referrers, (c) =>
      db
        .insertInto("statsReferrers")
        .values(c.map((r) => ({ ...r, day: dayDate(r.day) })))
        .execute(),
    );
    await insertInChunks(rollup.devices, (c) =>
      db
        .insertInto("statsDevices")
        .values(c.map((r) => ({ ...r, day: dayDate(r.day) })))
        .execute(),
    );
    rows += Object.values(rollup).reduce((sum, table) => sum + table.length, 0);
  }
  await sql`ANALYZE TABLE stats_daily, stats_pages, stats_elements, stats_searches, stats_referrers, stats_devices`.execute(db);
  return { accountId: owner.accountId, epapers, events, rows };
}
