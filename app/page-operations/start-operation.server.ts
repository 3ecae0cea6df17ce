import { createId } from "@paralleldrive/cuid2";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import { AppError } from "#app/errors/app-error";
import { publishToAccount } from "#app/events/publish.server";
import { PageOperationJob } from "#app/jobs/pages";
import { enqueue, type JobQueue } from "#app/jobs/queues.server";
import { replaceActiveRenderProcess } from "#app/render/start-render.server";
import {
  beginProcess,
  EpaperNotFound,
  endProcess,
  markCancelled,
  PROCESS_COLUMNS,
  signalCancelled,
} from "#app/lifecycle/epaper-process.server";
import {
  isPageProcess,
  moveChangesNothing,
  PROCESS_OF_OPERATION,
  type PageOperationKind,
  structureChangeAllowed,
} from "#app/rules/page-structure";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { abandonWaitingOperation, operationPrefix } from "./run-operation.server.ts";

/*
 * Starting, cancelling and resetting a page operation (issue 12). The start checks every rule
 * under the ePaper's row lock (one process at a time, the pages exist, the upload is the
 * account's and unused), begins the process, records the operation and enqueues its job.
 */

export type PageOperationStartDeps = { db: Database; redis: Redis; queue: JobQueue };

export type PageOperationRequest =
  | { kind: "insert"; pageId: string; before: boolean; uploadId: string; maxPages: number }
  | { kind: "move"; pageId: string; targetPageId: string; before: boolean }
  | { kind: "replace"; pageId: string; uploadId: string; sourcePage: number }
  | { kind: "delete"; pageId: string };

/** A page id that is not one of this ePaper's pages (deleted meanwhile, or foreign): 404. */
export class StructurePageNotFound extends AppError {
  override name = "StructurePageNotFound";
  constructor(detail?: string) {
    super("pageStructure.errors.pageNotFound", { status: 404, detail });
  }
}

/** The uploaded PDF is gone (expired, used, another account's): upload it again. */
export class ExchangeUploadNotFound extends AppError {
  override name = "ExchangeUploadNotFound";
  constructor(detail?: string) {
    super("pageStructure.errors.uploadNotFound", { status: 404, detail });
  }
}

export async function startPageOperation(deps: PageOperationStartDeps, accountId: string, epaperId: string, request: PageOperationRequest) {
  const operationId = createId();
  const kind: PageOperationKind = request.kind;
  const started = await retryTransaction(deps.db, async (trx) => {
    const epaper = await trx
      .selectFrom("epaper")
      .select(["id", "accountId", ...PROCESS_COLUMNS])
      .where("id", "=", epaperId)
      .where("accountId", "=", accountId)
      .where("deletedAt", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!epaper) throw new EpaperNotFound(`epaper ${epaperId}`);
    const pages = await trx.selectFrom("page").select(["id", "isHidden"]).where("epaperId", "=", epaperId).orderBy("page").execute();
    const indexOf = (id: string) => {
      const index = pages.findIndex((page) => page.id === id);
      if (index < 0) throw new StructurePageNotFound(`page ${id}`);
      return index;
    };
    const from = indexOf(request.pageId);
    if ((kind === "move" || kind === "delete") && !structureChangeAllowed(pages.length))
      throw new AppError("pageStructure.errors.needsTwoPages", { status: 422 });
    if (request.kind === "move" && moveChangesNothing(from, indexOf(request.targetPageId), request.before))
      throw new AppError("pageStructure.errors.moveChangesNothing", { status: 422 });
    if (request.kind === "delete" && !pages[from]?.isHidden && pages.filter((page) => !page.isHidden).length === 1)
      throw new AppError("pageStructure.errors.lastVisiblePage", { status: 422 });
    let pageCount = 0;
    if (request.kind === "insert" || request.kind === "replace") {
      const upload = await trx
        .selectFrom("upload")
        .select(["id", "numPages"])
        .where("id", "=", request.uploadId)
        .where("accountId", "=", accountId)
        .where("purpose", "=", request.kind === "insert" ? "exchange" : "replace")
        .where("consumedAt", "is", null)
        .forUpdate()
        .executeTakeFirst();
      if (!upload) throw new ExchangeUploadNotFound(`upload ${request.uploadId}`);
      if (request.kind === "insert" && upload.numPages > request.maxPages)
        throw new AppError("pageStructure.errors.tooManyPages", { status: 422, params: { max: request.maxPages } });
      if (request.kind === "replace" && request.sourcePage > upload.numPages)
        throw new AppError("pageStructure.errors.sourcePageMissing", { status: 422, params: { max: upload.numPages } });
      pageCount = request.kind === "insert" ? upload.numPages : 1;
      // Claimed: the clean-up of unused uploads leaves it alone, and it is never used twice.
      await trx.updateTable("upload").set({ consumedAt: new Date(), expiresAt: null }).where("id", "=", upload.id).execute();
    }
    await beginProcess(trx, epaper, PROCESS_OF_OPERATION[kind], { job: { job: PageOperationJob, data: { epaperId, operationId } } });
    const renderProcessId = pageCount > 0 ? createId() : null;
    if (renderProcessId) {
      const jobId = PageOperationJob.jobId({ epaperId, operationId });
      // Split and download are the farm's steps per chunk; the card counts the new pages.
      await replaceActiveRenderProcess(trx, epaperId, {
        id: renderProcessId,
        documentId: jobId,
        jobId,
        pageCount,
        downloadDone: true,
        splitDone: true,
      });
    }
    await trx
      .insertInto("pageOperation")
      .values({
        id: operationId,
        epaperId,
        kind,
        pageId: request.pageId,
        targetPageId: request.kind === "move" ? request.targetPageId : null,
        beforeTarget: request.kind === "move" || request.kind === "insert" ? request.before : true,
        uploadId: request.kind === "insert" || request.kind === "replace" ? request.uploadId : null,
        sourcePage: request.kind === "replace" ? request.sourcePage : null,
        pageCount,
        renderProcessId,
      })
      .execute();
    return { accountId: epaper.accountId };
  });
  try {
    await enqueue(deps.queue, PageOperationJob, { epaperId, operationId });
  } catch (error) {
    // Without its job the operation would never end: undo the start (the upload may be used again).
    await retryTransaction(deps.db, async (trx) => {
      await trx.deleteFrom("pageOperation").where("id", "=", operationId).execute();
      await trx
        .updateTable("upload")
        .set({ consumedAt: null })
        .where("id", "=", "uploadId" in request ? request.uploadId : "")
        .execute();
      await endProcess(trx, { epaperId, type: PROCESS_OF_OPERATION[kind] }, { as: "released" });
    });
    throw error;
  }
  await publishToAccount(deps.redis, started.accountId, {
    type: "epaperProcess",
    epaperId,
    process: PROCESS_OF_OPERATION[kind],
    state: "started",
  });
  return { operationId };
}

/**
 * Cancel on the card or in the dialog: marks the process cancelled. A job still waiting is
 * removed and its operation abandoned here; a running one hears the cancel and abandons itself,
 * unless its commit came first (then the operation is done, and the cancel had nothing to stop).
 */
export async function cancelPageOperation(
  deps: { db: Database; redis: Redis; blobs: BlobStore; queue: Pick<Queue, "getJob"> },
  epaperId: string,
) {
  const row = await deps.db
    .selectFrom("epaper")
    .innerJoin("pageOperation", "pageOperation.epaperId", "epaper.id")
    .select(["epaper.processType", "epaper.processRunning", "pageOperation.id as operationId"])
    .where("epaper.id", "=", epaperId)
    .executeTakeFirst();
  if (!row?.processRunning || !isPageProcess(row.processType)) return false;
  const signalled = await markCancelled(deps.db, [epaperId]);
  const job = await deps.queue.getJob(PageOperationJob.jobId({ epaperId, operationId: row.operationId }));
  const state = job ? await job.getState() : "unknown";
  if (job && (state === "waiting" || state === "delayed" || state === "prioritized")) {
    let removed = false;
    try {
      await job.remove();
      removed = true;
    } catch {
      // Taken by a worker meanwhile: it hears the cancel below.
    }
    // Not taken by a worker: nobody else ends it.
    if (removed) return (await abandonWaitingOperation(deps, { epaperId, operationId: row.operationId })) !== "stale";
  }
  await signalCancelled(deps.redis, signalled);
  return true;
}

/** 'reset' on a failed page operation (studio-core.md §4): the failure goes, the ePaper was never changed. */
export async function resetPageOperation(db: Database, epaperId: string) {
  return retryTransaction(db, async (trx) => {
    const epaper = await trx
      .selectFrom("epaper")
      .select(["processType", "processError", "processRunning"])
      .where("id", "=", epaperId)
      .forUpdate()
      .executeTakeFirst();
    if (!epaper || epaper.processRunning || !epaper.processError || !isPageProcess(epaper.processType)) return false;
    return endProcess(trx, { epaperId, type: epaper.processType }, { as: "released" });
  });
}

export { operationPrefix };
