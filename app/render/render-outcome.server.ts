import { createId } from "@paralleldrive/cuid2";
import { sql } from "kysely";
import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import type { Database } from "#db/client";
import { discardPages } from "./page-store.server.ts";
import type { RenderFailure } from "./render-failure.ts";
import { retryTransaction } from "#db/retry-transaction";
import { announceProcessEnd, endProcess } from "#app/lifecycle/epaper-process.server";
import { truncateText } from "#app/rules/truncate";
import { switchTocOnUnlessChosen } from "./toc-switch.server.ts";
import { enqueueWebhookDeliveries, recordWebhookDeliveries } from "#app/webhooks/record.server";
import { enqueueRecognitionSoon, markForRecognition } from "./recognize.server.ts";
import type { RenderDeps } from "./render-types.server.ts";

export type OutcomeDeps = { db: Database; redis: Redis; blobs: BlobStore; recognizeQueue?: RenderDeps["recognizeQueue"] };
export type OutlineEntry = { title: string; page: number; level: number };
type Target = { epaperId: string; accountId: string; renderProcessId: string; revision: number };

/** Every page is stored: the ePaper is rendered, its process ends, the outline becomes its TOC. */
export async function finishRender(deps: OutcomeDeps, target: Target, outline: OutlineEntry[]) {
  const { db } = deps;
  const webhooks = await retryTransaction(db, async (trx) => {
    const pages = await trx
      .selectFrom("page")
      .select(["id", "page", "width", "height", "blobPrefix", "renditions"])
      .where("epaperId", "=", target.epaperId)
      .orderBy("page")
      .execute();
    const first = pages[0];
    const images = (first?.renditions as { images?: { file: string; width: number }[] } | null)?.images ?? [];
    const smallest = [...images].sort((a, b) => a.width - b.width)[0];
    const upload = await trx
      .selectFrom("epaper")
      .leftJoin("upload", "upload.id", "epaper.sourceUploadId")
      .select("upload.sizeInByte")
      .where("epaper.id", "=", target.epaperId)
      .executeTakeFirst();
    const ended = await endProcess(
      trx,
      { epaperId: target.epaperId },
      { as: "finished" },
      {
        isRendered: true,
        renderingFailed: false,
        pageCount: pages.length,
        pageWidth: first?.width ?? null,
        pageHeight: first?.height ?? null,
        sizeInByte: upload?.sizeInByte ?? 0,
        coverBlobKey: first && smallest ? `${first.blobPrefix}/${smallest.file}` : null,
        pagesVersion: sql`pages_version + 1`,
      },
    );
    await trx
      .updateTable("renderProcess")
      .set({ active: false, pageCountReady: pages.length, pageCount: pages.length })
      .where("id", "=", target.renderProcessId)
      .execute();
    // The PDF's outline is the default table of contents, unless the user already made one.
    const existing = await trx.selectFrom("tocItem").select("id").where("epaperId", "=", target.epaperId).limit(1).execute();
    const pageIds = new Map(pages.map((page) => [page.page, page.id]));
    const items = outline
      .filter((entry) => pageIds.has(entry.page) && entry.title.trim() !== "")
      .map((entry, position) => ({
        id: createId(),
        epaperId: target.epaperId,
        pageId: pageIds.get(entry.page) as string,
        position,
        indent: Math.min(3, entry.level),
        title: truncateText(entry.title.trim(), 250),
      }));
    if (existing.length === 0 && items.length) {
      await trx.insertInto("tocItem").values(items).execute();
      // A PDF with an outline gets a table of contents the reader shows (issue 15), unless the
      // customer switched it off before the render ended (issue 46).
      await switchTocOnUnlessChosen(trx, target.epaperId);
    }
    // Pages without text wait for OCR, committed with the end (issue 47).
    const ocrPending = ended ? await markForRecognition(trx, target.epaperId) : 0;
    // The account's webhooks (ADR 0058), committed with the end: Redis away loses nothing.
    const deliveries = ended
      ? await recordWebhookDeliveries(trx, target.accountId, {
          type: "epaper.rendered",
          epaperId: target.epaperId,
          occurrence: target.renderProcessId,
        })
      : [];
    return { deliveries, ocrPending };
  });
  await enqueueWebhookDeliveries(deps, webhooks.deliveries);
  if (webhooks.ocrPending > 0) await enqueueRecognitionSoon(target.epaperId, deps.recognizeQueue);
  await announceProcessEnd(deps, target.accountId, { epaperId: target.epaperId, process: "rendering", state: "finished" });
}

/**
 * The render failed for good, or was cancelled: pages and their files go, the ePaper shows
 * the failure (or its reset state after a cancel), and nothing stays "processing".
 */
export async function endRender(deps: OutcomeDeps, target: Target, failure: RenderFailure) {
  const cancelled = failure === "renderingCancelled";
  await discardPages(deps.db, deps.blobs, target.epaperId, target.revision);
  const webhooks = await retryTransaction(deps.db, async (trx) => {
    if (cancelled) await endProcess(trx, { epaperId: target.epaperId }, { as: "cancelled" });
    const failed =
      !cancelled && (await endProcess(trx, { epaperId: target.epaperId }, { as: "failed", error: failure }, { renderingFailed: true }));
    // The early cover (page 1, issue 46) went with the pages.
    await trx.updateTable("epaper").set({ coverBlobKey: null, ocrPending: 0 }).where("id", "=", target.epaperId).execute();
    await trx
      .updateTable("renderProcess")
      .set({ active: false, error: failure, pageCountReady: 0 })
      .where("id", "=", target.renderProcessId)
      .execute();
    // A cancel is the user's own doing, no failure: no webhook. A failure's is committed with it.
    return failed
      ? recordWebhookDeliveries(trx, target.accountId, {
          type: "epaper.render_failed",
          epaperId: target.epaperId,
          error: failure,
          occurrence: target.renderProcessId,
        })
      : [];
  });
  await enqueueWebhookDeliveries(deps, webhooks);
  await announceProcessEnd(deps, target.accountId, {
    epaperId: target.epaperId,
    process: "rendering",
    state: cancelled ? "cancelled" : "failed",
    ...(cancelled ? {} : { error: failure }),
  });
}
