import { createId } from "@paralleldrive/cuid2";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { RenderJob } from "#app/jobs/render";
import { publishToAccount } from "#app/events/publish.server";
import type { Database } from "#db/client";
import { ExpectedError } from "#app/utils/expected-error";
import type { RenderJobData } from "./render-job.server.ts";
import { retryTransaction } from "#db/retry-transaction";

/** Only one process may run on an ePaper at a time (studio-core.md §4); 'Unprocessable' in §8. */
export class EpaperInProcess extends ExpectedError {
  override name = "EpaperInProcess";

  constructor(detail: string) {
    super("epaper.errors.actionCouldNotBeExecutedEpaperInProcess", { status: 422, detail });
  }
}

/**
 * Starts rendering an ePaper from its source upload: a new render revision, a render process
 * row, the ePaper marked "in processing", and one job on the render queue. Refused while
 * another process runs on the ePaper (one process at a time, studio-core.md §4).
 */
export async function startRender(deps: { db: Database; redis: Redis; queue: Queue }, epaperId: string) {
  const started = await retryTransaction(deps.db, async (trx) => {
    const epaper = await trx
      .selectFrom("epaper")
      .leftJoin("upload", "upload.id", "epaper.sourceUploadId")
      .select(["epaper.id", "epaper.accountId", "epaper.renderRevision", "epaper.processRunning", "upload.numPages"])
      .where("epaper.id", "=", epaperId)
      .where("epaper.deletedAt", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!epaper) throw new Error(`ePaper ${epaperId} not found`);
    if (epaper.processRunning) throw new EpaperInProcess(`ePaper ${epaperId} already has a process running`);
    const revision = epaper.renderRevision + 1;
    const renderProcessId = createId();
    const jobId = RenderJob.jobId(epaperId, revision);
    await trx
      .updateTable("epaper")
      .set({
        renderRevision: revision,
        processType: "rendering",
        processRunning: true,
        processCancelled: false,
        processError: null,
        renderingFailed: false,
        isRendered: false,
        processStartedAt: new Date(),
      })
      .where("id", "=", epaperId)
      .execute();
    // By primary key: an UPDATE … WHERE epaper_id = ? that matches nothing would hold a gap lock
    // on the index, and two renders starting at once (different ePapers) then deadlock on insert.
    const active = await trx.selectFrom("renderProcess").select("id").where("epaperId", "=", epaperId).where("active", "=", true).execute();
    if (active.length > 0) {
      await trx
        .updateTable("renderProcess")
        .set({ active: false })
        .where(
          "id",
          "in",
          active.map((row) => row.id),
        )
        .execute();
    }
    await trx
      .insertInto("renderProcess")
      .values({ id: renderProcessId, epaperId, documentId: jobId, jobId, pageCount: epaper.numPages ?? 0 })
      .execute();
    return { accountId: epaper.accountId, data: { epaperId, renderProcessId, revision } satisfies RenderJobData, jobId };
  });
  await deps.queue.add(RenderJob.name, started.data, { ...RenderJob.options, jobId: started.jobId });
  await publishToAccount(deps.redis, started.accountId, { type: "epaperProcess", epaperId, process: "rendering", state: "started" });
  return started.data;
}
