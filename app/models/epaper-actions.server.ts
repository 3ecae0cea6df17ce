import type { BlobStore } from "#app/blob/blob-store.server";
import type { Redis } from "ioredis";
import { cancelPageOperation, resetPageOperation } from "#app/page-operations/start-operation.server";
import { cancelRender } from "#app/render/cancel-render.server";
import { isPageProcess } from "#app/rules/page-structure";
import { startRender } from "#app/render/start-render.server";
import type { Queue } from "bullmq";
import type { JobQueue } from "#app/jobs/queues.server";
import { EpaperLocked, EpaperNotFound, PROCESS_COLUMNS, requireNotBusy } from "#app/lifecycle/epaper-process.server";
import { AppError } from "#app/errors/app-error";
import { can, type PermissionSubject, requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import { EPAPER_NAME_MAX } from "#app/rules/upload-contract";
import { truncateText } from "#app/rules/truncate";

/**
 * The actions of an ePaper card (studio-core.md §2, §4): rename, delete, cancel a render, render
 * again after a cancel, mark or unmark demo. Each loads the ePaper scoped to the caller's
 * account and re-checks the rules on the server: demo content, the support lock, and one
 * process at a time.
 */

export type CardActionDeps = {
  db: Database;
  redis: Redis;
  queue: JobQueue & Pick<Queue, "getJob">;
  /** The pages queue: cancelling a page operation (issue 12). */
  pagesQueue: JobQueue & Pick<Queue, "getJob">;
  blobs: BlobStore;
};

type Target = {
  id: string;
  isDemo: boolean;
  isLocked: boolean;
  processRunning: boolean;
  processCancelled: boolean;
  processError: string | null;
  processType: string | null;
  processStartedAt: Date | null;
  sourceUploadId: string | null;
};

async function loadTarget(db: Database, subject: PermissionSubject, epaperId: string): Promise<Target> {
  const row = await db
    .selectFrom("epaper")
    .select(["id", "isDemo", "isLocked", "sourceUploadId", ...PROCESS_COLUMNS])
    .where("id", "=", epaperId)
    .where("accountId", "=", subject.accountId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!row) throw new EpaperNotFound();
  return row;
}

/** The rules every changing card action shares: may write here, not locked, not demo without rights. */
function requireChangeable(subject: PermissionSubject, target: Target) {
  requireWriteAllowed(subject, { resource: "epaper", targetIsDemo: target.isDemo });
  if (target.isLocked) throw new EpaperLocked();
}

/** The name as stored: trimmed and cut to 250 characters; null when nothing is left (ignored). */
export function normaliseEpaperName(name: string): string | null {
  const trimmed = truncateText(name.trim(), EPAPER_NAME_MAX).trim();
  return trimmed.length > 0 ? trimmed : null;
}

export async function renameEpaper(deps: CardActionDeps, subject: PermissionSubject, epaperId: string, name: string) {
  const target = await loadTarget(deps.db, subject, epaperId);
  requireChangeable(subject, target);
  const normalised = normaliseEpaperName(name);
  if (!normalised) throw new AppError("epaper.errors.nameRequired");
  const result = await deps.db
    .updateTable("epaper")
    .set({ name: normalised })
    .where("id", "=", epaperId)
    .where("name", "!=", normalised)
    .executeTakeFirst();
  // The name is the reader's title: a published ePaper must be published again to show it.
  if (Number(result.numUpdatedRows) > 0) await markRepublishingRequired(deps, epaperId);
  return normalised;
}

/**
 * Soft delete (the row is marked deleted_at and leaves every list). A running process is refused,
 * except a failed or cancelled one ('delete item' on a failed card).
 */
export async function deleteEpaper(deps: CardActionDeps, subject: PermissionSubject, epaperId: string) {
  const target = await loadTarget(deps.db, subject, epaperId);
  requireChangeable(subject, target);
  requireNotBusy(target);
  await deps.db.updateTable("epaper").set({ deletedAt: new Date() }).where("id", "=", epaperId).where("deletedAt", "is", null).execute();
}

/** Cancel on the process overlay: sets processCancelled and stops the render or the page operation. */
export async function cancelEpaperProcess(deps: CardActionDeps, subject: PermissionSubject, epaperId: string) {
  const target = await loadTarget(deps.db, subject, epaperId);
  requireChangeable(subject, target);
  if (!target.processRunning) return false;
  if (isPageProcess(target.processType)) return cancelPageOperation({ ...deps, queue: deps.pagesQueue }, epaperId);
  return cancelRender(deps, epaperId);
}

/** 'reset' on a failed page operation (studio-core.md §4): the card shows the ePaper again, unchanged. */
export async function resetEpaperProcess(deps: CardActionDeps, subject: PermissionSubject, epaperId: string) {
  const target = await loadTarget(deps.db, subject, epaperId);
  requireChangeable(subject, target);
  return resetPageOperation(deps.db, epaperId);
}

/** After a cancelled or failed first render: render the kept source PDF again. */
export async function renderAgain(deps: CardActionDeps, subject: PermissionSubject, epaperId: string) {
  const target = await loadTarget(deps.db, subject, epaperId);
  requireChangeable(subject, target);
  if (!target.sourceUploadId) throw new AppError("upload.errors.pdfSourceNotFoundUploadAgain", { status: 404 });
  await startRender(deps, epaperId);
}

/**
 * Mark or unmark demo (studio-core.md §4: demoManagement only, and a demo needs a preview, a
 * new one when republishing is required): without a current preview, marking is refused.
 */
export async function setEpaperDemo(deps: CardActionDeps, subject: PermissionSubject, epaperId: string, isDemo: boolean) {
  requirePermission(subject, "demoManagement");
  const target = await loadTarget(deps.db, subject, epaperId);
  requireNotBusy(target);
  if (isDemo) {
    const preview = await deps.db
      .selectFrom("publication")
      .innerJoin("epaper", "epaper.id", "publication.epaperId")
      .select("epaper.republishingRequiredPreview")
      .where("publication.epaperId", "=", epaperId)
      .where("publication.type", "=", "preview")
      .executeTakeFirst();
    if (!preview || preview.republishingRequiredPreview) throw new AppError("epaper.errors.demoNeedsPreview", { status: 422 });
  }
  await deps.db.updateTable("epaper").set({ isDemo }).where("id", "=", epaperId).execute();
}

/** Whether the caller may change this card at all (to disable its actions in the UI). */
export function cardActionsAllowed(subject: PermissionSubject, card: { isDemo: boolean; isLocked: boolean }): boolean {
  return !card.isLocked && (!card.isDemo || can(subject, "demoManagement"));
}
