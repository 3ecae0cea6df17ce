import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Redis } from "ioredis";
import { sql } from "kysely";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { aggregate, type Rollup } from "./stats-aggregate.ts";
import { DEFAULT_STATS_PREFIX, decodeEntry, STATS_KEY_TTL_S, type StatsEntry, type StatsKeys, statsKeys } from "./stats-stream.server.ts";

/*
 * The worker's half of the statistics (issue 31, ADR 0053): a consumer of the Redis stream the
 * content origin fills. It reads a batch (XREADGROUP), adds the readers' hashes to the day's
 * HyperLogLogs (idempotent), sums the batch up in memory and writes it in ONE transaction,
 * together with the ids of the entries it counted (stats_applied); only then are the entries
 * acknowledged and deleted. A consumer that dies before its XACK leaves them pending; another
 * claims them (XAUTOCLAIM) and stats_applied tells it which were counted already.
 */

export type RollupDeps = {
  db: Database;
  /** Commands; the loop reads with a duplicate of it (its reads block). */
  redis: Redis;
  prefix?: string;
  /** This consumer's name in the group (default: host, process and a random part). */
  consumer?: string;
  batchSize?: number;
  /** An entry pending this long at another consumer is taken over. */
  claimIdleMs?: number;
  log?: (message: string) => void;
  /** Runs after the counts are committed, before XACK; tests throw here to play a crash. */
  afterCommit?: (ids: string[]) => Promise<void> | void;
  now?: () => number;
};

type RawEntry = [id: string, fields: string[] | null];
export type ApplyReport = { counted: number; repeated: number; dropped: number };

export const BATCH_SIZE = 500;
const CLAIM_IDLE_MS = 60_000;
/** stats_applied keeps an id this long: far longer than any entry stays pending while a consumer runs. */
const APPLIED_KEEP_MS = 2 * 24 * 3600_000;

export const keysOf = (deps: RollupDeps) => statsKeys(deps.prefix ?? DEFAULT_STATS_PREFIX);
const consumerOf = (deps: RollupDeps) => deps.consumer ?? defaultConsumer;
const defaultConsumer = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const unique = <T>(values: T[]) => [...new Set(values)];

/** Creates the stream and its consumer group unless they exist. */
export async function ensureStatsGroup(redis: Redis, keys: StatsKeys) {
  try {
    await redis.xgroup("CREATE", keys.stream, keys.group, "0", "MKSTREAM");
  } catch (error) {
    if (!String((error as Error).message).includes("BUSYGROUP")) throw error;
  }
}

type StreamReply = [string, [string, string[] | null][]][] | null;

/** XREADGROUP of this consumer: `>` new entries (they become pending for it), `0` its pending ones. */
async function readGroup(deps: RollupDeps, connection: Redis, from: ">" | "0", blockMs?: number): Promise<RawEntry[]> {
  const keys = keysOf(deps);
  const count = ["COUNT", String(deps.batchSize ?? BATCH_SIZE), ...(blockMs ? ["BLOCK", String(blockMs)] : [])];
  const reply = (await connection.call(
    "XREADGROUP",
    "GROUP",
    keys.group,
    consumerOf(deps),
    ...count,
    "STREAMS",
    keys.stream,
    from,
  )) as StreamReply;
  return reply?.[0]?.[1] ?? [];
}

/** New entries for this consumer (they become pending for it); `blockMs` waits for them. */
export const readNewEntries = (deps: RollupDeps, connection: Redis = deps.redis, blockMs?: number) =>
  readGroup(deps, connection, ">", blockMs);

/** The entries pending at this consumer (read before, never acknowledged). */
export const readOwnPending = (deps: RollupDeps) => readGroup(deps, deps.redis, "0");

/** Adds the readers' hashes to their sets; answers the sets' counts by key. */
async function countReaders(deps: RollupDeps, keys: StatsKeys, entries: StatsEntry[], pageCounts: Map<string, number>) {
  const hashesByKey = new Map<string, Set<string>>();
  const add = (key: string, hash: string) => {
    const set = hashesByKey.get(key) ?? new Set<string>();
    set.add(hash);
    hashesByKey.set(key, set);
  };
  for (const entry of entries) {
    const pages = pageCounts.get(entry.epaperId);
    if (!entry.hash || pages === undefined) continue;
    add(keys.readers(entry), entry.hash);
    for (const event of entry.events)
      if (event.t === "page" && event.p <= pages) add(keys.pageReaders(entry.epaperId, entry.day, event.p), entry.hash);
  }
  const counts = new Map<string, number>();
  if (hashesByKey.size === 0) return counts;
  const pipeline = deps.redis.pipeline();
  // PFADD is idempotent: a batch counted again adds nothing, and the counts are set, never added.
  for (const [key, hashes] of hashesByKey)
    pipeline
      .pfadd(key, ...hashes)
      .expire(key, STATS_KEY_TTL_S)
      .pfcount(key);
  const results = (await pipeline.exec()) ?? [];
  const failed = results.find(([error]) => error);
  if (failed) throw failed[0];
  let index = 0;
  for (const key of hashesByKey.keys()) counts.set(key, Number(results[index++ * 3 + 2]?.[1] ?? 0));
  return counts;
}

const added = (column: string) => sql.raw<number>(`${column} + VALUES(${column})`);
const highest = (column: string) => sql.raw<number>(`GREATEST(${column}, VALUES(${column}))`);

/** Adds a batch's rows to the tables (counters add up; distinct readers only ever grow). */
async function writeRollup(trx: Database, rollup: Rollup) {
  if (rollup.daily.length)
    await trx
      .insertInto("statsDaily")
      .values(rollup.daily.map((row) => ({ ...row, day: dayDate(row.day) })))
      .onDuplicateKeyUpdate({
        opens: added("opens"),
        gpcViews: added("gpc_views"),
        views: added("views"),
        uniques: highest("uniques"),
        tocUses: added("toc_uses"),
        downloads: added("downloads"),
        shares: added("shares"),
      })
      .execute();
  if (rollup.pages.length)
    await trx
      .insertInto("statsPages")
      .values(rollup.pages.map((row) => ({ ...row, day: dayDate(row.day) })))
      .onDuplicateKeyUpdate({ views: added("views"), readersReached: highest("readers_reached"), totalMs: added("total_ms") })
      .execute();
  if (rollup.elements.length)
    await trx
      .insertInto("statsElements")
      .values(rollup.elements.map((row) => ({ ...row, day: dayDate(row.day) })))
      .onDuplicateKeyUpdate({ opens: added("opens"), clicks: added("clicks") })
      .execute();
  if (rollup.searches.length)
    await trx
      .insertInto("statsSearches")
      .values(rollup.searches.map((row) => ({ ...row, day: dayDate(row.day) })))
      .onDuplicateKeyUpdate({ count: added("count") })
      .execute();
  if (rollup.referrers.length)
    await trx
      .insertInto("statsReferrers")
      .values(rollup.referrers.map((row) => ({ ...row, day: dayDate(row.day) })))
      .onDuplicateKeyUpdate({ opens: added("opens") })
      .execute();
  if (rollup.devices.length)
    await trx
      .insertInto("statsDevices")
      .values(rollup.devices.map((row) => ({ ...row, day: dayDate(row.day) })))
      .onDuplicateKeyUpdate({ opens: added("opens") })
      .execute();
}

/**
 * Counts a batch of entries exactly once and acknowledges it: entries counted before (their id
 * in stats_applied) are acknowledged without counting; entries of no ePaper, pages it does not
 * have and elements of another are dropped. Throws (nothing acknowledged) when the database or
 * Redis fails: the entries stay pending and are read again.
 */
export async function applyEntries(deps: RollupDeps, raw: RawEntry[]): Promise<ApplyReport> {
  const keys = keysOf(deps);
  const ids = raw.map(([id]) => id);
  if (ids.length === 0) return { counted: 0, repeated: 0, dropped: 0 };
  const decoded = raw.flatMap(([id, fields]) => {
    const entry = fields ? decodeEntry(fields) : null;
    return entry ? [{ id, entry }] : [];
  });
  const epaperIds = unique(decoded.map(({ entry }) => entry.epaperId));
  const epapers = epaperIds.length
    ? await deps.db.selectFrom("epaper").select(["id", "pageCount"]).where("id", "in", epaperIds).execute()
    : [];
  const pageCounts = new Map(epapers.map((epaper) => [epaper.id, epaper.pageCount]));
  const known = decoded.filter(({ entry }) => pageCounts.has(entry.epaperId));
  const mediaIds = unique(known.flatMap(({ entry }) => entry.events.flatMap((event) => (event.t === "media" ? [event.id] : []))));
  const elements = mediaIds.length
    ? await deps.db
        .selectFrom("pageMedia")
        .innerJoin("page", "page.id", "pageMedia.pageId")
        .select(["pageMedia.id", "page.epaperId"])
        .where("pageMedia.id", "in", mediaIds)
        .execute()
    : [];
  const elementEpaper = new Map(elements.map((element) => [element.id, element.epaperId]));
  const readers = await countReaders(
    deps,
    keys,
    known.map(({ entry }) => entry),
    pageCounts,
  );
  let counted = 0;
  if (known.length > 0) {
    await retryTransaction(deps.db, async (trx) => {
      // The ids this transaction records are the ones it counts: an id recorded before (by an
      // earlier delivery, or a consumer that claimed it meanwhile) keeps its old token.
      const token = randomBytes(12).toString("hex");
      const knownIds = known.map(({ id }) => id);
      await trx
        .insertInto("statsApplied")
        .ignore()
        .values(knownIds.map((entryId) => ({ stream: keys.stream, entryId, token })))
        .execute();
      const mine = await trx
        .selectFrom("statsApplied")
        .select("entryId")
        .where("stream", "=", keys.stream)
        .where("entryId", "in", knownIds)
        .where("token", "=", token)
        .execute();
      const fresh = new Set(mine.map((row) => row.entryId));
      const entries = known.filter(({ id }) => fresh.has(id)).map(({ entry }) => entry);
      await writeRollup(
        trx,
        aggregate(entries, {
          pageCounts,
          elementEpaper,
          readersOf: (entry) => readers.get(keys.readers(entry)) ?? 0,
          pageReadersOf: (epaperId, day, page) => readers.get(keys.pageReaders(epaperId, day, page)) ?? 0,
        }),
      );
      counted = entries.length;
    });
  }
  await deps.afterCommit?.(ids);
  // Counted (or never to be counted): nothing of the raw events stays in Redis.
  await deps.redis
    .pipeline()
    .xack(keys.stream, keys.group, ...ids)
    .xdel(keys.stream, ...ids)
    .exec();
  return { counted, repeated: known.length - counted, dropped: ids.length - known.length };
}

/**
 * applyEntries, and when the batch fails, each entry alone: an entry that fails while others
 * succeed is broken and dropped (logged), so it cannot hold up the stream; when all fail the
 * cause is the database or Redis, and the error is thrown (everything stays pending).
 */
export async function applyIsolating(deps: RollupDeps, raw: RawEntry[]): Promise<ApplyReport> {
  try {
    return await applyEntries(deps, raw);
  } catch (error) {
    if (raw.length < 2) throw error;
    const total: ApplyReport = { counted: 0, repeated: 0, dropped: 0 };
    const failed: string[] = [];
    for (const entry of raw) {
      try {
        const report = await applyEntries(deps, [entry]);
        total.counted += report.counted;
        total.repeated += report.repeated;
        total.dropped += report.dropped;
      } catch {
        failed.push(entry[0]);
      }
    }
    if (failed.length === raw.length) throw error;
    const keys = keysOf(deps);
    deps.log?.(`statistics: dropped ${failed.length} entries that cannot be counted (${failed.slice(0, 5).join(", ")}): ${String(error)}`);
    await deps.redis
      .pipeline()
      .xack(keys.stream, keys.group, ...failed)
      .xdel(keys.stream, ...failed)
      .exec();
    return { ...total, dropped: total.dropped + failed.length };
  }
}

/** Takes over and counts the entries other consumers left pending longer than claimIdleMs (a dead worker's). */
export async function claimStaleEntries(deps: RollupDeps): Promise<ApplyReport> {
  const keys = keysOf(deps);
  const total: ApplyReport = { counted: 0, repeated: 0, dropped: 0 };
  let cursor = "0-0";
  for (let round = 0; round < 50; round++) {
    const [next, entries] = (await deps.redis.call(
      "XAUTOCLAIM",
      keys.stream,
      keys.group,
      consumerOf(deps),
      String(deps.claimIdleMs ?? CLAIM_IDLE_MS),
      cursor,
      "COUNT",
      String(deps.batchSize ?? BATCH_SIZE),
    )) as [string, RawEntry[], string[]];
    // Entries trimmed from the stream meanwhile are dropped from the pending list by XAUTOCLAIM itself.
    const report = await applyIsolating(deps, entries);
    total.counted += report.counted;
    total.repeated += report.repeated;
    total.dropped += report.dropped;
    if (next === "0-0") break;
    cursor = next;
  }
  return total;
}

/** Forgets applied ids older than two days, and consumers of the group gone idle for as long with nothing pending. */
export async function pruneStats(deps: RollupDeps) {
  const now = deps.now?.() ?? Date.now();
  await deps.db
    .deleteFrom("statsApplied")
    .where("appliedAt", "<", new Date(now - APPLIED_KEEP_MS))
    .limit(10_000)
    .execute();
  const keys = keysOf(deps);
  const consumers = (await deps.redis.call("XINFO", "CONSUMERS", keys.stream, keys.group)) as (string | number)[][];
  for (const fields of consumers) {
    const info = Object.fromEntries(fields.flatMap((value, index) => (index % 2 === 0 ? [[value, fields[index + 1]]] : [])));
    if (info.name !== consumerOf(deps) && Number(info.pending) === 0 && Number(info.idle) > APPLIED_KEEP_MS)
      await deps.redis.xgroup("DELCONSUMER", keys.stream, keys.group, String(info.name));
  }
}
