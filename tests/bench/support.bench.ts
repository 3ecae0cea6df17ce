/**
 * `npm run bench:support` (issue 14): the support tables stay fast however much the service
 * holds. In one run it fills the benchmark database to a small volume (200 accounts, 1,000
 * ePapers: the baseline) in a database of its own, measures every tab's list query (default page, a filtered page, a
 * search, a sorted page further back) and prints p50/p95; then it fills up to 20,000 accounts and
 * 100,000 ePapers, measures again and prints the ratios. Every filtered, sorted page must answer
 * within 200 ms (p95) at full volume. Real MariaDB; the rows are written straight in, in batches.
 */
import { createId } from "@paralleldrive/cuid2";
import { sql } from "kysely";
import { listSupportAccounts } from "#app/models/support/support-accounts.server";
import { listSupportChannels } from "#app/models/support/support-channels.server";
import { listSupportEpapers } from "#app/models/support/support-epapers.server";
import { listSupportEmailJobs, listSupportRenderProcesses } from "#app/models/support/support-jobs.server";
import { listSupportUsers } from "#app/models/support/support-users.server";
import { parseSupportQuery, type SupportListTab } from "#app/rules/support-lists";
import { createDb, type Database } from "#db/client";
import { permissionSubject } from "#tests/support/permission-subject";
import { hashPassword } from "#app/auth/password.server";
import { dropDatabase, ensureDatabase } from "#db/admin";
import { migrateToLatest } from "#db/migrator";
import { seed } from "#db/seed";

const SMALL = { accounts: 200, epapersPerAccount: 5 };
const FULL = { accounts: 20_000, epapersPerAccount: 5 };
const LIMIT_MS = 200;
const RUNS = 15;
const BATCH = 1000;
const TAG = "bench-support";

// A database of its own, made afresh each run, so the small baseline is small every time.
const DATABASE_URL = process.env.BENCH_SUPPORT_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/epaper_bench_support";
await dropDatabase(DATABASE_URL);
await ensureDatabase(DATABASE_URL);
const db = createDb(DATABASE_URL, { connectionLimit: 4 });
await migrateToLatest(db);
await seed(db, { studioUrl: "http://localhost:3000", hashPassword });
const subject = permissionSubject({ permissions: ["4"], id: "bench-support-admin", accountId: "none", baseAccountId: "none" });

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Adds bench accounts (each with a user, five ePapers, and a channel, a render process and a mail for some) up to `target`. */
async function fillTo(target: number) {
  const { n } = await db
    .selectFrom("account")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("name", "like", `${TAG}%`)
    .executeTakeFirstOrThrow();
  const have = Number(n);
  if (have >= target) return;
  const start = Date.now();
  for (let from = have; from < target; from += 2000) {
    const count = Math.min(2000, target - from);
    const accounts = Array.from({ length: count }, (_, i) => ({
      id: createId(),
      name: `${TAG} ${String(from + i).padStart(6, "0")} ${["Verlag", "Stadtwerke", "Verein", "Hotel"][i % 4]}`,
      isGenerated: i % 7 === 0,
      isActive: i % 13 !== 0,
      createdAt: new Date(Date.now() - (from + i) * 60_000),
    }));
    const users = accounts.map((account, i) => ({
      id: createId(),
      accountId: account.id,
      baseAccountId: account.id,
      email: `${account.id}@bench.epaper.test`,
      firstname: `First${i}`,
      lastname: `Last${i}`,
    }));
    const epapers = accounts.flatMap((account, i) =>
      Array.from({ length: FULL.epapersPerAccount }, (_, k) => ({
        id: createId(),
        accountId: account.id,
        name: `Ausgabe ${k + 1} ${account.name}`,
        languageCode: "de",
        isRendered: true,
        isLocked: (i + k) % 50 === 0,
        processRunning: (i + k) % 97 === 0,
        createdAt: new Date(account.createdAt.getTime() + k * 1000),
      })),
    );
    const channels = accounts
      .filter((_, i) => i % 4 === 0)
      .map((account) => ({ id: createId(), accountId: account.id, name: "Kanal 1", shortPath: createId(), createdAt: account.createdAt }));
    const renders = epapers
      .filter((_, i) => i % 20 === 0)
      .map((epaper, i) => ({
        id: createId(),
        epaperId: epaper.id,
        documentId: createId(),
        active: i % 10 === 0,
        pageCount: 12,
        pageCountReady: 12,
      }));
    const mails = users.map((user, i) => ({
      id: createId(),
      userId: user.id,
      recipientEmail: user.email,
      type: "signup",
      language: "de",
      attempts: i % 5,
      mailerError: i % 31 === 0 ? "550 mailbox unavailable" : null,
    }));
    await inBatches(accounts, (batch) => db.insertInto("account").values(batch).execute());
    await inBatches(users, (batch) => db.insertInto("user").values(batch).execute());
    await inBatches(epapers, (batch) => db.insertInto("epaper").values(batch).execute());
    await inBatches(channels, (batch) => db.insertInto("channel").values(batch).execute());
    await inBatches(renders, (batch) => db.insertInto("renderProcess").values(batch).execute());
    await inBatches(mails, (batch) => db.insertInto("emailJob").values(batch).execute());
  }
  await sql`ANALYZE TABLE account, user, epaper, channel, render_process, email_job`.execute(db);
  console.log(`filled to ${target} accounts in ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

type Case = { tab: SupportListTab; label: string; params: Record<string, string> };
const CASES: Case[] = [
  { tab: "accounts", label: "default", params: {} },
  { tab: "accounts", label: "filter inactive", params: { filter: "inactive" } },
  { tab: "accounts", label: "search", params: { search: "Stadtwerke" } },
  { tab: "accounts", label: "created, page 20", params: { orderProp: "createdAt", order: "desc", skip: "475" } },
  { tab: "users", label: "default", params: {} },
  { tab: "users", label: "search", params: { search: "Last12" } },
  { tab: "epaper", label: "default", params: {} },
  { tab: "epaper", label: "filter locked", params: { filter: "locked" } },
  { tab: "epaper", label: "search prefix", params: { search: "Ausgabe 3" } },
  { tab: "epaper", label: "name, page 20", params: { orderProp: "name", order: "asc", skip: "475" } },
  { tab: "channels", label: "default", params: {} },
  { tab: "renderprocesses", label: "filter active", params: { filter: "active" } },
  { tab: "emailJobs", label: "filter failed", params: { filter: "failed" } },
  { tab: "emailJobs", label: "default", params: {} },
];

async function run(tab: SupportListTab, params: Record<string, string>, database: Database) {
  const search = new URLSearchParams(params);
  switch (tab) {
    case "accounts":
      return listSupportAccounts(database, subject, parseSupportQuery(tab, search));
    case "users":
      return listSupportUsers(database, subject, parseSupportQuery(tab, search));
    case "epaper":
      return listSupportEpapers(database, subject, parseSupportQuery(tab, search));
    case "channels":
      return listSupportChannels(database, subject, parseSupportQuery(tab, search));
    case "renderprocesses":
      return listSupportRenderProcesses(database, subject, parseSupportQuery(tab, search));
    case "emailJobs":
      return listSupportEmailJobs(database, subject, parseSupportQuery(tab, search));
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

async function measure() {
  const results = new Map<string, { p50: number; p95: number }>();
  for (const entry of CASES) {
    await run(entry.tab, entry.params, db); // warm up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await run(entry.tab, entry.params, db);
      times.push(performance.now() - started);
    }
    results.set(`${entry.tab} · ${entry.label}`, { p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return results;
}

try {
  await fillTo(SMALL.accounts);
  const small = await measure();
  await fillTo(FULL.accounts);
  const { n: epapers } = await db
    .selectFrom("epaper")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  console.log(`support benchmark: ${FULL.accounts} bench accounts, ${Number(epapers)} ePapers, ${RUNS} runs per case`);
  const full = await measure();
  let worst = 0;
  console.log("case                                   small p50   full p50   full p95   ratio p50");
  for (const [name, result] of full) {
    const base = small.get(name) ?? result;
    worst = Math.max(worst, result.p95);
    console.log(
      `${name.padEnd(38)} ${base.p50.toFixed(1).padStart(8)} ms ${result.p50.toFixed(1).padStart(7)} ms ${result.p95.toFixed(1).padStart(7)} ms ${(result.p50 / base.p50).toFixed(2).padStart(9)}`,
    );
  }
  console.log(`worst p95 at full volume: ${worst.toFixed(1)} ms (limit ${LIMIT_MS} ms)`);
  if (worst > LIMIT_MS) process.exitCode = 1;
} finally {
  await db.destroy();
}
