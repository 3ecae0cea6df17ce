import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import { publishToAccount } from "#app/events/publish.server";
import { removeAccount } from "#app/models/account-removal.server";
import { TRY_IT_TEST_PHASE_MS } from "#app/models/generated-account.server";
import { cronjobsActive } from "#app/preferences/system-preference.server";
import type { Database } from "#db/client";
import { sweep } from "./sweep.server.ts";

export type GeneratedAccountsJobDeps = { db: Database; blobs: BlobStore; redis: Redis };

export type GeneratedAccountsJobResult = { skipped: true } | { skipped: false; removed: number; notified: number };

/** Accounts read per query, and at most this many batches per kind of work in one run. */
const BATCH_SIZE = 50;
const MAX_BATCHES = 10;

/**
 * The try-it lifecycle's scheduled half (docs/decisions/0015-try-it-lifecycle.md), only while the
 * Cronjob preference lets clean-ups run:
 * 1. removes generated accounts whose storage time (remove_at) is over, with their ePapers and
 *    files; registered accounts are never touched, whatever their remove_at says;
 * 2. sends `testPhaseExpired` once to each generated account whose test phase is over and which
 *    is still kept.
 * Idempotent: a second run finds nothing to do. A removal that fails does not stop the others;
 * the run then fails so the queue retries it and the failure is logged.
 */
export async function removeExpiredGeneratedAccounts(
  deps: GeneratedAccountsJobDeps,
  now: Date = new Date(),
): Promise<GeneratedAccountsJobResult> {
  if (!(await cronjobsActive(deps.db))) return { skipped: true };
  const errors: unknown[] = [];
  const removed = await removeExpired(deps, now, errors);
  const notified = await notifyExpiredTestPhases(deps, now, errors);
  if (errors.length > 0) {
    throw new AggregateError(errors, `removed ${removed}, notified ${notified}, ${errors.length} failed: ${messageOf(errors[0])}`);
  }
  return { skipped: false, removed, notified };
}

function removeExpired(deps: GeneratedAccountsJobDeps, now: Date, errors: unknown[]) {
  return sweep({
    batchSize: BATCH_SIZE,
    maxBatches: MAX_BATCHES,
    errors,
    read: (after, limit) =>
      deps.db
        .selectFrom("account")
        .select("id")
        .where("isGenerated", "=", true)
        .where("removeAt", "<", now)
        .where("id", ">", after)
        .orderBy("id")
        .limit(limit)
        .execute(),
    // The guard is checked again under a row lock: a signup in the meantime keeps the account.
    handle: async (row) => (await removeAccount(deps, row.id, { onlyGenerated: true, onlyExpired: true, now })) === "removed",
  });
}

async function notifyExpiredTestPhases(deps: GeneratedAccountsJobDeps, now: Date, errors: unknown[]) {
  const { db, redis } = deps;
  const startedBefore = new Date(now.getTime() - TRY_IT_TEST_PHASE_MS);
  let notified = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const rows = await db
      .selectFrom("account")
      .select(["id", "removeAt"])
      .where("isGenerated", "=", true)
      .where("testPhaseNotifiedAt", "is", null)
      .where("createdAt", "<=", startedBefore)
      .where("deletedAt", "is", null)
      .where((eb) => eb.or([eb("removeAt", "is", null), eb("removeAt", ">=", now)]))
      .orderBy("createdAt")
      .limit(BATCH_SIZE)
      .execute();
    for (const row of rows) {
      // Mark first, then publish: of two workers (or a retried run) only the one that marked
      // publishes, so an account hears it once.
      const marked = await db
        .updateTable("account")
        .set({ testPhaseNotifiedAt: now })
        .where("id", "=", row.id)
        .where("testPhaseNotifiedAt", "is", null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) continue;
      try {
        await publishToAccount(redis, row.id, {
          type: "testPhaseExpired",
          accountId: row.id,
          removeAt: row.removeAt?.toISOString() ?? null,
        });
        notified++;
      } catch (error) {
        // Redis refused: unmark, so that a later run sends it. Stop here, the next would fail too.
        await db.updateTable("account").set({ testPhaseNotifiedAt: null }).where("id", "=", row.id).execute();
        errors.push(error);
        return notified;
      }
    }
    if (rows.length < BATCH_SIZE) break;
  }
  return notified;
}

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}
