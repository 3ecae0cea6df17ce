import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import type { PageOperationJobData } from "#app/jobs/pages";
import { requeueRecognition } from "#app/render/recognize.server";
import type { PublishJobData } from "#app/jobs/publish";
import type { Queues } from "#app/jobs/queues.server";
import type { RenderJobData } from "#app/jobs/render";
import { applyCleanupSchedules, DEFAULT_CLEANUP_INTERVAL_MINUTES } from "#app/jobs/schedules.server";
import { announceProcessEnd, endProcess } from "#app/lifecycle/epaper-process.server";
import {
  type LostProcess,
  RECONCILE_GRACE_MS,
  type ReconcileReport,
  type ReconcilerDeps,
  reconcile,
} from "#app/lifecycle/reconciler.server";
import { HEARTBEAT_STALE_MS } from "#app/jobs/heartbeat.server";
import { finishChannelRemoval } from "#app/models/channel-removal.server";
import { abandonWaitingOperation } from "#app/page-operations/run-operation.server";
import { cleanupIntervalMinutes } from "#app/preferences/system-preference.server";
import { releaseChannel } from "#app/publish/channel-publish.server";
import { failPublishJob } from "#app/publish/publish-job.server";
import { endRender } from "#app/render/render-outcome.server";
import { requeueDueWebhooks } from "#app/webhooks/deliver.server";
import { isPageProcess, PAGE_OPERATION_FAILURE } from "#app/rules/page-structure";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";

/*
 * The worker's side of the reconciler (app/lifecycle/reconciler.server.ts, ADR 0047): how each
 * kind of process ends when its job cannot be enqueued again, and when a pass runs: at start,
 * right after every Redis reconnect and once more when the heartbeats of jobs that died with the
 * outage have gone stale, and every minute.
 */

/** A pass that failed (the database or Redis away) is tried again this soon. */
const RETRY_FAILED_PASS_MS = 10_000;

type Deps = { db: Database; redis: Redis; blobs: BlobStore; queues: Queues; log: (message: string) => void };

/** Ends a lost process the way its type ends, so its card shows the failure and offers to retry. */
export async function endLostProcess(deps: Omit<Deps, "queues" | "log">, lost: LostProcess) {
  const { epaperId, accountId, processType } = lost;
  const data = lost.recorded?.data;
  if (processType === "rendering") {
    const target = (data as RenderJobData | undefined) ?? (await activeRender(deps.db, epaperId));
    if (target) return endRender(deps, { ...target, accountId }, "renderProcessFailed");
  } else if (isPageProcess(processType)) {
    const operation = (data as PageOperationJobData | undefined) ?? (await currentOperation(deps.db, epaperId));
    if (operation && (await abandonWaitingOperation(deps, operation, "failed")) !== "stale") return;
  } else if (data) {
    await failPublishJob(deps, data as PublishJobData, "failed");
    return;
  }
  // Nothing of its own to undo (an earlier release's process without a recorded job): it ends failed.
  const publishing = processType.startsWith("publishing_");
  await retryTransaction(deps.db, (trx) =>
    endProcess(
      trx,
      { epaperId, type: processType },
      publishing
        ? { as: "released" }
        : { as: "failed", error: isPageProcess(processType) ? PAGE_OPERATION_FAILURE.insert : "renderProcessFailed" },
      publishing ? { publishingFailed: true } : processType === "rendering" ? { renderingFailed: true } : {},
    ),
  );
  await announceProcessEnd(deps, accountId, { epaperId, process: processType, state: "failed" });
}

async function activeRender(db: Database, epaperId: string) {
  const row = await db
    .selectFrom("renderProcess")
    .innerJoin("epaper", "epaper.id", "renderProcess.epaperId")
    .select(["renderProcess.id", "epaper.renderRevision"])
    .where("renderProcess.epaperId", "=", epaperId)
    .where("renderProcess.active", "=", true)
    .executeTakeFirst();
  return row ? { epaperId, renderProcessId: row.id, revision: row.renderRevision } : undefined;
}

async function currentOperation(db: Database, epaperId: string) {
  const row = await db.selectFrom("pageOperation").select("id").where("epaperId", "=", epaperId).executeTakeFirst();
  return row ? { epaperId, operationId: row.id } : undefined;
}

/** The reconciler's dependencies in the worker: the real ends of every kind of process. */
export function reconcilerDeps(deps: Deps, options: { graceMs?: number; heartbeatStaleMs?: number } = {}): ReconcilerDeps {
  return {
    db: deps.db,
    queues: deps.queues,
    graceMs: options.graceMs,
    heartbeatStaleMs: options.heartbeatStaleMs,
    ensureSchedules: async () =>
      applyCleanupSchedules(deps.queues, await cleanupIntervalMinutes(deps.db, DEFAULT_CLEANUP_INTERVAL_MINUTES)),
    endLost: (lost) => endLostProcess(deps, lost),
    releaseChannel: (channelId) => releaseChannel(deps.db, channelId, "failed"),
    finishChannelRemoval: (channel) => finishChannelRemoval(deps, channel),
    requeueWebhooks: (graceMs) => requeueDueWebhooks({ db: deps.db, queue: deps.queues.webhooks }, { graceMs }),
    requeueRecognition: (graceMs) => requeueRecognition({ db: deps.db, queue: deps.queues.ocr }, graceMs),
    log: deps.log,
  };
}

export type Reconciler = {
  /** Runs a pass now (or right after the one that runs); resolves with its report. */
  run(): Promise<ReconcileReport | null>;
  /** The last pass's report: the worker's health and metrics show it. */
  last(): (ReconcileReport & { at: Date }) | null;
  close(): void;
};

/**
 * Starts the reconciler: a pass now, after every reconnect of `connection` (and again once the
 * heartbeats of jobs that died with the outage are stale), and every `intervalMs`.
 */
export function startReconciler(
  deps: Deps,
  options: { connection: Redis; intervalMs?: number; graceMs?: number; heartbeatStaleMs?: number },
): Reconciler {
  let last: (ReconcileReport & { at: Date }) | null = null;
  let current: Promise<ReconcileReport | null> | null = null;
  let again = false;
  const timers = new Set<NodeJS.Timeout>();
  const pass = async (): Promise<ReconcileReport | null> => {
    try {
      const report = await reconcile(reconcilerDeps(deps, options));
      last = { ...report, at: new Date() };
      return report;
    } catch (error) {
      // Redis or the database is away: another pass in a few seconds (and at reconnect, and by the timer).
      deps.log(`reconcile pass failed: ${(error as Error).message}`);
      // One retry waiting at a time: a long outage is not asked more often the longer it lasts.
      if (!retrying) {
        retrying = true;
        later(RETRY_FAILED_PASS_MS, () => {
          retrying = false;
        });
      }
      return null;
    }
  };
  const run = (): Promise<ReconcileReport | null> => {
    if (current) {
      again = true;
      return current;
    }
    current = pass().finally(() => {
      current = null;
      if (again) {
        again = false;
        void run();
      }
    });
    return current;
  };
  let retrying = false;
  const later = (ms: number, before?: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      before?.();
      void run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  // The first 'ready' is the connection's start (the pass below covers it); every later one is a reconnect.
  let started = options.connection.status === "ready";
  const onReady = () => {
    if (!started) {
      started = true;
      return;
    }
    deps.log("Redis is back: reconciling the queue with the database");
    void run();
    // Jobs that died with the outage are known once their beats are stale; processes begun just
    // before it once their grace has passed.
    later(Math.max(options.heartbeatStaleMs ?? HEARTBEAT_STALE_MS, options.graceMs ?? RECONCILE_GRACE_MS) + 1_000);
  };
  options.connection.on("ready", onReady);
  const interval = setInterval(() => void run(), options.intervalMs ?? 60_000);
  interval.unref();
  void run();
  return {
    run,
    last: () => last,
    close() {
      clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
      options.connection.off("ready", onReady);
    },
  };
}
