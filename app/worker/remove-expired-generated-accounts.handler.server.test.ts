import { withCronjobsOff } from "#tests/support/cronjobs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { accountChannel, parseStudioEvent, type StudioEvent } from "#app/events/catalogue";
import { removeAccount } from "#app/models/account-removal.server";
import { createGeneratedAccount, TRY_IT_STORAGE_MS, TRY_IT_TEST_PHASE_MS } from "#app/models/generated-account.server";
import { db } from "#app/utils/db.server";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { type GeneratedAccountsJobDeps, removeExpiredGeneratedAccounts } from "./remove-expired-generated-accounts.handler.server.ts";

const HOUR = 60 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let dataDir: string;
let deps: GeneratedAccountsJobDeps;
let subscriber: Redis;
const events = new Map<string, StudioEvent[]>();
const accountIds: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "epaper-generated-job-"));
  deps = { db, blobs: new FolderBlobStore(dataDir), redis: new Redis(TEST_REDIS_URL) };
  subscriber = new Redis(TEST_REDIS_URL);
  subscriber.on("message", (channel: string, message: string) => {
    events.set(channel, [...(events.get(channel) ?? []), parseStudioEvent(message) as StudioEvent]);
  });
});

afterAll(async () => {
  for (const accountId of accountIds) if (deps) await removeAccount(deps, accountId);
  subscriber?.disconnect();
  deps?.redis.disconnect();
  await db.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A run that sees the Cronjob preference switched off. */
const runWithCronjobsOff = (now: Date) => withCronjobsOff(db, (trx) => removeExpiredGeneratedAccounts({ ...deps, db: trx }, now));

/** A run while cronjobs are on (the seed's value); a skipped run touched nothing, so it is simply repeated. */
async function run(now: Date) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const result = await removeExpiredGeneratedAccounts(deps, now);
    if (!result.skipped) return result;
    await sleep(100);
  }
  throw new Error("cronjobs stayed off");
}

/** A generated account created `ageMs` ago, listened to on its event channel. */
async function trial(now: Date, ageMs: number) {
  const created = await createGeneratedAccount(db, { locale: "de", now: new Date(now.getTime() - ageMs) });
  accountIds.push(created.accountId);
  await subscriber.subscribe(accountChannel(created.accountId));
  return created;
}

const eventsOf = (accountId: string) => events.get(accountChannel(accountId)) ?? [];
const exists = async (accountId: string) =>
  (await db.selectFrom("account").select("id").where("id", "=", accountId).executeTakeFirst()) !== undefined;

test("removes expired generated accounts only, tells each expired test phase once, and waits while cronjobs are off", async () => {
  const now = new Date();
  // Past its storage time: removed, with its files.
  const expired = await trial(now, TRY_IT_STORAGE_MS + HOUR);
  const epaperId = createId();
  await db.insertInto("epaper").values({ id: epaperId, accountId: expired.accountId, languageCode: "de", name: "old" }).execute();
  const pageKey = `epapers/${epaperId}/pages/r1/1/w800.webp`;
  await deps.blobs.put(pageKey, Buffer.from("page"));
  // Test phase over, storage time not: kept, told once.
  const testEnded = await trial(now, TRY_IT_TEST_PHASE_MS + HOUR);
  // Still in its test phase: kept, not told.
  const fresh = await trial(now, HOUR);
  // A registered account with a storage time in the past: never the job's business.
  const registered = await insertAccountWithUser(db, {
    emailDomain: "generated-job.test",
    account: { removeAt: new Date(now.getTime() - HOUR) },
  });
  accountIds.push(registered.accountId);
  await subscriber.subscribe(accountChannel(registered.accountId));

  expect(await runWithCronjobsOff(now)).toEqual({ skipped: true });
  expect(await exists(expired.accountId)).toBe(true);
  expect(await deps.blobs.size(pageKey)).toBe(4);
  await sleep(200);
  expect(eventsOf(testEnded.accountId)).toEqual([]);

  // The counts include accounts of other test files sharing the database: at least ours.
  const first = await run(now);
  expect(first.removed).toBeGreaterThanOrEqual(1);
  expect(first.notified).toBeGreaterThanOrEqual(1);

  expect(await exists(expired.accountId)).toBe(false);
  expect(await deps.blobs.size(pageKey)).toBeNull();
  expect(await exists(testEnded.accountId)).toBe(true);
  expect(await exists(fresh.accountId)).toBe(true);
  expect(await exists(registered.accountId)).toBe(true);

  await vi.waitFor(() => expect(eventsOf(testEnded.accountId)).toHaveLength(1));
  expect(eventsOf(testEnded.accountId)).toEqual([
    { type: "testPhaseExpired", accountId: testEnded.accountId, removeAt: testEnded.removeAt.toISOString() },
  ]);
  const marked = await db
    .selectFrom("account")
    .select("testPhaseNotifiedAt")
    .where("id", "=", testEnded.accountId)
    .executeTakeFirstOrThrow();
  expect(marked.testPhaseNotifiedAt).toEqual(now);

  // The next runs find nothing new: the event went out once.
  await run(new Date(now.getTime() + 10 * 60_000));
  await sleep(200);
  expect(eventsOf(testEnded.accountId)).toHaveLength(1);
  expect(eventsOf(fresh.accountId)).toEqual([]);
  expect(eventsOf(expired.accountId)).toEqual([]);
  expect(eventsOf(registered.accountId)).toEqual([]);
});

test("a generated account that signed up in the meantime is neither removed nor told", async () => {
  const now = new Date();
  const converted = await trial(now, TRY_IT_STORAGE_MS + HOUR);
  // What convertGeneratedAccount leaves: no longer generated, no storage time.
  await db.updateTable("account").set({ isGenerated: false, removeAt: null }).where("id", "=", converted.accountId).execute();
  await run(now);
  expect(await exists(converted.accountId)).toBe(true);
  const row = await db.selectFrom("account").select("testPhaseNotifiedAt").where("id", "=", converted.accountId).executeTakeFirstOrThrow();
  expect(row.testPhaseNotifiedAt).toBeNull();
  await sleep(200);
  expect(eventsOf(converted.accountId)).toEqual([]);
});

test("a cancelled test phase whose removal stopped after its claim is finished by the next run", async () => {
  const now = new Date();
  const cancelled = await trial(now, HOUR);
  // What removeAccount's claim leaves should the process die right after it.
  await db.updateTable("account").set({ deletedAt: now, removeAt: now }).where("id", "=", cancelled.accountId).execute();
  await run(new Date(now.getTime() + 1));
  expect(await exists(cancelled.accountId)).toBe(false);
  await sleep(200);
  expect(eventsOf(cancelled.accountId)).toEqual([]);
});
