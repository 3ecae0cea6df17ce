import { createId } from "@paralleldrive/cuid2";
import sharp from "sharp";
import type { BlobStore } from "#app/blob/blob-store.server";
import { AppError } from "#app/errors/app-error";
import { NEWS_IMAGE } from "#app/rules/news";
import type { Database } from "#db/client";

/*
 * A news' image (studio-admin.md §3 News imageFileId, §5 'news .png, max 2000'; issue 14): a PNG
 * stored as a media row of no account (news belong to the service, not to a customer). The file
 * is written before the news' transaction and removed again if it fails; a replaced or removed
 * image, and the image of a deleted news, are removed after it commits: no orphaned files.
 */

export type NewsImageDeps = { db: Database; blobs: BlobStore };
export type PreparedNewsImage = { mediaId: string; blobKey: string; row: Parameters<typeof insertRow>[1] };

function insertRow(
  trx: Database,
  row: { id: string; name: string; blobKey: string; sizeInByte: number; width: number | null; height: number | null },
) {
  return trx
    .insertInto("media")
    .values({ ...row, accountId: null, extension: "png", mimeType: "image/png" })
    .execute();
}

/** Checks and stores an uploaded image; null when none was sent (an empty file input). */
export async function prepareNewsImage(blobs: BlobStore, file: unknown): Promise<PreparedNewsImage | null> {
  if (!(file instanceof File) || file.size === 0) return null;
  if (file.size > NEWS_IMAGE.maxKb * 1024)
    throw new AppError("news.errors.imageTooLarge", { status: 413, params: { size: NEWS_IMAGE.maxKb } });
  const bytes = Buffer.from(await file.arrayBuffer());
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (metadata?.format !== "png") throw new AppError("news.errors.imageType", { status: 400 });
  const mediaId = createId();
  const blobKey = `media/news/${mediaId}.png`;
  await blobs.put(blobKey, bytes);
  return {
    mediaId,
    blobKey,
    row: {
      id: mediaId,
      name: file.name.slice(0, 250) || "news.png",
      blobKey,
      sizeInByte: bytes.length,
      width: metadata.width ?? null,
      height: metadata.height ?? null,
    },
  };
}

/** Inside the news' transaction: the media row of a prepared image. */
export async function insertNewsImage(trx: Database, prepared: PreparedNewsImage) {
  await insertRow(trx, prepared.row);
}

/** Runs the news' write with the prepared image; the stored file goes again when the write fails. */
export async function withNewsImage<T>(blobs: BlobStore, prepared: PreparedNewsImage | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (prepared) await blobs.delete(prepared.blobKey);
    throw error;
  }
}

/** After the commit: an image no news shows any more (replaced, removed, its news deleted). */
export async function deleteNewsImage(deps: NewsImageDeps, mediaId: string | null) {
  if (!mediaId) return;
  const row = await deps.db
    .selectFrom("media")
    .select("blobKey")
    .where("id", "=", mediaId)
    .where("accountId", "is", null)
    .executeTakeFirst();
  if (!row) return;
  await deps.db.deleteFrom("media").where("id", "=", mediaId).execute();
  await deps.blobs.delete(row.blobKey);
}

/** The image file of a news for GET /resources/news-image/:newsId: active news for everyone signed in, any news for support. */
export async function findNewsImage(db: Database, newsId: string, options: { support: boolean }) {
  let query = db
    .selectFrom("news")
    .innerJoin("media", "media.id", "news.imageMediaId")
    .select(["media.blobKey", "media.mimeType"])
    .where("news.id", "=", newsId);
  if (!options.support) query = query.where("news.active", "=", true);
  return (await query.executeTakeFirst()) ?? null;
}
