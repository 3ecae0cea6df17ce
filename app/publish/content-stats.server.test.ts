import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CLIENT_IP_HEADER } from "#app/auth/client-ip";
import type { BlobStore } from "#app/blob/blob-store.server";
import { db } from "#app/utils/db.server";
import { type ContentAnswer, startContentServer, type TestContentServer } from "#tests/support/content-server";
import { insertPublishedPreviewLink } from "#tests/support/preview-link";
import { closeStatsRedis, openStatsRedis } from "#tests/support/stats-redis";
import { STATS_MAX_EVENTS } from "#app/stats/stats-events";
import { createStatsIngest } from "#app/stats/stats-ingest.server";
import { decodeEntry, type StatsEntry, statsKeys } from "#app/stats/stats-stream.server";
import { accessCookie, passwordFingerprint } from "./preview-link-access.server.ts";

// Issue 31: the content origin takes the reader's statistics beacons at `<publication root>/_stats`
// (real HTTP against the real handler, MariaDB and Redis): the publication is found as for its
// pages, the batch is checked and queued in a Redis stream, and nothing else is ever answered.

const SECRET = "stats-endpoint-test-secret-0123456789abcdef";
const DOMAIN = "channels.test:8443";
const PREFIX = `stats-test-${createId()}`;
const keys = statsKeys(PREFIX);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let server: TestContentServer;
let blobs: BlobStore;
let redis: Redis;
let accountId: string;

beforeAll(async () => {
  redis = openStatsRedis();
  const stats = createStatsIngest({ db, redis, prefix: PREFIX });
  server = await startContentServer(db, { studioOrigin: "http://studio.test", channelDomain: DOMAIN, secret: SECRET, stats });
  ({ blobs, accountId } = server);
});

afterAll(async () => {
  await server.close();
  await closeStatsRedis(redis, PREFIX);
  await db.destroy();
});

/** An ePaper of the test account with a published preview; `statistics: false` switches them off. */
async function previewOf(options: { statistics?: boolean } = {}) {
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, name: "Spring", languageCode: "en", isRendered: true, pageCount: 3 })
    .execute();
  await db
    .insertInto("epaperSetting")
    .values({ id: createId(), epaperId, statisticsActive: options.statistics ?? true })
    .execute();
  const hash = createId() + createId();
  const blobPrefix = `publications/${createId()}/r1`;
  await blobs.put(`${blobPrefix}/index.html`, Buffer.from("<html><head></head><body>Spring</body></html>"));
  await db
    .insertInto("publication")
    .values({ id: createId(), epaperId, type: "preview", hash, blobPrefix, publishedAt: new Date() })
    .execute();
  return { epaperId, hash };
}

/** A published channel showing a new ePaper, optionally on a subdomain. */
async function channelOf(subdomainId: string | null = null) {
  const { epaperId } = await previewOf();
  const id = createId();
  const shortPath = createId()
    .slice(0, 10)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "a");
  const blobPrefix = `channels/${id}/r1`;
  await blobs.put(`${blobPrefix}/index.html`, Buffer.from("<!doctype html><p>Channel</p>"));
  await db.insertInto("channel").values({ id, accountId, epaperId, name: "Channel", shortPath, blobPrefix, subdomainId }).execute();
  return { id, epaperId, shortPath };
}

/** A request with a browser's User-Agent and a beacon's Content-Type (as navigator.sendBeacon sends a text). */
const send = (method: string, pathname: string, options: { host?: string; body?: string; headers?: Record<string, string> } = {}) =>
  server.request(method, pathname, {
    host: options.host,
    headers: { "User-Agent": BROWSER, "Content-Type": "text/plain;charset=UTF-8", ...options.headers },
    body: options.body,
  });

const beacon = (events: unknown[]) => JSON.stringify({ v: 1, events });
const OPEN = { t: "open", ref: "https://www.Example.org:8443/news?id=1", w: 1280 };
const post = (pathname: string, body = beacon([OPEN]), options: { host?: string; headers?: Record<string, string> } = {}) =>
  send("POST", pathname, { ...options, body });

/** The stream's entries for one ePaper, in order. */
async function entriesOf(epaperId: string): Promise<StatsEntry[]> {
  const raw = (await redis.xrange(keys.stream, "-", "+")) as [string, string[]][];
  return raw.flatMap(([, fields]) => {
    const entry = decodeEntry(fields);
    return entry && entry.epaperId === epaperId ? [entry] : [];
  });
}

function expectQuietAccept(answer: ContentAnswer) {
  expect(answer.status).toBe(204);
  expect(answer.body).toBe("");
  expect(answer.headers["cache-control"]).toBe("no-store");
  expect(answer.headers["set-cookie"]).toBeUndefined();
}

test("a preview's beacon is queued with its ePaper, the day's hash, the device and the referrer's domain", async () => {
  const { epaperId, hash } = await previewOf();
  const answer = await post(
    `/preview/${hash}/_stats`,
    beacon([OPEN, { t: "page", p: 2, ms: 1500 }, { t: "search", q: "  Spring   SALE " }]),
  );
  expectQuietAccept(answer);
  // Posted relative to the revision's folder, and as JSON, it counts as well.
  expectQuietAccept(await post(`/preview/${hash}/r1/_stats`, beacon([{ t: "toc" }]), { headers: { "Content-Type": "application/json" } }));
  const [first, second] = await entriesOf(epaperId);
  expect(first).toMatchObject({
    epaperId,
    source: "preview",
    channelId: null,
    day: new Date().toISOString().slice(0, 10),
    gpc: false,
    device: "desktop",
    events: [
      { t: "open", ref: "example.org", w: 1280 },
      { t: "page", p: 2, ms: 1500 },
      { t: "search", q: "spring sale" },
    ],
  });
  expect(first?.hash).toMatch(/^[0-9a-f]{32}$/);
  // Same address and browser on the same day: the same reader.
  expect(second?.hash).toBe(first?.hash);
  // The address is never in the entry.
  expect(JSON.stringify(await redis.xrange(keys.stream, "-", "+"))).not.toContain("127.0.0.1");
  // The pages themselves are served as before.
  expect((await send("GET", `/preview/${hash}/`)).status).toBe(200);
});

test("a channel's beacon names its channel, at its address, on its subdomain's root and under /c/ there", async () => {
  const channel = await channelOf();
  expectQuietAccept(await post(`/c/${channel.shortPath}/_stats`));
  const subdomainId = createId();
  const name = `stats-${createId().slice(0, 8).toLowerCase()}`;
  await db.insertInto("subdomain").values({ id: subdomainId, accountId, name }).execute();
  const onSubdomain = await channelOf(subdomainId);
  const host = `${name}.${DOMAIN}`;
  expectQuietAccept(
    await post("/_stats", beacon([{ t: "open", ref: `http://${host}/`, w: 390 }]), { host, headers: { "User-Agent": IPHONE } }),
  );
  expectQuietAccept(await post(`/c/${onSubdomain.shortPath}/r1/_stats`, undefined, { host }));
  expect(await entriesOf(channel.epaperId)).toMatchObject([{ source: "channel", channelId: channel.id }]);
  expect(await entriesOf(onSubdomain.epaperId)).toMatchObject([
    // The publication's own host is a direct visit.
    { source: "channel", channelId: onSubdomain.id, device: "phone", events: [{ t: "open", ref: "" }] },
    { source: "channel", channelId: onSubdomain.id, events: [{ t: "open", ref: "example.org" }] },
  ]);
  // Another account's channel is nothing on this subdomain; with two channels its root names none.
  expect((await post(`/c/${channel.shortPath}/_stats`, undefined, { host })).status).toBe(404);
  await channelOf(subdomainId);
  expect((await post("/_stats", undefined, { host })).status).toBe(404);
  // A disabled channel counts nothing, as it shows nothing.
  await db.updateTable("channel").set({ disabled: true }).where("id", "=", channel.id).execute();
  expect((await post(`/c/${channel.shortPath}/_stats`)).status).toBe(404);
});

test("a preview link's beacon needs the unlock its pages need", async () => {
  const link = await insertPublishedPreviewLink(db, blobs, { expiredAt: new Date(Date.now() + 24 * 3600_000) });
  const locked = await post(`/previewlink/${link.hash}/_stats`);
  expect(locked.status).toBe(403);
  expect(locked.headers["set-cookie"]).toBeUndefined();
  const { passwordHash } = await db
    .selectFrom("publication")
    .select("passwordHash")
    .where("id", "=", link.publicationId)
    .executeTakeFirstOrThrow();
  const cookie = accessCookie(SECRET, {
    hash: link.hash,
    fingerprint: passwordFingerprint(passwordHash ?? ""),
    now: Date.now(),
    secure: false,
  });
  expectQuietAccept(await post(`/previewlink/${link.hash}/_stats`, undefined, { headers: { Cookie: cookie.split(";")[0] as string } }));
  expect(await entriesOf(link.epaperId)).toMatchObject([{ source: "previewlink", channelId: null }]);
  await db
    .deleteFrom("account")
    .where(
      "id",
      "=",
      (await db.selectFrom("epaper").select("accountId").where("id", "=", link.epaperId).executeTakeFirstOrThrow()).accountId,
    )
    .execute();
});

test("unknown publications, bad bodies, other methods and oversized beacons are refused; nothing is queued", async () => {
  const { epaperId, hash } = await previewOf();
  expect((await post(`/preview/${createId()}${createId()}/_stats`)).status).toBe(404);
  expect((await post("/preview/UPPER-case/_stats")).status).toBe(404);
  expect((await post("/_stats")).status).toBe(404);
  expect((await post(`/preview/${hash}/_stats`, "{not json")).status).toBe(400);
  expect((await post(`/preview/${hash}/_stats`, JSON.stringify({ v: 2, events: [OPEN] }))).status).toBe(400);
  expect((await post(`/preview/${hash}/_stats`, beacon([{ t: "page", p: 0, ms: 10 }]))).status).toBe(400);
  expect((await post(`/preview/${hash}/_stats`, beacon([{ t: "page", p: 1, ms: 1_800_001 }]))).status).toBe(400);
  expect((await post(`/preview/${hash}/_stats`, beacon([{ t: "search", q: "   " }]))).status).toBe(400);
  expect((await post(`/preview/${hash}/_stats`, beacon([{ t: "share", n: "x".repeat(21) }]))).status).toBe(400);
  expect((await post(`/preview/${hash}/_stats`, beacon(Array.from({ length: STATS_MAX_EVENTS + 1 }, () => ({ t: "toc" }))))).status).toBe(
    400,
  );
  const large = await post(`/preview/${hash}/_stats`, beacon([{ t: "search", q: "x".repeat(17 * 1024) }]));
  expect(large.status).toBe(413);
  expect((await post(`/preview/${hash}/_stats`, beacon([OPEN]), { headers: { "Content-Type": "multipart/form-data" } })).status).toBe(415);
  const get = await send("GET", `/preview/${hash}/_stats`);
  expect(get.status).toBe(405);
  expect(get.headers.allow).toBe("POST");
  expect((await send("PUT", `/preview/${hash}/_stats`, { body: beacon([OPEN]) })).status).toBe(405);
  // Anything else than _stats still takes no POST.
  expect((await send("POST", `/preview/${hash}/`, { body: beacon([OPEN]) })).status).toBe(405);
  expect(await entriesOf(epaperId)).toEqual([]);
});

test("switched-off statistics and bots are answered as accepted and dropped", async () => {
  const off = await previewOf({ statistics: false });
  expectQuietAccept(await post(`/preview/${off.hash}/_stats`));
  expect(await entriesOf(off.epaperId)).toEqual([]);
  const on = await previewOf();
  for (const agent of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0", "HeadlessChrome/131.0", ""])
    expectQuietAccept(await post(`/preview/${on.hash}/_stats`, undefined, { headers: { "User-Agent": agent } }));
  expect(await entriesOf(on.epaperId)).toEqual([]);
});

test("a reader sending Global Privacy Control or Do Not Track is a view only: no hash, no detail", async () => {
  const { epaperId, hash } = await previewOf();
  const detailed = beacon([OPEN, { t: "page", p: 1, ms: 900 }, { t: "media", id: "abc", a: "click" }, { t: "search", q: "name" }]);
  expectQuietAccept(await post(`/preview/${hash}/_stats`, detailed, { headers: { "Sec-GPC": "1" } }));
  expectQuietAccept(await post(`/preview/${hash}/_stats`, detailed, { headers: { DNT: "1" } }));
  // Without an open there is nothing left to count.
  expectQuietAccept(await post(`/preview/${hash}/_stats`, beacon([{ t: "page", p: 1, ms: 900 }]), { headers: { "Sec-GPC": "1" } }));
  const entries = await entriesOf(epaperId);
  expect(entries).toHaveLength(2);
  for (const entry of entries) expect(entry).toMatchObject({ gpc: true, hash: null, device: null, events: [{ t: "open", ref: "", w: 0 }] });
});

test("the hash is of the address Express vouches for; two addresses are two readers", async () => {
  const { epaperId, hash } = await previewOf();
  await post(`/preview/${hash}/_stats`, undefined, { headers: { [CLIENT_IP_HEADER]: "10.1.2.3" } });
  await post(`/preview/${hash}/_stats`, undefined, { headers: { [CLIENT_IP_HEADER]: "10.1.2.4" } });
  // The first reader again, now with a page (its open counted once already).
  await post(`/preview/${hash}/_stats`, beacon([{ t: "page", p: 1, ms: 1000 }]), { headers: { [CLIENT_IP_HEADER]: "10.1.2.3" } });
  const hashes = (await entriesOf(epaperId)).map((entry) => entry.hash);
  expect(new Set(hashes).size).toBe(2);
  expect(hashes[0]).toBe(hashes[2]);
});
