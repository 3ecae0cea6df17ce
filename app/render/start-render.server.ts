import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import { enqueue, type JobQueue } from "#app/jobs/queues.server";
import { RenderJob, type RenderJobData } from "#app/jobs/render";
import { publishToAccount } from "#app/events/publish.server";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { beginProcess, PROCESS_COLUMNS } from "#app/lifecycle/epaper-process.server";

/**
 * Starts rendering an ePaper from its source upload: a new render revision, a render process
 * row, the ePaper marked "in processing", and one job on the render queue. Refused while
 * another process runs on the ePaper (one process at a time, studio-core.md §4).
 */
export async function startRender(deps: { db: Database; redis: Redis; queue: JobQueue }, epaperId: string) {
  const started = await retryTransaction(deps.db, async (trx) => {
    const epaper = await trx
      .selectFrom("epaper")
      .leftJoin("upload", "upload.id", "epaper.sourceUploadId")
      .select([
        "epaper.id",
        "epaper.accountId",
        "epaper.renderRevision",
        "upload.numPages",
        ...PROCESS_COLUMNS.map((column) => `epaper.${column}` as const),
      ])
      .where("epaper.id", "=", epaperId)
      .where("epaper.deletedAt", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!epaper) throw new Error(`ePaper ${epaperId} not found`);
    const revision = epaper.renderRevision + 1;
    const renderProcessId = createId();
    const data: RenderJobData = { epaperId, renderProcessId, revision };
    const jobId = RenderJob.jobId(data);
    await beginProcess(trx, epaper, "rendering", {
      job: { job: RenderJob, data },
      extra: { renderRevision: revision, renderingFailed: false, isRendered: false },
    });
    await replaceActiveRenderProcess(trx, epaperId, { id: renderProcessId, documentId: jobId, jobId, pageCount: epaper.numPages ?? 0 });
    return { accountId: epaper.accountId, data };
  });
  await enqueue(deps.queue, RenderJob, started.data);
  await publishToAccount(deps.redis, started.accountId, { type: "epaperProcess", epaperId, process: "rendering", state: "started" });
  return started.data;
}

/**
 * The ePaper's one active render process row (the card's progress, support's render table): the
 * earlier active ones end, the new one starts. By primary key: an UPDATE … WHERE epaper_id = ?
 * that matches nothing would hold a gap lock on the index, and two renders starting at once
 * (different ePapers) then deadlock on insert.
 */
export async function replaceActiveRenderProcess(
  trx: Database,
  epaperId: string,
  row: { id: string; documentId: string; jobId: string; pageCount: number; downloadDone?: boolean; splitDone?: boolean },
) {
  const active = await trx.selectFrom("renderProcess").select("id").where("epaperId", "=", epaperId).where("active", "=", true).execute();
  if (active.length > 0)
    await trx
      .updateTable("renderProcess")
      .set({ active: false })
      .where(
        "id",
        "in",
        active.map((entry) => entry.id),
      )
      .execute();
  await trx
    .insertInto("renderProcess")
    .values({ ...row, epaperId })
    .execute();
}
