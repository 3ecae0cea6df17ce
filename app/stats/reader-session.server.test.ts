import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { processMetrics } from "#app/utils/metrics.server";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { addressBucket, INITIAL_PAGE_BUDGET_MS, NEW_SESSIONS_PER_ADDRESS_PER_MINUTE } from "./reader-session.server.ts";
import type { StatsEventInput } from "./stats-events.ts";
import { createStatsIngest } from "./stats-ingest.server.ts";
import { applyEntries, ensureStatsGroup, type RollupDeps, readNewEntries } from "./stats-rollup.server.ts";
import { type StatsTarget, statsKeys } from "./stats-stream.server.ts";

// Issue 44: one beacon of 50 opens is one view, a session counts one open, a page event claims no
// more time than the reader can have spent, and an address starts a bounded number of sessions a
// minute; real Redis (the ingest and its session script) and MariaDB (the rollup's counts).

const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const MINUTE = 60_000;

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
  prefix = `reader-session-test-${createId()}`;
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

const deps = (): RollupDeps => ({ db, redis, prefix, consumer: "a", log: () => {} });
const preview = (epaperId: string): StatsTarget => ({ epaperId, source: "preview", channelId: null });

async function newEpaper() {
  const epaperId = createId();
  await db.insertInto("epaper").values({ id: epaperId, accountId, name: "Stats", languageCode: "en", pageCount: 3 }).execute();
  return epaperId;
}

function send(epaperId: string, events: StatsEventInput[], reader: { ip?: string; agent?: string; headers?: Record<string, string> } = {}) {
  return createStatsIngest({ db, redis, prefix, now: () => clock }).ingest({
    target: preview(epaperId),
    headers: { "user-agent": reader.agent ?? DESKTOP, ...reader.headers },
    ip: reader.ip ?? "10.0.0.1",
    body: Buffer.from(JSON.stringify({ v: 1, events })),
    ownHosts: ["content.test"],
  });
}

async function counted(epaperId: string) {
  await applyEntries(deps(), await readNewEntries(deps()));
  const daily = await db.selectFrom("statsDaily").select(["opens", "uniques"]).where("epaperId", "=", epaperId).executeTakeFirst();
  const pages = await db.selectFrom("statsPages").select(["page", "totalMs"]).where("epaperId", "=", epaperId).orderBy("page").execute();
  return { opens: daily?.opens ?? 0, uniques: daily?.uniques ?? 0, pages: pages.map((row) => [row.page, Number(row.totalMs)]) };
}

async function dropped(reason: string): Promise<number> {
  const metric = await processMetrics.registry.getSingleMetric("epaper_stats_dropped_total")?.get();
  return metric?.values.find((value) => value.labels.reason === reason)?.value ?? 0;
}

const OPEN = { t: "open", ref: "", w: 1280 } as const;

test("a beacon of 50 opens counts one; the same reader opening again within half an hour counts nothing more", async () => {
  const epaperId = await newEpaper();
  const before = await dropped("repeatOpen");
  expect(
    await send(
      epaperId,
      Array.from({ length: 50 }, () => OPEN),
    ),
  ).toBe("queued");
  clock += 10 * MINUTE;
  expect(await send(epaperId, [OPEN])).toBe("dropped");
  expect(await counted(epaperId)).toMatchObject({ opens: 1, uniques: 1 });
  expect((await dropped("repeatOpen")) - before).toBe(50);
  // Back after half an hour of silence: a new session, a new open, still one reader.
  clock += 31 * MINUTE;
  expect(await send(epaperId, [OPEN])).toBe("queued");
  expect(await counted(epaperId)).toMatchObject({ opens: 2, uniques: 1 });
});

test("page time is cut to what the session can have spent; an honest reader's time counts whole", async () => {
  const epaperId = await newEpaper();
  // A forged first beacon claiming half an hour on each of three pages gets the starting budget.
  await send(epaperId, [OPEN, { t: "page", p: 1, ms: 1_800_000 }, { t: "page", p: 2, ms: 1_800_000 }, { t: "page", p: 3, ms: 1_800_000 }]);
  expect((await counted(epaperId)).pages).toEqual([[1, INITIAL_PAGE_BUDGET_MS]]);

  // An honest reader: the open at the 15 s beat, then 38 s on the last page, sent when leaving.
  const honest = await newEpaper();
  await send(honest, [OPEN], { ip: "10.0.0.2" });
  clock += 41_000;
  await send(
    honest,
    [
      { t: "page", p: 1, ms: 3_000 },
      { t: "page", p: 3, ms: 38_000 },
    ],
    { ip: "10.0.0.2" },
  );
  // Ten minutes on one spread (two pages at once) later: the budget grew with the clock.
  clock += 10 * MINUTE;
  await send(
    honest,
    [
      { t: "page", p: 2, ms: 600_000 },
      { t: "page", p: 3, ms: 600_000 },
    ],
    { ip: "10.0.0.2" },
  );
  expect((await counted(honest)).pages).toEqual([
    [1, 3_000],
    [2, 600_000],
    [3, 638_000],
  ]);
});

test("an address starts a bounded number of sessions a minute; beyond, beacons are dropped and counted on /metrics", async () => {
  const epaperId = await newEpaper();
  clock = Math.floor(clock / MINUTE) * MINUTE;
  const before = await dropped("newSessions");
  // A new User-Agent per request is a new reader hash, but not a new address.
  for (let reader = 0; reader < NEW_SESSIONS_PER_ADDRESS_PER_MINUTE; reader++) {
    expect(await send(epaperId, [OPEN], { ip: "10.7.7.7", agent: `${DESKTOP} r${reader}` })).toBe("queued");
  }
  expect(await send(epaperId, [OPEN], { ip: "10.7.7.7", agent: `${DESKTOP} one more` })).toBe("dropped");
  // A reader already in session goes on; another address is not held up; the next minute starts afresh.
  expect(await send(epaperId, [{ t: "page", p: 1, ms: 5_000 }], { ip: "10.7.7.7", agent: `${DESKTOP} r0` })).toBe("queued");
  expect(await send(epaperId, [OPEN], { ip: "10.7.7.8" })).toBe("queued");
  expect((await dropped("newSessions")) - before).toBe(1);
  clock += MINUTE;
  expect(await send(epaperId, [OPEN], { ip: "10.7.7.7", agent: `${DESKTOP} one more` })).toBe("queued");
  expect(await counted(epaperId)).toMatchObject({ opens: NEW_SESSIONS_PER_ADDRESS_PER_MINUTE + 2 });
});

test("a reader who asked not to be tracked keeps no session: one open per beacon, each a new session of the address", async () => {
  const epaperId = await newEpaper();
  const gpc = { "sec-gpc": "1" };
  expect(await send(epaperId, [OPEN, OPEN, OPEN], { headers: gpc })).toBe("queued");
  expect(await send(epaperId, [OPEN], { headers: gpc })).toBe("queued");
  expect(await redis.keys(`${prefix}:session:*`)).toEqual([]);
  await applyEntries(deps(), await readNewEntries(deps()));
  const daily = await db.selectFrom("statsDaily").select(["opens", "gpcViews"]).where("epaperId", "=", epaperId).executeTakeFirst();
  expect(daily).toMatchObject({ opens: 2 });
});

test("the new-session window counts an IPv6 client by its /64, an IPv4 one by its address", () => {
  expect(addressBucket("203.0.113.9")).toBe("203.0.113.9");
  expect(addressBucket("::ffff:203.0.113.9")).toBe("::ffff:203.0.113.9");
  expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
  expect(addressBucket("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
  expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
});
