/**
 * `npm run bench:analytics` (issue 31): the readership statistics under load, on the production
 * build. Three figures:
 *
 * 1. `ingest events/s: N` — readers' beacons (5 events each: an open, three pages, a media click,
 *    for 100 channels, from 20,000 addresses) posted to the content origin's `_stats` at the goal
 *    rate (ANALYTICS_BENCH_RATE events/s, default 3,000) for ANALYTICS_BENCH_SECONDS (default 60),
 *    with the answers' p50/p99 (goal p99 < 50 ms); then as fast as 32 connections can for 20 s
 *    (`ingest events/s max`), which is the headroom.
 * 2. `events lost: N` — a third run at the goal rate (30 s) kills the worker (SIGKILL) after 10 s and
 *    starts it again 5 s later; when the stream is drained, every event accepted in all runs must be
 *    in the rollup tables exactly once (lost = accepted − counted; a negative number would be events
 *    counted twice).
 * 3. `stats query p95 ms: N` — the statistics view's queries (loadReadershipStats, the code the
 *    screen runs) over the rollup rows of 10 million events in 10,000 publications
 *    (analytics-dataset.ts), for random publications and for the 100 most read, over 30 and 90 days.
 *
 * Environment: ANALYTICS_BENCH_RATE, ANALYTICS_BENCH_SECONDS, ANALYTICS_BENCH_EVENTS (default
 * 10,000,000), ANALYTICS_BENCH_PUBLICATIONS (default 10,000), BENCH_DATABASE_URL, BENCH_REDIS_URL.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { loadReadershipStats } from "#app/models/readership-stats.server";
import { addDays, utcDayOf } from "#app/rules/readership-stats";
import { statsKeys } from "#app/stats/stats-stream.server";
import { dropDatabase } from "#db/admin";
import { createDb, type Database } from "#db/client";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { startStudio, stopProcess } from "#tests/support/studio-process";
import { seedStatsDataset } from "./analytics-dataset.ts";
import { startWorker } from "./analytics-worker.ts";
import { cpuMsOf } from "./bench-processes.ts";
import { BENCH_DATABASE_URL, BENCH_REDIS_URL, prepareBenchDatabase } from "./bench-database.ts";
import { beaconPool, closedLoop, EVENTS_PER_BEACON, type Load, openLoop, type Target } from "./analytics-load.ts";

const RATE = Number(process.env.ANALYTICS_BENCH_RATE ?? 3000);
const SECONDS = Number(process.env.ANALYTICS_BENCH_SECONDS ?? 60);
const TOTAL_EVENTS = Number(process.env.ANALYTICS_BENCH_EVENTS ?? 10_000_000);
const PUBLICATIONS = Number(process.env.ANALYTICS_BENCH_PUBLICATIONS ?? 10_000);
const PORT = 3380;
const CONTENT = `http://127.0.0.1:${PORT + 1}`;
const SECRET = "analytics-bench-session-secret-0123456789abcdef";
const CHANNELS = 100;

/** CHANNELS published channels of one account, each with a 24-page ePaper and two media elements. */
async function seedChannels(db: Database): Promise<Target[]> {
  const owner = await insertUserWithLevel(db, "2", { emailDomain: "analytics-ingest.epaper.test" });
  const folderId = createId();
  await db.insertInto("folder").values({ id: folderId, accountId: owner.accountId, parentId: null, name: "Ingest" }).execute();
  const type = await db.selectFrom("pageMediaType").select("id").executeTakeFirstOrThrow();
  const targets: Target[] = [];
  for (let index = 0; index < CHANNELS; index++) {
    const epaperId = createId();
    const pageId = createId();
    const elements = [createId(), createId()];
    const shortPath = `bench${String(index).padStart(5, "0")}`;
    await db
      .insertInto("epaper")
      .values({
        id: epaperId,
        accountId: owner.accountId,
        folderId,
        name: `Ingest ${index}`,
        languageCode: "de",
        isRendered: true,
        pageCount: 24,
      })
      .execute();
    await db.insertInto("page").values({ id: pageId, epaperId, page: 1, sourcePage: 1 }).execute();
    await db
      .insertInto("pageMedia")
      .values(elements.map((id) => ({ id, pageId, pageMediaTypeId: type.id })))
      .execute();
    await db
      .insertInto("channel")
      .values({
        id: createId(),
        accountId: owner.accountId,
        name: `Ingest ${index}`,
        shortPath,
        epaperId,
        blobPrefix: `bench/${shortPath}`,
      })
      .execute();
    targets.push({ shortPath, elements });
  }
  return targets;
}

/** Waits until the worker has counted and deleted every entry of the stream (or the time is up). */
async function drained(redis: Redis, timeoutMs: number): Promise<boolean> {
  const keys = statsKeys();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const length = await redis.xlen(keys.stream);
    const pending = ((await redis.xpending(keys.stream, keys.group)) as [number])[0];
    if (length === 0 && Number(pending) === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

/** Every event the rollup tables hold: opens, page views, element opens and clicks, searches, TOC, downloads, shares. */
async function countedEvents(db: Database): Promise<number> {
  const sum = async (query: Promise<{ n: unknown } | undefined>) => Number((await query)?.n ?? 0);
  const daily = await sum(
    db
      .selectFrom("statsDaily")
      .select((eb) =>
        eb(eb(eb(eb.fn.sum("opens"), "+", eb.fn.sum("tocUses")), "+", eb.fn.sum("downloads")), "+", eb.fn.sum("shares")).as("n"),
      )
      .executeTakeFirst(),
  );
  const pages = await sum(
    db
      .selectFrom("statsPages")
      .select((eb) => eb.fn.sum("views").as("n"))
      .executeTakeFirst(),
  );
  const elements = await sum(
    db
      .selectFrom("statsElements")
      .select((eb) => eb(eb.fn.sum("opens"), "+", eb.fn.sum("clicks")).as("n"))
      .executeTakeFirst(),
  );
  const searches = await sum(
    db
      .selectFrom("statsSearches")
      .select((eb) => eb.fn.sum("count").as("n"))
      .executeTakeFirst(),
  );
  return daily + pages + elements + searches;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The statistics view's queries for `ids`, one after the other (one user), alternating 30 and 90 days. */
async function queryTimes(db: Database, accountId: string, ids: string[]): Promise<number[]> {
  const subject = permissionSubject({ accountId, baseAccountId: accountId });
  const to = utcDayOf(new Date());
  const times: number[] = [];
  for (const [index, id] of ids.entries()) {
    const started = performance.now();
    await loadReadershipStats(db, subject, id, { from: addDays(to, index % 2 ? -89 : -29), to });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  await dropDatabase(BENCH_DATABASE_URL);
  await prepareBenchDatabase();
  const redis = new Redis(BENCH_REDIS_URL);
  await redis.flushdb();
  const db = createDb(BENCH_DATABASE_URL, { connectionLimit: 10 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "analytics-bench-"));
  const env = { DATABASE_URL: BENCH_DATABASE_URL, REDIS_URL: BENCH_REDIS_URL, TRUST_PROXY: "loopback", LOG_LEVEL: "warn" };
  const processEnv = { port: PORT, dataDir, sessionSecret: SECRET, env };
  const studio = await startStudio({ mode: "production", ...processEnv });
  let worker = await startWorker(processEnv);
  try {
    const targets = await seedChannels(db);
    console.log(`analytics bench: production build, ${CHANNELS} channels, ${EVENTS_PER_BEACON} events per beacon, 20,000 readers`);
    const pool = beaconPool(targets);
    let workersGoneMs = 0;
    const cpu = { studio: studio.pid, worker: () => worker.pid, workersGoneMs: () => workersGoneMs };
    const warmUp = await closedLoop(CONTENT, pool, 3000, 16); // JIT, pools
    const beaconsPerS = RATE / EVENTS_PER_BEACON;
    const line = (load: Load) =>
      `answer p50 ${load.p50} ms, p99 ${load.p99} ms; ${load.other} answers other than 204, ${load.errors} errors; CPU ms/beacon: ${Object.entries(
        load.cpu,
      )
        .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
        .join(", ")}`;
    const sustained = await openLoop(CONTENT, pool, beaconsPerS, SECONDS, cpu);
    console.log(`ingest events/s: ${sustained.eventsPerS.toFixed(0)} (offered ${RATE} for ${SECONDS} s; ${line(sustained)})`);
    const max = await closedLoop(CONTENT, pool, 20_000, 32, cpu);
    console.log(`ingest events/s max: ${max.eventsPerS.toFixed(0)} (20,000 beacons from 32 connections; ${line(max)})`);
    // A worker killed mid-run (SIGKILL: no goodbye), started again five seconds later, under the same load.
    const killAt = setTimeout(async () => {
      workersGoneMs += await cpuMsOf(worker.pid).catch(() => 0);
      worker.kill("SIGKILL");
    }, 10_000);
    const restartAt = setTimeout(async () => {
      worker = await startWorker(processEnv);
    }, 15_000);
    const killed = await openLoop(CONTENT, pool, beaconsPerS, 30, cpu);
    clearTimeout(killAt);
    clearTimeout(restartAt);
    console.log(`worker killed at 10 s of 30 s, back at 15 s: ${killed.eventsPerS.toFixed(0)} events/s (${line(killed)})`);
    const accepted = (warmUp.accepted + sustained.accepted + max.accepted + killed.accepted) * EVENTS_PER_BEACON;
    const done = await drained(redis, 240_000);
    const counted = await countedEvents(db);
    console.log(
      `events lost: ${accepted - counted} (accepted ${accepted}, counted ${counted}${done ? "" : "; the stream was NOT drained in 4 minutes"})`,
    );
  } finally {
    await stopProcess(worker);
    await stopProcess(studio);
  }
  try {
    const seedStart = Date.now();
    const dataset = await seedStatsDataset(db, PUBLICATIONS, TOTAL_EVENTS);
    console.log(
      `\nstats data set: ${dataset.events.toLocaleString("en")} events in ${dataset.epapers.length.toLocaleString("en")} publications, ${dataset.rows.toLocaleString("en")} rollup rows (${((Date.now() - seedStart) / 1000).toFixed(0)} s to seed)`,
    );
    const ids = dataset.epapers.map((e) => e.id);
    await queryTimes(db, dataset.accountId, ids.slice(0, 20)); // warm-up
    const random = await queryTimes(
      db,
      dataset.accountId,
      Array.from({ length: 400 }, () => ids[Math.floor(Math.random() * ids.length)] as string),
    );
    const popular = await queryTimes(db, dataset.accountId, [...ids.slice(0, 100), ...ids.slice(0, 100)]);
    console.log(
      `  random publications   p50 ${percentile(random, 50).toFixed(1)} ms  p95 ${percentile(random, 95).toFixed(1)} ms  max ${percentile(random, 100).toFixed(1)} ms`,
    );
    console.log(
      `  the 100 most read     p50 ${percentile(popular, 50).toFixed(1)} ms  p95 ${percentile(popular, 95).toFixed(1)} ms  max ${percentile(popular, 100).toFixed(1)} ms`,
    );
    console.log(`stats query p95 ms: ${Math.max(percentile(random, 95), percentile(popular, 95)).toFixed(1)}`);
  } finally {
    await db.destroy();
    redis.disconnect();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
