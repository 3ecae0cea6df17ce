import { sql } from "kysely";
import type { PageOperationJobData } from "#app/jobs/pages";
import { announceProcessEnd, endProcess } from "#app/lifecycle/epaper-process.server";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import { dispatchPages, recordProgress, type Supervision } from "#app/render/dispatch-pages.server";
import { storePageFiles } from "#app/render/page-store.server";
import { RenderCancelled, type RenderDeps, RenderRefused } from "#app/render/render-types.server";
import { PAGE_OPERATION_FAILURE, PROCESS_OF_OPERATION } from "#app/rules/page-structure";
import { retryTransaction } from "#db/retry-transaction";
import { enqueueRecognitionSoon, markForRecognition } from "#app/render/recognize.server";
import { isServiceUnavailable } from "#app/utils/service-unavailable";
import { enqueueWebhookDeliveries, recordWebhookDeliveries } from "#app/webhooks/record.server";
import {
  type Applied,
  applyDelete,
  applyInsert,
  applyMove,
  applyReplace,
  epaperPageColumns,
  type Operation,
  OperationTargetGone,
  releaseUploads,
} from "./apply-operation.server.ts";

/*
 * The `pages` queue's job (issue 12): one page operation of an ePaper. Inserting and replacing
 * first render only the new pages on the farm (the chunked dispatch of ADR 0007, so a node that
 * dies costs only its chunk), into drafts under the operation's own blob prefix; then one
 * transaction puts them in place. Moving and deleting are that transaction alone. A failure or a
 * cancel before the commit removes the drafts, their files and the operation's upload, so the
 * ePaper is exactly as it was; the commit itself checks the cancel under the row lock, so an
 * operation is either done completely or not at all. Decisions: docs/decisions/0035-page-operations.md.
 */

export type PageOperationDeps = RenderDeps;
export type PageOperationOutcome = "finished" | "failed" | "cancelled" | "stale";

/** Where an operation's new pages wait for the commit (and stay: the page rows point there). */
export const operationPrefix = (epaperId: string, operationId: string) => `epapers/${epaperId}/pages/o${operationId}`;

class OperationCancelled extends Error {
  override name = "OperationCancelled";
}

type Loaded = Operation & { accountId: string; sourcePage: number | null; pageCount: number; renderProcessId: string | null };

async function loadOperation(deps: Pick<PageOperationDeps, "db">, data: PageOperationJobData) {
  return deps.db
    .selectFrom("pageOperation")
    .innerJoin("epaper", "epaper.id", "pageOperation.epaperId")
    .leftJoin("upload", "upload.id", "pageOperation.uploadId")
    .select([
      "pageOperation.id",
      "pageOperation.epaperId",
      "pageOperation.kind",
      "pageOperation.pageId",
      "pageOperation.targetPageId",
      "pageOperation.beforeTarget",
      "pageOperation.uploadId",
      "pageOperation.sourcePage",
      "pageOperation.pageCount",
      "pageOperation.renderProcessId",
      "epaper.accountId",
      "epaper.processType",
      "epaper.processRunning",
      "epaper.processCancelled",
      "upload.blobKey as uploadKey",
    ])
    .where("pageOperation.id", "=", data.operationId)
    .where("pageOperation.epaperId", "=", data.epaperId)
    .executeTakeFirst();
}

export async function runPageOperation(
  deps: PageOperationDeps,
  data: PageOperationJobData,
  signal: AbortSignal,
  options: { lastAttempt: boolean },
): Promise<PageOperationOutcome> {
  const row = await loadOperation(deps, data);
  // Its process ended already (a cancel that removed it, a retry after the commit): nothing to do.
  if (!row || !row.processRunning || row.processType !== PROCESS_OF_OPERATION[row.kind]) return "stale";
  const operation: Loaded = row;
  if (row.processCancelled) return abandon(deps, operation, "cancelled");
  try {
    if (row.kind === "insert" || row.kind === "replace") {
      if (!row.uploadKey) throw new RenderRefused("renderProcessFailed", "the operation's upload is gone");
      await renderDrafts(deps, operation, row.uploadKey, signal);
    }
    const applied = await commit(deps, operation);
    await finish(deps, operation, applied);
    return "finished";
  } catch (error) {
    if (error instanceof OperationCancelled || error instanceof RenderCancelled || signal.aborted) {
      return abandon(deps, operation, "cancelled");
    }
    // The database or Redis away is no fault of the operation: the reconciler resumes it once they are back.
    if (error instanceof RenderRefused || error instanceof OperationTargetGone || (options.lastAttempt && !isServiceUnavailable(error))) {
      deps.log(`page operation ${operation.id} (${operation.kind}) failed: ${(error as Error).message}`);
      return abandon(deps, operation, "failed");
    }
    throw error;
  }
}

/**
 * An operation no job will run: a cancelled one whose job was removed before a worker took it, or
 * (as 'failed') one the reconciler could not enqueue again. Abandoned here, the ePaper as it was.
 */
export async function abandonWaitingOperation(
  deps: Pick<PageOperationDeps, "db" | "redis" | "blobs">,
  data: PageOperationJobData,
  as: "failed" | "cancelled" = "cancelled",
) {
  const row = await loadOperation(deps, data);
  if (!row || !row.processRunning || row.processType !== PROCESS_OF_OPERATION[row.kind]) return "stale";
  return abandon(deps, row, as);
}

/** Renders the new pages into drafts; pages an earlier attempt stored are not rendered again. */
async function renderDrafts(deps: PageOperationDeps, operation: Loaded, sourceKey: string, signal: AbortSignal) {
  const { db } = deps;
  const stored = await db.selectFrom("pageDraft").select(["sourcePage", "supervision"]).where("operationId", "=", operation.id).execute();
  const done = new Map<number, Supervision>(stored.map((draft) => [draft.sourcePage, draft.supervision]));
  const pages =
    operation.kind === "replace" ? [operation.sourcePage ?? 1] : Array.from({ length: operation.pageCount }, (_, index) => index + 1);
  const prefix = operationPrefix(operation.epaperId, operation.id);
  await dispatchPages(
    deps,
    {
      sourceKey,
      pageCount: operation.kind === "replace" ? 0 : operation.pageCount,
      pages,
      done,
      wantOutline: false,
      store: async (page) => {
        const sourcePage = page.info?.page ?? 0;
        const columns = await storePageFiles(deps.blobs, `${prefix}/${sourcePage}`, page);
        await db
          .insertInto("pageDraft")
          .values({ operationId: operation.id, sourcePage, ...columns })
          .onDuplicateKeyUpdate(columns)
          .execute();
      },
      onProgress: (progress) => recordProgress(deps, operation, pages.length, progress),
    },
    signal,
  );
}

/** The one write: under the ePaper's row lock, unless it was cancelled in the meantime. */
async function commit(deps: PageOperationDeps, operation: Loaded) {
  return retryTransaction(deps.db, async (trx) => {
    const epaper = await trx
      .selectFrom("epaper")
      .select(["processCancelled", "processRunning", "processType"])
      .where("id", "=", operation.epaperId)
      .forUpdate()
      .executeTakeFirst();
    if (!epaper?.processRunning || epaper.processType !== PROCESS_OF_OPERATION[operation.kind])
      throw new OperationCancelled("process ended");
    if (epaper.processCancelled) throw new OperationCancelled("cancelled before the commit");
    const applied =
      operation.kind === "move"
        ? await applyMove(trx, operation)
        : operation.kind === "delete"
          ? await applyDelete(trx, operation)
          : operation.kind === "insert"
            ? await applyInsert(trx, operation, operation.pageCount)
            : await applyReplace(trx, operation);
    const uploadKeys = await releaseUploads(trx, operation.epaperId, applied.uploads);
    if (operation.uploadId)
      await trx.updateTable("upload").set({ consumedAt: new Date(), expiresAt: null }).where("id", "=", operation.uploadId).execute();
    await endProcess(
      trx,
      { epaperId: operation.epaperId, type: PROCESS_OF_OPERATION[operation.kind] },
      { as: "finished" },
      { ...(await epaperPageColumns(trx, operation.epaperId)), pagesVersion: sql`pages_version + 1` },
    );
    if (operation.renderProcessId)
      await trx.updateTable("renderProcess").set({ active: false }).where("id", "=", operation.renderProcessId).execute();
    // The drafts are pages now (their files stay where the page rows point).
    await trx.deleteFrom("pageOperation").where("id", "=", operation.id).execute();
    // New pages without text wait for OCR, committed with them (issue 47).
    const ocrPending = await markForRecognition(trx, operation.epaperId);
    // The account's webhooks (ADR 0058), committed with the operation: Redis away loses nothing.
    const webhooks = await recordWebhookDeliveries(trx, operation.accountId, {
      type: "page_operation.finished",
      epaperId: operation.epaperId,
      operation: operation.kind,
      occurrence: operation.id,
    });
    return { ...applied, uploadKeys, webhooks, ocrPending };
  });
}

async function finish(
  deps: PageOperationDeps,
  operation: Loaded,
  applied: Applied & { uploadKeys: string[]; webhooks: string[]; ocrPending: number },
) {
  await enqueueWebhookDeliveries(deps, applied.webhooks);
  if (applied.ocrPending > 0) await enqueueRecognitionSoon(operation.epaperId, deps.recognizeQueue);
  for (const prefix of applied.obsolete) await deps.blobs.deletePrefix(prefix).catch(() => {});
  for (const key of applied.uploadKeys) await deps.blobs.delete(key).catch(() => {});
  await markRepublishingRequired(deps, operation.epaperId);
  await announceProcessEnd(deps, operation.accountId, {
    epaperId: operation.epaperId,
    process: PROCESS_OF_OPERATION[operation.kind],
    state: "finished",
  });
}

/**
 * A failed or cancelled operation leaves nothing: its drafts and their files, its upload, its
 * row. The ePaper's pages were never touched. A failure shows on the card until 'reset'.
 */
async function abandon(
  deps: Pick<PageOperationDeps, "db" | "redis" | "blobs">,
  operation: Loaded,
  as: "failed" | "cancelled",
): Promise<PageOperationOutcome> {
  const type = PROCESS_OF_OPERATION[operation.kind];
  const error = `${PAGE_OPERATION_FAILURE[operation.kind]}`;
  await deps.blobs.deletePrefix(operationPrefix(operation.epaperId, operation.id));
  const uploadKey = await retryTransaction(deps.db, async (trx) => {
    const upload = operation.uploadId
      ? await trx.selectFrom("upload").select("blobKey").where("id", "=", operation.uploadId).executeTakeFirst()
      : undefined;
    await trx.deleteFrom("pageOperation").where("id", "=", operation.id).execute();
    if (operation.uploadId) await trx.deleteFrom("upload").where("id", "=", operation.uploadId).execute();
    if (operation.renderProcessId)
      await trx
        .updateTable("renderProcess")
        .set({ active: false, ...(as === "failed" ? { error } : {}) })
        .where("id", "=", operation.renderProcessId)
        .execute();
    // Cancelled: the ePaper is as it was, and shows so (its pages are all there).
    if (as === "cancelled") await endProcess(trx, { epaperId: operation.epaperId, type }, { as: "released" });
    else await endProcess(trx, { epaperId: operation.epaperId, type }, { as: "failed", error });
    return upload?.blobKey ?? null;
  });
  if (uploadKey) await deps.blobs.delete(uploadKey).catch(() => {});
  await announceProcessEnd(deps, operation.accountId, {
    epaperId: operation.epaperId,
    process: type,
    state: as,
    ...(as === "failed" ? { error } : {}),
  });
  return as;
}
