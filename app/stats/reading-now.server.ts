import { randomBytes } from "node:crypto";
import type { ChainableCommander, Redis } from "ioredis";
import type { ReadingNowEvent } from "#app/events/catalogue";
import { publishStatistics } from "#app/events/publish.server";
import { DEFAULT_STATS_PREFIX, type StatsKeys, statsKeys } from "./stats-stream.server.ts";

/*
 * 'Reading now' (issue 31 item 4, ADR 0053 'Reading now'): the distinct readers of an ePaper with a
 * beacon in the last five minutes. The content origin's ingest records each beacon's reader in a
 * sorted set per ePaper, in the pipeline of its XADD (recordReader); the statistics screen reads
 * the count and keeps a watch on its ePaper while it is open (watchReadingNow); the worker looks at
 * the watched ePapers every few seconds and publishes a count that changed over the account's
 * statistics channel (publishReadingNowRound). Nothing is computed for an ePaper nobody watches.
 */

/** A reader with a beacon this recent reads now (the common definition; Plausible's 'current visitors'). */
export const READING_NOW_WINDOW_MS = 5 * 60_000;
/** An idle ePaper's set vanishes a minute after its last reader left the window. */
const LIVE_TTL_S = READING_NOW_WINDOW_MS / 1000 + 60;
/** A screen's watch lapses this long after its last heartbeat (the screen beats every 30 s). */
export const READING_NOW_WATCH_MS = 90_000;
/** One round of the worker this often: a change reaches the screen within about this, never faster. */
export const READING_NOW_ROUND_MS = 3_000;
/**
 * The most readers one ePaper's set keeps (the newest): a reader who asked not to be tracked is a
 * new member with every open, so a script could otherwise grow a set without bound. Far above the
 * readers of one publication within five minutes; the count shows at most this.
 */
export const READING_NOW_MAX_MEMBERS = 20_000;
/** The most watched ePapers one round reads: a bound far above the statistics screens open at once. */
const MAX_WATCHED = 5_000;

export type ReadingNowDeps = {
  redis: Redis;
  /** Prefix of every Redis key (tests use their own), as the ingest's. */
  prefix?: string;
  now?: () => number;
};

const keysOf = (deps: ReadingNowDeps) => statsKeys(deps.prefix ?? DEFAULT_STATS_PREFIX);
const nowOf = (deps: ReadingNowDeps) => deps.now?.() ?? Date.now();

/** The values of a pipeline's or transaction's answers; the first failure is thrown. */
function valuesOf(results: [Error | null, unknown][] | null): unknown[] {
  if (!results) throw new Error("reading now: the transaction was aborted");
  return results.map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}

/**
 * A reader who asked not to be tracked has no hash: each such beacon is a member of its own, so an
 * open counts for the five minutes after it and is never linked to anything (the reader sends no
 * keepalive then).
 */
export const anonymousReader = () => `anon:${randomBytes(8).toString("hex")}`;

/**
 * Queues on the ingest's pipeline that `reader` (the day's hash, or anonymousReader()) sent a
 * beacon for the ePaper at `at`: readers gone from the window are trimmed, the set is kept to its
 * newest READING_NOW_MAX_MEMBERS, and an idle set expires. Cheap commands in the XADD's round trip.
 */
export function recordReader(pipeline: ChainableCommander, keys: StatsKeys, epaperId: string, reader: string, at: number) {
  const key = keys.live(epaperId);
  pipeline
    .zadd(key, at, reader)
    .zremrangebyscore(key, "-inf", `(${at - READING_NOW_WINDOW_MS}`)
    .zremrangebyrank(key, 0, -(READING_NOW_MAX_MEMBERS + 1))
    .expire(key, LIVE_TTL_S);
}

/** The readers of an ePaper now. The caller has checked that the ePaper is the caller's to see. */
export async function countReadingNow(deps: ReadingNowDeps, epaperId: string): Promise<number> {
  return deps.redis.zcount(keysOf(deps).live(epaperId), nowOf(deps) - READING_NOW_WINDOW_MS, "+inf");
}

/**
 * A statistics screen of the ePaper is open (its heartbeat): the worker publishes the ePaper's
 * count to the account for the next READING_NOW_WATCH_MS. Answers the count now, in the same
 * round trip. The caller has checked that the ePaper is the account's.
 */
export async function watchReadingNow(deps: ReadingNowDeps, target: { accountId: string; epaperId: string }): Promise<number> {
  const keys = keysOf(deps);
  const now = nowOf(deps);
  const [, , count] = valuesOf(
    await deps.redis
      .pipeline()
      .zadd(keys.liveWatch, now + READING_NOW_WATCH_MS, `${target.accountId}:${target.epaperId}`)
      // The set of watches vanishes when no screen beats any more.
      .pexpire(keys.liveWatch, READING_NOW_WATCH_MS)
      .zcount(keys.live(target.epaperId), now - READING_NOW_WINDOW_MS, "+inf")
      .exec(),
  );
  return Number(count);
}

export type PublishReadingNowDeps = ReadingNowDeps & {
  /** Sends one event to the account's statistics channel (tests listen instead). */
  publish?: (accountId: string, event: ReadingNowEvent) => Promise<unknown>;
  roundMs?: number;
};

/**
 * One round: the count of every watched ePaper, published where it differs from the one published
 * last. Only one worker runs a round per period (a key held for most of it), so an ePaper's count
 * goes out at most once per round however many workers run. Answers how many counts went out.
 */
export async function publishReadingNowRound(deps: PublishReadingNowDeps): Promise<number> {
  const keys = keysOf(deps);
  const now = nowOf(deps);
  const roundMs = deps.roundMs ?? READING_NOW_ROUND_MS;
  const held = await deps.redis.set(keys.liveRound, String(now), "PX", Math.max(1, Math.floor(roundMs * 0.8)), "NX");
  if (held !== "OK") return 0;
  // In one transaction, so a heartbeat in between is neither lost nor forgotten as lapsed.
  const [lapsed, , watched] = valuesOf(
    await deps.redis
      .multi()
      .zrangebyscore(keys.liveWatch, "-inf", `(${now}`)
      .zremrangebyscore(keys.liveWatch, "-inf", `(${now}`)
      .zrangebyscore(keys.liveWatch, now, "+inf", "LIMIT", 0, MAX_WATCHED)
      .exec(),
  ) as [string[], number, string[]];
  // A lapsed watch forgets its count: a screen opened later gets the count published afresh.
  if (lapsed.length > 0) await deps.redis.hdel(keys.liveSent, ...lapsed);
  if (watched.length === 0) return 0;
  const read = deps.redis.pipeline();
  for (const member of watched) read.zcount(keys.live(epaperOf(member)), now - READING_NOW_WINDOW_MS, "+inf");
  read.hmget(keys.liveSent, ...watched).pexpire(keys.liveSent, READING_NOW_WATCH_MS);
  const answers = valuesOf(await read.exec());
  const sent = answers[watched.length] as (string | null)[];
  const changed = watched.flatMap((member, i) => {
    const count = Number(answers[i]);
    return sent[i] === String(count) ? [] : [{ member, count }];
  });
  if (changed.length === 0) return 0;
  const publish = deps.publish ?? ((accountId: string, event: ReadingNowEvent) => publishStatistics(deps.redis, accountId, event));
  await Promise.all(
    changed.map(({ member, count }) => publish(accountOf(member), { type: "readingNow", epaperId: epaperOf(member), count })),
  );
  await deps.redis.hset(keys.liveSent, Object.fromEntries(changed.map(({ member, count }) => [member, String(count)])));
  return changed.length;
}

// A watch is `<accountId>:<epaperId>`; ids are cuids (no colon).
const accountOf = (member: string) => member.slice(0, member.indexOf(":"));
const epaperOf = (member: string) => member.slice(member.indexOf(":") + 1);

export type ReadingNowPublisher = { close(): Promise<void> };

/**
 * Runs a round every READING_NOW_ROUND_MS in the worker until closed. A failing round (Redis away)
 * is logged once per kind of failure and tried again on the next beat.
 */
export function startReadingNowPublisher(deps: PublishReadingNowDeps & { log: (message: string) => void }): ReadingNowPublisher {
  let running: Promise<void> | null = null;
  let lastFailure = "";
  const round = async () => {
    try {
      await publishReadingNowRound(deps);
      lastFailure = "";
    } catch (error) {
      const message = (error as Error).message;
      if (message !== lastFailure) deps.log(`reading now not published: ${message}`);
      lastFailure = message;
    }
  };
  const timer = setInterval(() => {
    // A round still waiting on Redis is not overtaken by the next.
    running ??= round().finally(() => {
      running = null;
    });
  }, deps.roundMs ?? READING_NOW_ROUND_MS);
  return {
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
