import { sql } from "kysely";
import type { Database } from "#db/client";

/**
 * Heartbeats of the jobs this worker runs (ADR 0047): every few seconds one write marks each
 * running job alive in `job_heartbeat`. The reconciler reads them to tell a job that runs from
 * one that was lost: a job Redis no longer knows (it lost its data) but that still runs here
 * beats on, and is not enqueued a second time. A beat that fails (the database is away) is
 * skipped; the next one writes again.
 */

/** How often a running job beats. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** A job without a beat for this long has stopped (three beats missed and then some). */
export const HEARTBEAT_STALE_MS = 20_000;

export type JobHeartbeats = {
  start(queue: string, jobId: string): void;
  stop(jobId: string): void;
  close(): Promise<void>;
};

export function startJobHeartbeats(db: Database, options: { intervalMs?: number; log?: (message: string) => void } = {}): JobHeartbeats {
  const running = new Map<string, string>();
  let beating: Promise<void> = Promise.resolve();
  const beat = (ids: string[]) => {
    const rows = ids.flatMap((jobId) => {
      const queue = running.get(jobId);
      return queue ? [{ jobId, queue }] : [];
    });
    if (rows.length === 0) return;
    beating = db
      .insertInto("jobHeartbeat")
      .values(rows.map((row) => ({ ...row, beatAt: sql<Date>`CURRENT_TIMESTAMP(3)` })))
      .onDuplicateKeyUpdate({ beatAt: sql<Date>`CURRENT_TIMESTAMP(3)` })
      .execute()
      .then(
        () => undefined,
        (error: Error) => options.log?.(`job heartbeat not written: ${error.message}`),
      );
  };
  const timer = setInterval(() => beat([...running.keys()]), options.intervalMs ?? HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    start(queue, jobId) {
      running.set(jobId, queue);
      beat([jobId]);
    },
    stop(jobId) {
      running.delete(jobId);
      db.deleteFrom("jobHeartbeat")
        .where("jobId", "=", jobId)
        .execute()
        .catch(() => {
          // Left behind: the reconciler removes stale beats.
        });
    },
    async close() {
      clearInterval(timer);
      await beating;
    },
  };
}

/** The ids of jobs that beat within `staleMs` (`now` from the database: no clock skew between machines). */
export async function liveHeartbeats(db: Database, staleMs = HEARTBEAT_STALE_MS): Promise<Set<string>> {
  const rows = await db
    .selectFrom("jobHeartbeat")
    .select("jobId")
    .where("beatAt", ">", sql<Date>`CURRENT_TIMESTAMP(3) - INTERVAL ${staleMs * 1000} MICROSECOND`)
    .execute();
  return new Set(rows.map((row) => row.jobId));
}

/** Removes beats of jobs that stopped long ago (a worker killed mid-job leaves its last beat). */
export async function removeStaleHeartbeats(db: Database, olderThanMs = 3600_000) {
  await db
    .deleteFrom("jobHeartbeat")
    .where("beatAt", "<", sql<Date>`CURRENT_TIMESTAMP(3) - INTERVAL ${olderThanMs * 1000} MICROSECOND`)
    .execute();
}
