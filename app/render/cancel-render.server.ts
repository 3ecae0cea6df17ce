import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { RenderJob } from "#app/jobs/render";
import { markCancelled, signalCancelled } from "#app/lifecycle/epaper-process.server";
import type { BlobStore } from "#app/blob/blob-store.server";
import type { Database } from "#db/client";
import { endRender } from "./render-outcome.server.ts";

/**
 * Cancels a running render (studio-core.md §4: cancel sets processCancelled). A job still
 * waiting in the queue is removed and ended here; a running one is stopped by its worker,
 * which hears the cancel on Redis, stops the node's work and cleans up.
 */
export async function cancelRender(deps: { db: Database; redis: Redis; queue: Pick<Queue, "getJob">; blobs: BlobStore }, epaperId: string) {
  const row = await deps.db
    .selectFrom("epaper")
    .innerJoin("renderProcess", "renderProcess.epaperId", "epaper.id")
    .select(["epaper.accountId", "epaper.renderRevision", "renderProcess.id as renderProcessId"])
    .where("epaper.id", "=", epaperId)
    .where("epaper.processType", "=", "rendering")
    .where("epaper.processRunning", "=", true)
    .where("renderProcess.active", "=", true)
    .executeTakeFirst();
  if (!row) return false;
  const renders = await markCancelled(deps.db, [epaperId]);
  const job = await deps.queue.getJob(RenderJob.jobId({ epaperId, renderProcessId: row.renderProcessId, revision: row.renderRevision }));
  const state = job ? await job.getState() : "unknown";
  if (job && (state === "waiting" || state === "delayed" || state === "prioritized") && (await removed(job))) {
    await endRender(
      deps,
      { epaperId, accountId: row.accountId, renderProcessId: row.renderProcessId, revision: row.renderRevision },
      "renderingCancelled",
    );
    return true;
  }
  await signalCancelled(deps.redis, renders);
  return true;
}

/** A job that a worker took in the meantime is locked and cannot be removed: it gets the message. */
async function removed(job: { remove: () => Promise<void> }) {
  try {
    await job.remove();
    return true;
  } catch {
    return false;
  }
}
