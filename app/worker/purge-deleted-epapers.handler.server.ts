import type { BlobStore } from "#app/blob/blob-store.server";
import { cronjobsActive } from "#app/preferences/system-preference.server";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";

export type PurgeDeletedEpapersDeps = { db: Database; blobs: BlobStore };

export type PurgeDeletedEpapersResult = { skipped: true } | { skipped: false; purged: number };

/** How long a deleted ePaper stays restorable by support before its files and rows go. */
export const DELETED_EPAPER_GRACE_MS = 30 * 24 * 3600_000;
const BATCH_SIZE = 50;

/**
 * Deleting an ePaper is a soft delete (it leaves every list at once, support can still restore
 * it); after the grace time this job removes it for good, files first (pages and cover under
 * `epapers/<id>/`, every publication's revision, the source PDF), then the rows (pages, media
 * elements, TOC, settings and publications cascade from the ePaper). Only while the Cronjob
 * preference lets clean-ups run. Re-runnable: a run that stops half-way leaves rows that
 * point at missing files, which the next run removes.
 */
export async function purgeDeletedEpapers(deps: PurgeDeletedEpapersDeps, now = new Date()): Promise<PurgeDeletedEpapersResult> {
  if (!(await cronjobsActive(deps.db))) return { skipped: true };
  const before = new Date(now.getTime() - DELETED_EPAPER_GRACE_MS);
  const epapers = await deps.db
    .selectFrom("epaper")
    .leftJoin("upload", "upload.id", "epaper.sourceUploadId")
    .select(["epaper.id", "epaper.coverBlobKey", "epaper.sourceUploadId", "upload.blobKey as sourceBlobKey"])
    .where("epaper.deletedAt", "<", before)
    // A process still running (a render being cancelled) finishes first.
    .where("epaper.processRunning", "=", false)
    .orderBy("epaper.deletedAt")
    .limit(BATCH_SIZE)
    .execute();
  const errors: unknown[] = [];
  let purged = 0;
  for (const epaper of epapers) {
    try {
      const publications = await deps.db.selectFrom("publication").select("blobPrefix").where("epaperId", "=", epaper.id).execute();
      const pages = await deps.db.selectFrom("page").select(["blobPrefix", "sourceUploadId"]).where("epaperId", "=", epaper.id).execute();
      // PDFs pages were inserted or exchanged from (issue 12) belong to the ePaper too.
      const inserted = [...new Set(pages.flatMap((page) => (page.sourceUploadId ? [page.sourceUploadId] : [])))];
      const insertedUploads = inserted.length
        ? await deps.db.selectFrom("upload").select(["id", "blobKey"]).where("id", "in", inserted).execute()
        : [];
      const keys = new Set<string>([`epapers/${epaper.id}/`]);
      for (const key of [
        epaper.coverBlobKey,
        epaper.sourceBlobKey,
        // A publication's whole folder (`publications/<id>/`): an old revision a crash left behind goes too.
        ...publications.map((p) => p.blobPrefix?.split("/").slice(0, 2).join("/") ?? null),
        ...pages.map((p) => p.blobPrefix),
        ...insertedUploads.map((upload) => upload.blobKey),
      ])
        if (key && !key.startsWith(`epapers/${epaper.id}/`)) keys.add(key);
      // A channel that still showed it forgets it (its address says 'not available'), files included.
      const channels = await deps.db.selectFrom("channel").select(["id", "blobPrefix"]).where("epaperId", "=", epaper.id).execute();
      for (const channel of channels) {
        await deps.db
          .updateTable("channel")
          .set({ epaperId: null, blobPrefix: null, contentName: null, contentCoverBlobKey: null, publishedAt: null })
          .where("id", "=", channel.id)
          .execute();
        if (channel.blobPrefix) keys.add(channel.blobPrefix);
      }
      for (const key of keys) await deps.blobs.deletePrefix(key);
      await retryTransaction(deps.db, async (trx) => {
        await trx.deleteFrom("epaper").where("id", "=", epaper.id).where("deletedAt", "<", before).execute();
        if (epaper.sourceUploadId) await trx.deleteFrom("upload").where("id", "=", epaper.sourceUploadId).execute();
        if (insertedUploads.length)
          await trx
            .deleteFrom("upload")
            .where(
              "id",
              "in",
              insertedUploads.map((upload) => upload.id),
            )
            .execute();
      });
      purged++;
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0)
    throw new AggregateError(errors, `purged ${purged} deleted ePapers; ${errors.length} failed: ${String(errors[0])}`);
  return { skipped: false, purged };
}
