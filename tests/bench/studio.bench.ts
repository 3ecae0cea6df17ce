/**
 * `npm run bench:studio` (issue 15 §2): does a page view of the workspace cost the same whether
 * the account holds 100, 1,000 or 10,000 ePapers? The built studio runs in production mode on the
 * benchmark database; for each size an account is seeded with its ePapers in nested folders (10
 * folders, 10 subfolders each, the bulk spread over the subfolders; the root, one 'Current issue'
 * folder and five 'Special' ePapers the same at every size), and 50 logged-in users of it send a
 * fixed number of requests at once (autocannon) to each of: the workspace `/epaper`, expanding a
 * folder of subfolders, expanding 'Current issue', and the tree's search. It prints p50/p95/p99
 * and requests per second per endpoint and size, then the p95 of all of a size's requests, and
 * ends with `ratio p95 10000/100: X` (goal: at most 1.5) and one ratio line per endpoint.
 *
 * Environment: STUDIO_BENCH_REQUESTS (per endpoint and size, default 1000), STUDIO_BENCH_SIZES
 * (default 100,1000,10000), STUDIO_BENCH_ONLY (label words), STUDIO_CPU_PROF (a folder for the studio's
 * CPU profile), STUDIO_BENCH_PROCESSES (studio processes, WEB_CONCURRENCY; default 1),
 * STUDIO_BENCH_GRID (cards per page, default 24), STUDIO_BENCH_SAVE (a folder: one answer per endpoint
 * and size is written there), BENCH_DATABASE_URL, BENCH_REDIS_URL. Each line
 * also gives the studio's CPU per request (all its processes), which other load moves less.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import autocannon from "autocannon";
import { sql } from "kysely";
import { createCookie } from "react-router";
import { createSession } from "#app/auth/session.server";
import { SESSION_COOKIE_NAME } from "#app/auth/session-cookie.server";
import { GRID_SIZE_COOKIE } from "#app/rules/grid-capacity";
import { dropDatabase } from "#db/admin";
import { createDb, type Database } from "#db/client";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { startStudio, stopProcess } from "#tests/support/studio-process";
import { BENCH_DATABASE_URL, BENCH_REDIS_URL, prepareBenchDatabase } from "./bench-database.ts";
import { cpuMsOf } from "./bench-processes.ts";

const SIZES = (process.env.STUDIO_BENCH_SIZES ?? "100,1000,10000").split(",").map(Number);
const REQUESTS = Math.max(100, Number(process.env.STUDIO_BENCH_REQUESTS ?? 1000));
/** STUDIO_BENCH_ONLY=workspace (words of the labels): measure only those endpoints, for a quick look while profiling. */
const ONLY = (process.env.STUDIO_BENCH_ONLY ?? "").split(",").filter(Boolean);
const USERS = 50;
const PORT = 3390;
const BASE = `http://localhost:${PORT}`;
const SECRET = "studio-bench-session-secret-0123456789abcdef";
/** The same grid page at every size (the browser would store what fits its window). */
const GRID_SIZE = Number(process.env.STUDIO_BENCH_GRID ?? 24);
const PROCESSES = process.env.STUDIO_BENCH_PROCESSES ?? "1";
const SAVE = process.env.STUDIO_BENCH_SAVE;

type Seeded = { cookies: string[]; topFolderId: string; currentFolderId: string };

async function insertEpapers(db: Database, accountId: string, folderId: string, names: string[]) {
  for (let start = 0; start < names.length; start += 1000) {
    await db
      .insertInto("epaper")
      .values(
        names.slice(start, start + 1000).map((name) => ({
          id: createId(),
          accountId,
          folderId,
          name,
          languageCode: "de",
          isRendered: true,
          pageCount: 12,
        })),
      )
      .execute();
  }
}

/** An account of `size` ePapers in nested folders and USERS logged-in users of it. */
async function seedAccount(db: Database, size: number): Promise<Seeded> {
  const owner = await insertUserWithLevel(db, "2", { emailDomain: `bench-${size}.epaper.test` });
  const folder = async (name: string, parentId: string | null) => {
    const id = createId();
    await db.insertInto("folder").values({ id, accountId: owner.accountId, parentId, name }).execute();
    return id;
  };
  const rootId = await folder("My ePaper", null);
  // The part every size has: what the page and the constant expansions show.
  await insertEpapers(
    db,
    owner.accountId,
    rootId,
    Array.from({ length: 30 }, (_, i) => `Loose ${i}`),
  );
  const currentFolderId = await folder("Current issue", rootId);
  await insertEpapers(
    db,
    owner.accountId,
    currentFolderId,
    Array.from({ length: 20 }, (_, i) => `Current ${i}`),
  );
  const fixed = 30 + 20 + 5;
  // The bulk: 10 folders of 10 subfolders, the rest of the ePapers spread over them.
  const subfolders: string[] = [];
  let topFolderId = "";
  for (let top = 0; top < 10; top++) {
    const topId = await folder(`Year ${2016 + top}`, rootId);
    topFolderId ||= topId;
    for (let sub = 0; sub < 10; sub++) subfolders.push(await folder(`Month ${sub + 1}`, topId));
  }
  const bulk = size - fixed;
  for (let index = 0; index < subfolders.length; index++) {
    const count = Math.floor(bulk / subfolders.length) + (index < bulk % subfolders.length ? 1 : 0);
    await insertEpapers(
      db,
      owner.accountId,
      subfolders[index] as string,
      Array.from({ length: count }, (_, i) => `Issue ${index}-${i}`),
    );
  }
  await insertEpapers(
    db,
    owner.accountId,
    subfolders[subfolders.length - 1] as string,
    Array.from({ length: 5 }, (_, i) => `Special ${i}`),
  );
  const cookie = createCookie(SESSION_COOKIE_NAME, { secrets: [SECRET], path: "/" });
  const cookies: string[] = [];
  for (let user = 0; user < USERS; user++) {
    const member = await insertUserWithLevel(db, "2", { emailDomain: `bench-${size}.epaper.test` });
    await db
      .updateTable("user")
      .set({ accountId: owner.accountId, baseAccountId: owner.accountId })
      .where("id", "=", member.userId)
      .execute();
    await db.insertInto("accountMembership").values({ id: createId(), accountId: owner.accountId, userId: member.userId }).execute();
    const session = await createSession(db, { userId: member.userId, remember: true });
    cookies.push(`${(await cookie.serialize(session.id)).split(";")[0]}; ${GRID_SIZE_COOKIE}=${GRID_SIZE}`);
  }
  return { cookies, topFolderId, currentFolderId };
}

type Stats = { p50: number; p95: number; p99: number; rps: number; times: number[]; cpuMs: number };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** REQUESTS requests from USERS connections, each logged in as its own user; every answer must be 200. */
async function load(address: string, cookies: string[], pid?: number): Promise<Stats> {
  const times: number[] = [];
  const cpuBefore = await cpuMsOf(pid);
  let failures = 0;
  let next = 0;
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${BASE}${address}`,
        connections: USERS,
        amount: REQUESTS,
        setupClient: (client) =>
          client.setHeaders({
            cookie: cookies[next++ % cookies.length] as string,
            accept: "text/html,application/json",
            // What Chromium sends: the answers are compressed as a browser gets them.
            "accept-encoding": "gzip, deflate, br, zstd",
          }),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode !== 200) failures += 1;
      times.push(responseTime);
      lastAnswer = performance.now();
    });
  });
  const seconds = (lastAnswer - started) / 1000;
  if (failures > 0 || result.errors > 0) throw new Error(`${address}: ${failures} answers other than 200, ${result.errors} errors`);
  const cpuMs = ((await cpuMsOf(pid)) - cpuBefore) / times.length;
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    // Answers from the start to the last answer: autocannon's per-second average and its end both
    // come on its one-second ticks (1,000 answers in 7.4 s read 125/s).
    rps: times.length / seconds,
    times,
    cpuMs,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

async function main() {
  await dropDatabase(BENCH_DATABASE_URL);
  await prepareBenchDatabase();
  const db = createDb(BENCH_DATABASE_URL, { connectionLimit: 4 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-bench-"));
  const studio = await startStudio({
    mode: "production",
    port: PORT,
    dataDir,
    sessionSecret: SECRET,
    // STUDIO_BENCH_PROCESSES: studio processes behind a cluster primary (WEB_CONCURRENCY; default 1).
    env: { DATABASE_URL: BENCH_DATABASE_URL, REDIS_URL: BENCH_REDIS_URL, PUBLIC_URL: BASE, WEB_CONCURRENCY: PROCESSES },
  });
  const overall = new Map<number, number>();
  const perEndpoint = new Map<string, Map<number, number>>();
  try {
    console.log(
      `studio bench: ${USERS} users, ${REQUESTS} requests per endpoint and size, production build, ${PROCESSES} studio process(es)`,
    );
    for (const size of SIZES) {
      const seeded = await seedAccount(db, size);
      await sql`ANALYZE TABLE epaper, folder`.execute(db);
      const endpoints = (
        [
          ["workspace /epaper", "/epaper"],
          ["expand a folder of folders", `/resources/folders?folder=${seeded.topFolderId}`],
          ["expand 'Current issue'", `/resources/folders?folder=${seeded.currentFolderId}`],
          ["search 'special'", "/resources/folders?search=special"],
        ] as [string, string][]
      ).filter(([label]) => ONLY.length === 0 || ONLY.some((word) => label.includes(word)));
      // STUDIO_BENCH_SAVE=<folder>: keep one answer per endpoint, to see what a view sends.
      if (SAVE)
        for (const [label, address] of endpoints) {
          const answer = await fetch(`${BASE}${address}`, {
            headers: { cookie: seeded.cookies[0] as string, accept: "text/html,application/json" },
          });
          await writeFile(path.join(SAVE, `${size}-${label.replace(/[^a-z0-9]+/gi, "-")}.txt`), await answer.text());
        }
      // Warm up (JIT, pools, caches) before measuring.
      for (const [, address] of endpoints) await load(address, seeded.cookies);
      const all: number[] = [];
      console.log(`\n${size} ePapers`);
      for (const [label, address] of endpoints) {
        const stats = await load(address, seeded.cookies, studio.pid);
        all.push(...stats.times);
        const byEndpoint = perEndpoint.get(label) ?? new Map<number, number>();
        byEndpoint.set(size, stats.p95);
        perEndpoint.set(label, byEndpoint);
        console.log(
          `  ${label.padEnd(28)} p50 ${ms(stats.p50)}  p95 ${ms(stats.p95)}  p99 ${ms(stats.p99)}  ${stats.rps.toFixed(0).padStart(5)} req/s  studio CPU ${stats.cpuMs.toFixed(1)} ms/request`,
        );
      }
      const sorted = all.sort((a, b) => a - b);
      overall.set(size, percentile(sorted, 95));
      console.log(
        `  ${"all requests".padEnd(28)} p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(percentile(sorted, 99))}`,
      );
    }
  } finally {
    await stopProcess(studio);
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
  const smallest = SIZES[0] as number;
  const largest = SIZES[SIZES.length - 1] as number;
  console.log("");
  for (const [label, bySize] of perEndpoint)
    console.log(`ratio p95 ${largest}/${smallest} ${label}: ${((bySize.get(largest) ?? 0) / (bySize.get(smallest) ?? 1)).toFixed(2)}`);
  console.log(`ratio p95 ${largest}/${smallest}: ${((overall.get(largest) ?? 0) / (overall.get(smallest) ?? 1)).toFixed(2)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
