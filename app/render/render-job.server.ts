import { isServiceUnavailable } from "#app/utils/service-unavailable";
import { publishToAccount } from "#app/events/publish.server";
import { dispatchPages, recordProgress } from "./dispatch-pages.server.ts";
import { RenderCancelled, type RenderDeps, RenderRefused } from "./render-types.server.ts";
import { countStored, storedPages, storePage } from "./page-store.server.ts";
import { endRender, finishRender, type OutlineEntry } from "./render-outcome.server.ts";

export type RenderJobData = { epaperId: string; renderProcessId: string; revision: number };

/**
 * Renders one ePaper on the farm. The document is cut into page chunks that go to the
 * least-loaded nodes as slots free up, so one document uses every node, a node that joins
 * is used at once, and a node that dies only costs its unfinished chunk, which goes to
 * another node. Pages are stored as they arrive, idempotently, so retries and resumed
 * (stalled) jobs never lose or duplicate a page.
 *
 * Returns how it ended; RenderRefused and RenderCancelled come back as outcomes after the
 * ePaper was updated, other errors are thrown for the queue to retry.
 */
export async function renderEpaper(
  deps: RenderDeps,
  data: RenderJobData,
  signal: AbortSignal,
  options: { lastAttempt: boolean },
): Promise<"rendered" | "failed" | "cancelled" | "stale"> {
  const { db } = deps;
  const row = await db
    .selectFrom("epaper")
    .innerJoin("renderProcess", "renderProcess.epaperId", "epaper.id")
    .leftJoin("upload", "upload.id", "epaper.sourceUploadId")
    .select([
      "epaper.accountId",
      "epaper.renderRevision",
      "epaper.processCancelled",
      "epaper.deletedAt",
      "renderProcess.active",
      "renderProcess.pageCount",
      "renderProcess.downloadDone",
      "renderProcess.splitDone",
      "upload.blobKey",
    ])
    .where("epaper.id", "=", data.epaperId)
    .where("renderProcess.id", "=", data.renderProcessId)
    .executeTakeFirst();
  // A job for an older revision, a finished process or a deleted ePaper has nothing to do.
  if (!row?.active || row.renderRevision !== data.revision || row.deletedAt) return "stale";
  const target = { ...data, accountId: row.accountId };
  if (row.processCancelled) {
    await endRender(deps, target, "renderingCancelled");
    return "cancelled";
  }
  if (!row.blobKey) {
    await endRender(deps, target, "renderProcessFailed");
    return "failed";
  }
  try {
    const outline = await renderPages(deps, target, row.blobKey, row, signal);
    const { ready, failed } = await countStored(db, data.epaperId);
    // Every page broke a time or memory limit: no ePaper of blank pages, and the customer learns why
    // (issue 46: it read as "damaged" after a minute's wait).
    if (ready > 0 && failed === ready) throw new RenderRefused("pdfTooComplex", "no page could be rendered within the limits");
    await finishRender(deps, target, outline);
    await deps
      .onRendered?.(data.epaperId)
      .catch((error: unknown) => deps.log(`ePaper ${data.epaperId}: ready mail failed: ${String(error)}`));
    return "rendered";
  } catch (error) {
    if (error instanceof RenderCancelled || (signal.aborted && signal.reason instanceof RenderCancelled)) {
      await endRender(deps, target, "renderingCancelled");
      return "cancelled";
    }
    if (error instanceof RenderRefused) {
      deps.log(`ePaper ${data.epaperId} refused: ${error.failure} (${error.message})`);
      await endRender(deps, target, error.failure);
      return "failed";
    }
    // The database or Redis away is no fault of the document: the reconciler resumes it once they are back.
    if (options.lastAttempt && !isServiceUnavailable(error)) await endRender(deps, target, "renderProcessFailed");
    throw error;
  }
}

async function renderPages(
  deps: RenderDeps,
  target: RenderJobData & { accountId: string },
  sourceKey: string,
  known: { pageCount: number; downloadDone: boolean; splitDone: boolean },
  signal: AbortSignal,
): Promise<OutlineEntry[]> {
  const { db } = deps;
  const outline = await dispatchPages(
    deps,
    {
      sourceKey,
      pageCount: known.pageCount,
      done: await storedPages(db, target.epaperId, target.revision),
      downloadDone: known.downloadDone,
      splitDone: known.splitDone,
      wantOutline: true,
      store: async (page) => {
        // The cover shows on the card as soon as page 1 is stored: the grid is fetched again.
        if (await storePage(db, deps.blobs, target.epaperId, target.revision, page))
          // Best effort: Redis away must not fail a stored page (the card catches up at the end).
          await publishToAccount(deps.redis, target.accountId, { type: "refreshEpaperList" }).catch(() => {});
      },
      onProgress: (progress) => recordProgress(deps, target, progress.pageCount, progress),
    },
    signal,
  );
  return outline ?? [];
}
