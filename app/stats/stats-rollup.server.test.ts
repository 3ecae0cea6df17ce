import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import type { StatsEventInput } from "./stats-events.ts";
import { createStatsIngest } from "./stats-ingest.server.ts";
import { applyEntries, claimStaleEntries, ensureStatsGroup, type RollupDeps, readNewEntries } from "./stats-rollup.server.ts";
import { startStatsRollup } from "./stats-rollup-loop.server.ts";
import { type StatsTarget, statsKeys } from "./stats-stream.server.ts";

// Issue 31: the worker turns the stream into counts in MariaDB, exactly once, whatever happens to
// a consumer between reading and acknowledging.

const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const DAY_MS = 24 * 3600_000;

let redis: Redis;
let accountId: string;
let prefix: string;
let clock: number;
const prefixes: string[] = [];

beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  ({ accountId } = await insertAccountWithUser(db));
});

beforeEach(async () => {
  // A stream, group and reader sets of this test's own (the suite shares Redis database 15).
  prefix = `stats-test-${createId()}`;
  prefixes.push(prefix);
  clock = Date.parse("2026-11-27T10:00:00Z");
  await ensureStatsGroup(redis, statsKeys(prefix));
});

afterAll(async () => {
  for (const used of prefixes) {
    const leftovers = await redis.keys(`${used}:*`);
    if (leftovers.length) await redis.del(...leftovers);
  }
  await redis.quit();
  await db.deleteFrom("account").where("id", "=", accountId).execute();
  await db.destroy();
});

const deps = (extra: Partial<RollupDeps> = {}): RollupDeps => ({ db, redis, prefix, consumer: "a", log: () => {}, ...extra });

/** An ePaper of `pages` pages with one media element on its first page. */
async function epaperWithElement(owner = accountId, pages = 3) {
  const epaperId = createId();
  await db.insertInto("epaper").values({ id: epaperId, accountId: owner, name: "Stats", languageCode: "en", pageCount: pages }).execute();
  const pageId = createId();
  await db.insertInto("page").values({ id: pageId, epaperId, page: 1, sourcePage: 1 }).execute();
  const type = await db.selectFrom("pageMediaType").select("id").where("name", "=", "externalLink").executeTakeFirstOrThrow();
  const elementId = createId();
  await db.insertInto("pageMedia").values({ id: elementId, pageId, pageMediaTypeId: type.id, title: "Shop" }).execute();
  return { epaperId, elementId };
}

/** One beacon through the real ingest (the content origin's half), as a reader at `ip` with `agent` sends it. */
async function send(
  target: StatsTarget,
  events: StatsEventInput[],
  reader: { ip?: string; agent?: string; headers?: Record<string, string> } = {},
) {
  const ingest = createStatsIngest({ db, redis, prefix, now: () => clock });
  const outcome = await ingest.ingest({
    target,
    headers: { "user-agent": reader.agent ?? DESKTOP, ...reader.headers },
    ip: reader.ip ?? "10.0.0.1",
    body: Buffer.from(JSON.stringify({ v: 1, events })),
    ownHosts: ["content.test"],
  });
  expect(outcome).toBe("queued");
}

/** Reads and counts everything in the stream as consumer `a`. */
async function rollup() {
  const entries = await readNewEntries(deps());
  return applyEntries(deps(), entries);
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const preview = (epaperId: string): StatsTarget => ({ epaperId, source: "preview", channelId: null });

async function daily(epaperId: string) {
  return db
    .selectFrom("statsDaily")
    .select(["day", "source", "channelId", "opens", "gpcViews", "views", "uniques", "tocUses", "downloads", "shares"])
    .where("epaperId", "=", epaperId)
    .orderBy("day")
    .orderBy("source")
    .execute();
}

async function everything(epaperId: string) {
  return {
    daily: await daily(epaperId),
    pages: await db
      .selectFrom("statsPages")
      .select(["page", "views", "readersReached", "totalMs"])
      .where("epaperId", "=", epaperId)
      .orderBy("page")
      .execute(),
    elements: await db.selectFrom("statsElements").select(["pageMediaId", "opens", "clicks"]).where("epaperId", "=", epaperId).execute(),
    searches: await db.selectFrom("statsSearches").select(["term", "count"]).where("epaperId", "=", epaperId).orderBy("term").execute(),
    referrers: await db
      .selectFrom("statsReferrers")
      .select(["domain", "opens"])
      .where("epaperId", "=", epaperId)
      .orderBy("domain")
      .execute(),
    devices: await db.selectFrom("statsDevices").select(["device", "opens"]).where("epaperId", "=", epaperId).orderBy("device").execute(),
  };
}

test("a day's beacons become exact counts in every table", async () => {
  const { epaperId, elementId } = await epaperWithElement();
  await send(preview(epaperId), [
    { t: "open", ref: "https://www.google.com/search?q=spring", w: 1280 },
    { t: "page", p: 1, ms: 1000 },
    { t: "page", p: 2, ms: 2000 },
    { t: "media", id: elementId, a: "open" },
    { t: "media", id: elementId, a: "click" },
    { t: "search", q: "Spring Sale" },
    { t: "toc" },
    { t: "download" },
    { t: "share", n: "facebook" },
  ]);
  await send(
    preview(epaperId),
    [
      { t: "open", ref: "", w: 390 },
      { t: "page", p: 1, ms: 500 },
      { t: "search", q: "spring  sale" },
    ],
    {
      ip: "10.0.0.2",
      agent: PHONE,
    },
  );
  await send({ epaperId, source: "channel", channelId: "chan1" }, [{ t: "open", ref: "https://news.example.org/", w: 1600 }]);
  expect(await rollup()).toEqual({ counted: 3, repeated: 0, dropped: 0 });
  expect(await everything(epaperId)).toEqual({
    daily: [
      {
        day: day("2026-11-27"),
        source: "preview",
        channelId: "",
        opens: 2,
        gpcViews: 0,
        views: 3,
        uniques: 2,
        tocUses: 1,
        downloads: 1,
        shares: 1,
      },
      {
        day: day("2026-11-27"),
        source: "channel",
        channelId: "chan1",
        opens: 1,
        gpcViews: 0,
        views: 0,
        uniques: 1,
        tocUses: 0,
        downloads: 0,
        shares: 0,
      },
    ],
    pages: [
      { page: 1, views: 2, readersReached: 2, totalMs: 1500 },
      { page: 2, views: 1, readersReached: 1, totalMs: 2000 },
    ],
    elements: [{ pageMediaId: elementId, opens: 1, clicks: 1 }],
    searches: [{ term: "spring sale", count: 2 }],
    referrers: [
      { domain: "", opens: 1 },
      { domain: "google.com", opens: 1 },
      { domain: "news.example.org", opens: 1 },
    ],
    devices: [
      { device: "phone", opens: 1 },
      { device: "desktop", opens: 2 },
    ],
  });
  // Counted: nothing of the raw events stays in Redis.
  expect(await redis.xlen(statsKeys(prefix).stream)).toBe(0);
});

test("a reader is one reader a day (same address and browser), two addresses are two, and the next day has a new salt", async () => {
  const { epaperId } = await epaperWithElement();
  await send(preview(epaperId), [
    { t: "open", ref: "", w: 1280 },
    { t: "page", p: 1, ms: 100 },
  ]);
  // Back after more than half an hour: a second open (a new session), the same reader.
  clock += 31 * 60_000;
  await send(preview(epaperId), [
    { t: "open", ref: "", w: 1280 },
    { t: "page", p: 1, ms: 100 },
  ]);
  await rollup();
  await send(preview(epaperId), [{ t: "page", p: 1, ms: 100 }]);
  await rollup();
  expect((await daily(epaperId)).map((row) => row.uniques)).toEqual([1]);
  await send(preview(epaperId), [{ t: "page", p: 1, ms: 100 }], { ip: "10.0.0.9" });
  await rollup();
  expect((await daily(epaperId)).map((row) => row.uniques)).toEqual([2]);
  const keys = statsKeys(prefix);
  const firstSalt = await redis.get(keys.salt("2026-11-27"));
  clock += DAY_MS;
  await send(preview(epaperId), [
    { t: "open", ref: "", w: 1280 },
    { t: "page", p: 1, ms: 100 },
  ]);
  await rollup();
  expect(await redis.get(keys.salt("2026-11-28"))).not.toBe(firstSalt);
  expect((await daily(epaperId)).map((row) => [row.day, row.uniques, row.opens, row.views])).toEqual([
    [day("2026-11-27"), 2, 2, 4],
    [day("2026-11-28"), 1, 1, 1],
  ]);
  const pages = await db
    .selectFrom("statsPages")
    .select(["day", "readersReached"])
    .where("epaperId", "=", epaperId)
    .orderBy("day")
    .execute();
  expect(pages.map((row) => row.readersReached)).toEqual([2, 1]);
  // Salts and reader sets go after two days.
  expect(await redis.ttl(keys.salt("2026-11-28"))).toBeGreaterThan(DAY_MS / 1000);
  expect(await redis.ttl(keys.readers({ epaperId, day: "2026-11-28", source: "preview", channelId: null }))).toBeGreaterThan(DAY_MS / 1000);
});

test("pages the ePaper does not have, elements of another ePaper and entries of no ePaper are dropped", async () => {
  const { epaperId } = await epaperWithElement();
  const other = await epaperWithElement();
  await send(preview(epaperId), [
    { t: "page", p: 3, ms: 10 },
    { t: "page", p: 4, ms: 10 },
    { t: "media", id: other.elementId, a: "click" },
    { t: "media", id: `${createId()}-pdf-1`, a: "click" },
    { t: "media", id: 17, a: "open" },
  ]);
  await send(preview(createId()), [{ t: "open", ref: "", w: 1 }]);
  expect(await rollup()).toEqual({ counted: 1, repeated: 0, dropped: 1 });
  const counts = await everything(epaperId);
  expect(counts.pages).toEqual([{ page: 3, views: 1, readersReached: 1, totalMs: 10 }]);
  expect(counts.elements).toEqual([]);
  expect(counts.daily[0]?.views).toBe(1);
  expect((await everything(other.epaperId)).elements).toEqual([]);
});

test("a reader asking not to be tracked counts as an open and a GPC view, nothing else", async () => {
  const { epaperId } = await epaperWithElement();
  await send(preview(epaperId), [{ t: "open", ref: "https://google.com", w: 300 }, { t: "page", p: 1, ms: 10 }, { t: "toc" }], {
    headers: { "sec-gpc": "1" },
  });
  await rollup();
  expect(await everything(epaperId)).toEqual({
    daily: [
      {
        day: day("2026-11-27"),
        source: "preview",
        channelId: "",
        opens: 1,
        gpcViews: 1,
        views: 0,
        uniques: 0,
        tocUses: 0,
        downloads: 0,
        shares: 0,
      },
    ],
    pages: [],
    elements: [],
    searches: [],
    referrers: [],
    devices: [],
  });
});

test("a consumer that dies after reading, before its XACK: another takes the entries over and counts them once", async () => {
  const { epaperId } = await epaperWithElement();
  await send(preview(epaperId), [
    { t: "open", ref: "", w: 1280 },
    { t: "page", p: 1, ms: 100 },
  ]);
  await send(preview(epaperId), [{ t: "page", p: 2, ms: 100 }], { ip: "10.0.0.2" });
  // Consumer a reads (the entries are pending for it) and dies.
  expect(await readNewEntries(deps())).toHaveLength(2);
  expect(await daily(epaperId)).toEqual([]);
  // Consumer b: nothing new to read, but a's entries are idle long enough to be taken over.
  expect(await readNewEntries(deps({ consumer: "b" }))).toEqual([]);
  expect(await claimStaleEntries(deps({ consumer: "b", claimIdleMs: 60_000 }))).toEqual({ counted: 0, repeated: 0, dropped: 0 });
  expect(await claimStaleEntries(deps({ consumer: "b", claimIdleMs: 0 }))).toEqual({ counted: 2, repeated: 0, dropped: 0 });
  expect((await daily(epaperId)).map((row) => [row.opens, row.views, row.uniques])).toEqual([[1, 2, 2]]);
  const keys = statsKeys(prefix);
  expect(await redis.xpending(keys.stream, keys.group)).toEqual([0, null, null, null]);
  // Claimed again (nothing is left), counted again: nothing changes.
  expect(await claimStaleEntries(deps({ consumer: "c", claimIdleMs: 0 }))).toEqual({ counted: 0, repeated: 0, dropped: 0 });
  expect((await daily(epaperId)).map((row) => [row.opens, row.views, row.uniques])).toEqual([[1, 2, 2]]);
});

test("entries whose counts were committed but whose XACK was lost are not counted twice when delivered again", async () => {
  const { epaperId } = await epaperWithElement();
  await send(preview(epaperId), [
    { t: "open", ref: "", w: 1280 },
    { t: "page", p: 1, ms: 100 },
    { t: "search", q: "once" },
  ]);
  const crash = new Error("killed before XACK");
  const entries = await readNewEntries(deps());
  await expect(applyEntries(deps({ afterCommit: () => Promise.reject(crash) }), entries)).rejects.toBe(crash);
  const committed = await everything(epaperId);
  expect(committed.daily.map((row) => [row.opens, row.views])).toEqual([[1, 1]]);
  // Delivered again: to another consumer by XAUTOCLAIM, and to the same one re-reading its pending entries.
  expect(await claimStaleEntries(deps({ consumer: "b", claimIdleMs: 0 }))).toEqual({ counted: 0, repeated: 1, dropped: 0 });
  expect(await applyEntries(deps(), entries)).toEqual({ counted: 0, repeated: 1, dropped: 0 });
  expect(await everything(epaperId)).toEqual(committed);
  const keys = statsKeys(prefix);
  expect(await redis.xpending(keys.stream, keys.group)).toEqual([0, null, null, null]);
  expect(await redis.xlen(keys.stream)).toBe(0);
});

test("two consumers counting the same entries at the same moment count them once", async () => {
  const { epaperId } = await epaperWithElement();
  await send(preview(epaperId), [
    { t: "open", ref: "", w: 1280 },
    { t: "page", p: 1, ms: 100 },
  ]);
  await send(preview(epaperId), [{ t: "page", p: 2, ms: 100 }]);
  const entries = await readNewEntries(deps());
  const reports = await Promise.all([applyEntries(deps(), entries), applyEntries(deps({ consumer: "b" }), entries)]);
  expect(reports.reduce((sum, report) => sum + report.counted, 0)).toBe(2);
  expect(reports.reduce((sum, report) => sum + report.repeated, 0)).toBe(2);
  expect((await daily(epaperId)).map((row) => [row.opens, row.views])).toEqual([[1, 2]]);
});

test("the worker's loop counts what arrives and stops cleanly", async () => {
  const { epaperId } = await epaperWithElement();
  const loop = startStatsRollup(deps({ consumer: "loop" }), { blockMs: 100, maintenanceMs: 60_000 });
  try {
    await send(preview(epaperId), [{ t: "open", ref: "", w: 1280 }]);
    await expect.poll(async () => (await daily(epaperId))[0]?.opens, { timeout: 10_000 }).toBe(1);
    await send(preview(epaperId), [{ t: "open", ref: "", w: 1280 }], { ip: "10.0.0.7" });
    await expect.poll(async () => (await daily(epaperId))[0]?.opens, { timeout: 10_000 }).toBe(2);
  } finally {
    await loop.close();
  }
});

test("the loop waits a moment for more when a read finds less than a batch: beacons that trickle in are counted in one transaction", async () => {
  const { epaperId } = await epaperWithElement();
  const commits: string[][] = [];
  const loop = startStatsRollup(deps({ consumer: "linger", afterCommit: (ids) => void commits.push(ids) }), {
    blockMs: 100,
    maintenanceMs: 60_000,
    lingerMs: 600,
  });
  try {
    for (let beacon = 0; beacon < 3; beacon++) {
      await send(preview(epaperId), [{ t: "open", ref: "", w: 1280 }], { ip: `10.0.1.${beacon}` });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await expect.poll(async () => (await daily(epaperId))[0]?.opens, { timeout: 10_000 }).toBe(3);
    expect(commits.map((ids) => ids.length)).toEqual([3]);
  } finally {
    await loop.close();
  }
});
