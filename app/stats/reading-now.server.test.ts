import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type ReadingNowEvent, statisticsChannel } from "#app/events/catalogue";
import type { PermissionSubject } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { insertStatsEpaper } from "#tests/support/readership-stats";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import {
  READING_NOW_MAX_MEMBERS,
  READING_NOW_WATCH_MS,
  READING_NOW_WINDOW_MS,
  countReadingNow,
  publishReadingNowRound,
  recordReader,
  startReadingNowPublisher,
  watchReadingNow,
} from "./reading-now.server.ts";
import { aggregate } from "./stats-aggregate.ts";
import type { StatsEventInput } from "./stats-events.ts";
import { BEACONS_PER_ADDRESS_PER_MINUTE, createStatsIngest } from "./stats-ingest.server.ts";
import { type StatsEntry, statsKeys } from "./stats-stream.server.ts";

// Issue 31 item 4, 'reading now': the ingest keeps each ePaper's readers of the last five minutes
// in Redis, and the worker publishes a changed count while a screen watches, at most once per
// round (the screen's scoped reads: app/models/reading-now.server.test.ts).

const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

let redis: Redis;
let subscriber: Redis;
let mine: PermissionSubject;
let theirs: PermissionSubject;
let prefix: string;
let clock: number;
const prefixes: string[] = [];

beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  subscriber = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  for (const who of ["mine", "theirs"] as const) {
    const { accountId, userId } = await insertAccountWithUser(db);
    const subject = permissionSubject({ id: userId, accountId, baseAccountId: accountId, permissions: ["1"] });
    if (who === "mine") mine = subject;
    else theirs = subject;
  }
});

beforeEach(() => {
  // Keys of this test's own (the suite shares Redis database 15), under the statistics' key scheme.
  prefix = `reading-now-test-${createId()}`;
  prefixes.push(prefix);
  clock = Date.parse("2026-11-27T10:00:00Z");
});

afterAll(async () => {
  for (const used of prefixes) {
    const leftovers = await redis.keys(`${used}:*`);
    if (leftovers.length) await redis.del(...leftovers);
  }
  await Promise.all([redis.quit(), subscriber.quit()]);
  await db.deleteFrom("account").where("id", "in", [mine.accountId, theirs.accountId]).execute();
  await db.destroy();
});

/** A statistics screen of `epaperId` (of `mine`'s account) beats. */
const watch = (epaperId: string) => watchReadingNow({ redis, prefix, now: () => clock }, { accountId: mine.accountId, epaperId });
const keys = () => statsKeys(prefix);
const preview = (epaperId: string) => ({ epaperId, source: "preview" as const, channelId: null });

/** One beacon through the real ingest, as a reader at `ip` sends it. */
async function send(epaperId: string, events: StatsEventInput[], reader: { ip?: string; headers?: Record<string, string> } = {}) {
  const ingest = createStatsIngest({ db, redis, prefix, now: () => clock });
  return ingest.ingest({
    target: preview(epaperId),
    headers: { "user-agent": DESKTOP, ...reader.headers },
    ip: reader.ip ?? "10.0.0.1",
    body: Buffer.from(JSON.stringify({ v: 1, events })),
    ownHosts: ["content.test"],
  });
}

const count = (epaperId: string) => countReadingNow({ redis, prefix, now: () => clock }, epaperId);
const streamLength = () => redis.xlen(keys().stream);

describe("the ingest", () => {
  test("counts each reader once, whatever the reader sends, in the same round trip as the stream entry", async () => {
    const epaperId = createId();
    expect(await send(epaperId, [{ t: "open", ref: "", w: 1200 }])).toBe("queued");
    clock += 20_000;
    await send(epaperId, [{ t: "page", p: 1, ms: 20_000 }]);
    await send(epaperId, [{ t: "open", ref: "", w: 390 }], { ip: "10.0.0.2" });
    expect(await count(epaperId)).toBe(2);
    expect(await streamLength()).toBe(3);
    // Another ePaper's readers are its own.
    expect(await count(createId())).toBe(0);
  });

  test("a keepalive keeps its reader counted and writes nothing for the rollup", async () => {
    const epaperId = createId();
    await send(epaperId, [{ t: "open", ref: "", w: 1200 }]);
    expect(await streamLength()).toBe(1);
    for (let minute = 1; minute <= 10; minute++) {
      clock += 60_000;
      expect(await send(epaperId, [{ t: "live" }])).toBe("queued");
    }
    expect(await count(epaperId)).toBe(1);
    expect(await streamLength()).toBe(1);
    // The set holds only the readers it needs and goes away when they stop.
    const ttl = await redis.ttl(keys().live(epaperId));
    expect(ttl).toBeGreaterThan(READING_NOW_WINDOW_MS / 1000);
    expect(ttl).toBeLessThanOrEqual(READING_NOW_WINDOW_MS / 1000 + 60);
  });

  test("a reader without a beacon for five minutes no longer counts, and the next beacon trims it away", async () => {
    const epaperId = createId();
    await send(epaperId, [{ t: "open", ref: "", w: 1200 }], { ip: "10.0.0.1" });
    clock += 60_000;
    await send(epaperId, [{ t: "open", ref: "", w: 1200 }], { ip: "10.0.0.2" });
    clock += READING_NOW_WINDOW_MS - 60_000;
    // Exactly five minutes after the first reader's beacon: still there.
    expect(await count(epaperId)).toBe(2);
    clock += 1;
    expect(await count(epaperId)).toBe(1);
    clock += 60_000;
    expect(await count(epaperId)).toBe(0);
    await send(epaperId, [{ t: "live" }], { ip: "10.0.0.3" });
    expect(await redis.zrange(keys().live(epaperId), 0, -1)).toHaveLength(1);
  });

  test.each([
    ["Global Privacy Control", { "sec-gpc": "1" }],
    ["Do Not Track", { dnt: "1" }],
  ])("under %s an open counts for five minutes as nobody in particular; a keepalive is dropped", async (_name, headers) => {
    const epaperId = createId();
    await send(epaperId, [{ t: "open", ref: "", w: 1200 }], { headers });
    // The same address opening again: two opens, nothing links them.
    await send(epaperId, [{ t: "open", ref: "", w: 1200 }], { headers });
    expect(await count(epaperId)).toBe(2);
    const members = await redis.zrange(keys().live(epaperId), 0, -1);
    for (const member of members) expect(member).toMatch(/^anon:[0-9a-f]{16}$/);
    expect(await send(epaperId, [{ t: "live" }], { headers })).toBe("dropped");
    expect(await send(epaperId, [{ t: "page", p: 1, ms: 5000 }], { headers })).toBe("dropped");
    expect(await count(epaperId)).toBe(2);
    clock += READING_NOW_WINDOW_MS + 1;
    expect(await count(epaperId)).toBe(0);
  });

  test("a flood cannot grow an ePaper's set without bound: it keeps its newest readers", async () => {
    const epaperId = createId();
    const pipeline = redis.pipeline();
    for (let reader = 0; reader < READING_NOW_MAX_MEMBERS + 5; reader++)
      recordReader(pipeline, keys(), epaperId, `anon:${reader}`, clock + reader);
    await pipeline.exec();
    expect(await redis.zcard(keys().live(epaperId))).toBe(READING_NOW_MAX_MEMBERS);
    // The oldest went first.
    expect(await redis.zscore(keys().live(epaperId), "anon:4")).toBeNull();
    expect(await redis.zscore(keys().live(epaperId), `anon:${READING_NOW_MAX_MEMBERS + 4}`)).not.toBeNull();
  });

  test("one address counts for at most its share of beacons a minute; the next minute counts again, other addresses are not held up", async () => {
    const epaperId = createId();
    const ingest = createStatsIngest({ db, redis, prefix, now: () => clock });
    // Keepalives of one reader: nothing else one address can send this often (opens start sessions,
    // which have a window of their own: reader-session.server.test.ts).
    const beacon = (ip: string) =>
      ingest.ingest({
        target: preview(epaperId),
        headers: { "user-agent": DESKTOP },
        ip,
        body: Buffer.from(JSON.stringify({ v: 1, events: [{ t: "live" }] })),
        ownHosts: ["content.test"],
      });
    clock = Math.floor(clock / 60_000) * 60_000;
    for (let sent = 0; sent < BEACONS_PER_ADDRESS_PER_MINUTE; sent++) expect(await beacon("10.9.9.9")).toBe("queued");
    expect(await beacon("10.9.9.9")).toBe("dropped");
    expect(await beacon("10.9.9.10")).toBe("queued");
    clock += 60_000;
    expect(await beacon("10.9.9.9")).toBe("queued");
  });

  test("an ePaper with its statistics off counts nobody", async () => {
    const { epaperId } = await insertStatsEpaper(db, mine.accountId);
    await db.insertInto("epaperSetting").values({ id: createId(), epaperId, statisticsActive: false }).execute();
    expect(await send(epaperId, [{ t: "open", ref: "", w: 1200 }])).toBe("dropped");
    expect(await send(epaperId, [{ t: "live" }])).toBe("dropped");
    expect(await count(epaperId)).toBe(0);
  });

  test("the rollup counts nothing of a keepalive", () => {
    const entry: StatsEntry = {
      ...preview("e1"),
      day: "2026-11-27",
      hash: "a".repeat(32),
      gpc: false,
      device: "desktop",
      events: [{ t: "live" }],
    };
    const facts = { pageCounts: new Map([["e1", 3]]), elementEpaper: new Map(), readersOf: () => 0, pageReadersOf: () => 0 };
    const rollup = aggregate([entry], facts);
    expect(rollup.daily).toEqual([expect.objectContaining({ opens: 0, views: 0, tocUses: 0, downloads: 0, shares: 0 })]);
    expect([rollup.pages, rollup.elements, rollup.searches, rollup.referrers, rollup.devices]).toEqual([[], [], [], [], []]);
  });
});

describe("publishing while a screen watches", () => {
  /** Everything published on the account's statistics channel while `during` runs. */
  async function heard(accountId: string, during: (sofar: ReadingNowEvent[]) => Promise<void>): Promise<ReadingNowEvent[]> {
    const events: ReadingNowEvent[] = [];
    const channel = statisticsChannel(accountId);
    const listener = (from: string, message: string) => {
      if (from === channel) events.push(JSON.parse(message) as ReadingNowEvent);
    };
    subscriber.on("message", listener);
    await subscriber.subscribe(channel);
    try {
      await during(events);
      // A message published is delivered before the answer of a later command on the same server.
      await subscriber.ping();
      await redis.ping();
    } finally {
      await subscriber.unsubscribe(channel);
      subscriber.off("message", listener);
    }
    return events.map(({ type, epaperId, count }) => ({ type, epaperId, count }));
  }

  // Rounds far apart, so a busy machine never lets one lapse by itself; nextRound() lets it go.
  const round = () => publishReadingNowRound({ redis, prefix, now: () => clock, roundMs: 60_000 });
  /** The next round's time: the key that holds a round (PX, most of the round) is gone. */
  const nextRound = async () => {
    expect(await redis.pttl(keys().liveRound)).toBeGreaterThan(40_000);
    await redis.del(keys().liveRound);
  };

  test("publishes a count that changed, once per round, to the ePaper's account only, and stops when the screen is gone", async () => {
    const { epaperId } = await insertStatsEpaper(db, mine.accountId);
    const { epaperId: unwatched } = await insertStatsEpaper(db, mine.accountId);
    await send(epaperId, [{ t: "open", ref: "", w: 1200 }]);
    await send(unwatched, [{ t: "open", ref: "", w: 1200 }]);
    // Nobody watches: nothing is published, nothing is counted.
    expect(await heard(mine.accountId, async () => void (await round()))).toEqual([]);
    await nextRound();

    expect(await watch(epaperId)).toBe(1);
    const first = await heard(mine.accountId, async () => {
      expect(await round()).toBe(1);
      // A second round within the period publishes nothing, even with a new reader.
      await send(epaperId, [{ t: "open", ref: "", w: 1200 }], { ip: "10.0.0.7" });
      expect(await round()).toBe(0);
    });
    expect(first).toEqual([{ type: "readingNow", epaperId, count: 1 }]);
    // Nothing of it reaches another account's channel.
    expect(await heard(theirs.accountId, async () => void (await nextRound()))).toEqual([]);

    const second = await heard(mine.accountId, async () => {
      expect(await round()).toBe(1); // the reader who came
      await nextRound();
      expect(await round()).toBe(0); // nothing changed
      await nextRound();
      clock += READING_NOW_WINDOW_MS + 1; // both readers gone (the watch would have been renewed by now)
      await watch(epaperId);
      expect(await round()).toBe(1);
    });
    expect(second).toEqual([
      { type: "readingNow", epaperId, count: 2 },
      { type: "readingNow", epaperId, count: 0 },
    ]);

    // The screen closed: its watch lapses and nothing more is published.
    clock += READING_NOW_WATCH_MS + 1;
    await send(epaperId, [{ t: "open", ref: "", w: 1200 }]);
    await nextRound();
    expect(await heard(mine.accountId, async () => void (await round()))).toEqual([]);
    expect(await redis.zcard(keys().liveWatch)).toBe(0);
    expect(await redis.hlen(keys().liveSent)).toBe(0);
  });

  test("a screen opened again gets the current count, even when it did not change meanwhile", async () => {
    const { epaperId } = await insertStatsEpaper(db, mine.accountId);
    await send(epaperId, [{ t: "open", ref: "", w: 1200 }]);
    await watch(epaperId);
    expect(await heard(mine.accountId, async () => void (await round()))).toHaveLength(1);
    clock += READING_NOW_WATCH_MS + 1;
    await send(epaperId, [{ t: "live" }]);
    await nextRound();
    await round(); // the watch lapses
    await watch(epaperId);
    await nextRound();
    expect(await heard(mine.accountId, async () => void (await round()))).toEqual([{ type: "readingNow", epaperId, count: 1 }]);
  });

  test("the worker's loop publishes round after round until it is closed", async () => {
    const { epaperId } = await insertStatsEpaper(db, mine.accountId);
    await watch(epaperId);
    const logged: string[] = [];
    /** Waits (up to 5 s, the machine may be busy) until `n` events were heard. */
    const until = async (sofar: ReadingNowEvent[], n: number) => {
      for (let waited = 0; sofar.length < n && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const events = await heard(mine.accountId, async (sofar) => {
      const publisher = startReadingNowPublisher({ redis, prefix, now: () => clock, roundMs: 50, log: (line) => logged.push(line) });
      await until(sofar, 1);
      await send(epaperId, [{ t: "open", ref: "", w: 1200 }]);
      await until(sofar, 2);
      await publisher.close();
    });
    expect(events).toEqual([
      { type: "readingNow", epaperId, count: 0 },
      { type: "readingNow", epaperId, count: 1 },
    ]);
    expect(logged).toEqual([]);
  });
});
