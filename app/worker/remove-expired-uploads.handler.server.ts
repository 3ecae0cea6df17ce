import type { BlobStore } from "#app/blob/blob-store.server";
import { cronjobsActive } from "#app/preferences/system-preference.server";
import { UPLOAD_TTL_MS } from "#app/rules/upload-contract";
import type { Database } from "#db/client";
import { sweep } from "./sweep.server.ts";

export type ExpiredUploadsJobDeps = { db: Database; blobs: BlobStore };

export type ExpiredUploadsJobResult = { skipped: true } | { skipped: false; removed: number; strays: number };

const BATCH_SIZE = 100;
const MAX_BATCHES = 10;
/** Where upload blobs live (app/models/upload.server.ts uploadBlobKey). */
const UPLOADS_PREFIX = "uploads";

/**
 * The upload's clean-up (docs/decisions/0018-upload.md), only while the Cronjob preference lets
 * clean-ups run:
 * 1. uploads that were never turned into an ePaper and whose day is over: the row goes first,
 *    with the same conditions in the DELETE, so an ePaper created at that very moment keeps its
 *    source; then the blob;
 * 2. files directly under `uploads/` older than a day that no upload row names: what a studio
 *    that stopped mid-upload, or a crash between row and file, left behind.
 * Idempotent; one failure does not stop the others, the run then fails so the queue retries it.
 */
export async function removeExpiredUploads(deps: ExpiredUploadsJobDeps, now: Date = new Date()): Promise<ExpiredUploadsJobResult> {
  if (!(await cronjobsActive(deps.db))) return { skipped: true };
  const errors: unknown[] = [];
  const removed = await sweep({
    batchSize: BATCH_SIZE,
    maxBatches: MAX_BATCHES,
    errors,
    read: (after, limit) =>
      deps.db
        .selectFrom("upload")
        .select(["id", "blobKey"])
        .where("consumedAt", "is", null)
        .where("expiresAt", "<", now)
        .where("id", ">", after)
        .orderBy("id")
        .limit(limit)
        .execute(),
    handle: async (row) => {
      const deleted = await deps.db
        .deleteFrom("upload")
        .where("id", "=", row.id)
        .where("consumedAt", "is", null)
        .where("expiresAt", "<", now)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return false;
      await deps.blobs.delete(row.blobKey);
      return true;
    },
  });

  let strays = 0;
  try {
    const old = (await deps.blobs.list(UPLOADS_PREFIX)).filter((entry) => entry.modifiedAt.getTime() < now.getTime() - UPLOAD_TTL_MS);
    for (let start = 0; start < old.length; start += BATCH_SIZE) {
      const entries = old.slice(start, start + BATCH_SIZE);
      // `uploads/<id>.pdf`, a write in progress `uploads/<id>.pdf.<random>.part`, or a folder `uploads/<id>/`.
      const idOf = (key: string) => key.slice(UPLOADS_PREFIX.length + 1).split(".")[0] ?? "";
      const known = new Set(
        (
          await deps.db
            .selectFrom("upload")
            .select("id")
            .where(
              "id",
              "in",
              entries.map((entry) => idOf(entry.key)),
            )
            .execute()
        ).map((row) => row.id),
      );
      for (const entry of entries) {
        // A write in progress a day old is dead whatever its upload became.
        if (!entry.key.endsWith(".part") && known.has(idOf(entry.key))) continue;
        try {
          if (entry.kind === "prefix") await deps.blobs.deletePrefix(entry.key);
          else await deps.blobs.delete(entry.key);
          strays++;
        } catch (error) {
          errors.push(error);
        }
      }
    }
  } catch (error) {
    errors.push(error);
  }

  if (errors.length > 0) {
    throw new AggregateError(errors, `removed ${removed} uploads and ${strays} stray files; ${errors.length} failed: ${String(errors[0])}`);
  }
  return { skipped: false, removed, strays };
}
