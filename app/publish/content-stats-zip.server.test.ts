import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { db } from "#app/utils/db.server";
import { startContentServer, type TestContentServer } from "#tests/support/content-server";
import { closeStatsRedis, openStatsRedis } from "#tests/support/stats-redis";
import { createStatsIngest } from "#app/stats/stats-ingest.server";
import { applyEntries, ensureStatsGroup, readNewEntries } from "#app/stats/stats-rollup.server";
import { decodeEntry, type StatsEntry, statsKeys } from "#app/stats/stats-stream.server";
import { zipStatsAddress } from "./reader-settings.server.ts";

// Issue 31 item 1 (ADR 0053 'Zip packages'): a self-hosted zip package counted in this studio
// posts its beacons from the customer's site to `<content origin>/zip/<epaperId>/_stats` (real HTTP
// against the real handler, MariaDB and Redis). Accepted only while the ePaper is not deleted and
// has statistics and 'count zip packages in this studio' on; anything else is 404, queueing nothing.

const DOMAIN = "channels.test:8443";
const PREFIX = `stats-zip-test-${createId()}`;
const keys = statsKeys(PREFIX);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

let server: TestContentServer;
let contentHost: string;
let redis: Redis;
let accountId: string;

beforeAll(async () => {
  redis = openStatsRedis();
  await ensureStatsGroup(redis, keys);
  server = await startContentServer(db, {
    // No file is served here: the zip is hosted by the customer.
    blobs: new FolderBlobStore("/nonexistent-zip-stats-test"),
    studioOrigin: "http://studio.test",
    channelDomain: DOMAIN,
    // Every beacon reads the switch afresh (the ingest's own cache would hide a change for 30 s).
    stats: createStatsIngest({ db, redis, prefix: PREFIX, settingsTtlMs: 0 }),
  });
  ({ host: contentHost, accountId } = server);
});

afterAll(async () => {
  await server.close();
  await closeStatsRedis(redis, PREFIX);
  await db.destroy();
});

type ZipSetting = { statistics?: boolean; zip?: boolean; target?: "studio" | "endpoint" };

/** An ePaper of the test account whose zip statistics are counted here unless told otherwise. */
async function epaperOf(setting: ZipSetting = {}) {
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, name: "Self-hosted", languageCode: "en", isRendered: true, pageCount: 4 })
    .execute();
  await db
    .insertInto("epaperSetting")
    .values({
      id: createId(),
      epaperId,
      statisticsActive: setting.statistics ?? true,
      zipStatisticsActive: setting.zip ?? true,
      zipStatisticsTarget: setting.target ?? "studio",
      zipStatisticsEndpoint: setting.target === "endpoint" ? "https://stats.customer.example/collect" : null,
    })
    .execute();
  return epaperId;
}

/** A beacon as the reader's navigator.sendBeacon posts it from the customer's site. */
const post = (pathname: string, body: string, options: { host?: string; method?: string; userAgent?: string } = {}) =>
  server.request(options.method ?? "POST", pathname, {
    host: options.host,
    headers: {
      "User-Agent": options.userAgent ?? BROWSER,
      "Content-Type": "text/plain;charset=UTF-8",
      Origin: "https://www.customer.example",
    },
    body,
  });

const beacon = (events: unknown[]) => JSON.stringify({ v: 1, events });
const OPEN = { t: "open", ref: "https://www.Customer.example/news/today", w: 1280 };
/** The ePaper's address as a zip's manifest names it (the path of zipStatsAddress). */
const addressOf = (epaperId: string) => new URL(zipStatsAddress(`http://${contentHost}`, epaperId)).pathname;

async function entriesOf(epaperId: string): Promise<StatsEntry[]> {
  const raw = (await redis.xrange(keys.stream, "-", "+")) as [string, string[]][];
  return raw.flatMap(([, fields]) => {
    const entry = decodeEntry(fields);
    return entry && entry.epaperId === epaperId ? [entry] : [];
  });
}

test("a zip package's beacon is queued under source 'zip' with the referrer's domain, and counted as such", async () => {
  const epaperId = await epaperOf();
  expect(addressOf(epaperId)).toBe(`/zip/${epaperId}/_stats`);
  const answer = await post(addressOf(epaperId), beacon([OPEN, { t: "page", p: 2, ms: 4000 }]));
  expect(answer.status).toBe(204);
  expect(answer.body).toBe("");
  expect(answer.headers["cache-control"]).toBe("no-store");
  expect(answer.headers["set-cookie"]).toBeUndefined();
  // The content origin's own host is a direct visit, as for every form (another reader: one open is all a session counts).
  const phone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
  expect(
    (await post(addressOf(epaperId), beacon([{ t: "open", ref: `http://${contentHost}/`, w: 390 }]), { userAgent: phone })).status,
  ).toBe(204);
  const entries = await entriesOf(epaperId);
  expect(entries).toMatchObject([
    {
      epaperId,
      source: "zip",
      channelId: null,
      gpc: false,
      device: "desktop",
      events: [
        { t: "open", ref: "customer.example", w: 1280 },
        { t: "page", p: 2, ms: 4000 },
      ],
    },
    { source: "zip", events: [{ t: "open", ref: "" }] },
  ]);
  expect(entries[0]?.hash).toMatch(/^[0-9a-f]{32}$/);

  // The rollup writes them under the new source (migration 0019's enum value).
  const deps = { db, redis, prefix: PREFIX, consumer: "zip-test", log: () => {} };
  await applyEntries(deps, await readNewEntries(deps));
  const daily = await db
    .selectFrom("statsDaily")
    .select(["source", "channelId", "opens", "views"])
    .where("epaperId", "=", epaperId)
    .execute();
  expect(daily).toEqual([{ source: "zip", channelId: "", opens: 2, views: 1 }]);
  const referrers = await db
    .selectFrom("statsReferrers")
    .select(["domain", "opens"])
    .where("epaperId", "=", epaperId)
    .orderBy("domain")
    .execute();
  expect(referrers).toEqual([
    { domain: "", opens: 1 },
    { domain: "customer.example", opens: 1 },
  ]);
});

test("404 while zip statistics are off, counted elsewhere, statistics off, the ePaper deleted or unknown; nothing queued", async () => {
  const refused = {
    zipOff: await epaperOf({ zip: false }),
    ownEndpoint: await epaperOf({ target: "endpoint" }),
    statisticsOff: await epaperOf({ statistics: false }),
    deleted: await epaperOf(),
  };
  await db.updateTable("epaper").set({ deletedAt: new Date() }).where("id", "=", refused.deleted).execute();
  for (const epaperId of Object.values(refused)) {
    const answer = await post(addressOf(epaperId), beacon([OPEN]));
    expect(answer.status, epaperId).toBe(404);
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(await entriesOf(epaperId)).toEqual([]);
  }
  // An ePaper without its settings row has the defaults: zip statistics off.
  const bare = createId();
  await db.insertInto("epaper").values({ id: bare, accountId, name: "Bare", languageCode: "en" }).execute();
  expect((await post(addressOf(bare), beacon([OPEN]))).status).toBe(404);
  expect((await post(`/zip/${createId()}/_stats`, beacon([OPEN]))).status).toBe(404);
  expect((await post("/zip/NOT-an-id/_stats", beacon([OPEN]))).status).toBe(404);
  // Without an ePaper it is no statistics address at all, and the content origin takes no POST there.
  expect((await post("/zip/_stats", beacon([OPEN]))).status).toBe(405);
});

test("switched off, the next beacon is refused; the address takes POST only and never on a subdomain", async () => {
  const epaperId = await epaperOf();
  expect((await post(addressOf(epaperId), beacon([OPEN]))).status).toBe(204);
  await db.updateTable("epaperSetting").set({ zipStatisticsActive: false }).where("epaperId", "=", epaperId).execute();
  expect((await post(addressOf(epaperId), beacon([OPEN]))).status).toBe(404);
  await db.updateTable("epaperSetting").set({ zipStatisticsActive: true }).where("epaperId", "=", epaperId).execute();
  const get = await post(addressOf(epaperId), "", { method: "GET" });
  expect(get.status).toBe(405);
  expect(get.headers.allow).toBe("POST");
  // A body that is no batch of the contract is refused as on every form.
  expect((await post(addressOf(epaperId), "{not json")).status).toBe(400);
  // The address belongs to the content origin's own host; a customer's subdomain does not serve it.
  const subdomainId = createId();
  const name = `zip-${createId().slice(0, 8).toLowerCase()}`;
  await db.insertInto("subdomain").values({ id: subdomainId, accountId, name }).execute();
  expect((await post(addressOf(epaperId), beacon([OPEN]), { host: `${name}.${DOMAIN}` })).status).toBe(404);
  expect(await entriesOf(epaperId)).toHaveLength(1);
});
