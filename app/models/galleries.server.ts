import { createId } from "@paralleldrive/cuid2";
import sharp from "sharp";
import type { BlobStore } from "#app/blob/blob-store.server";
import { AppError } from "#app/errors/app-error";
import { containing } from "#app/models/name-search.server";
import { GALLERY_IMAGE_TYPES, GALLERY_NAME_MAX, type GalleryItem } from "#app/rules/gallery";
import { type PermissionSubject, requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";

/*
 * Galleries for the gallery kind of media element (studio-core.md §3 'Gallery (reference)', §7
 * '/upload-gallery-image'; issue 11): list and search the account's galleries, create one by
 * name, add images to it. The full media library comes with its own issue; this is enough to
 * publish a working gallery. Gallery and media writes are exempt from the demo rule (§6).
 */

/** How many galleries one answer lists (the newest, or the matches of a search). */
export const GALLERY_LIST_LIMIT = 50;

export async function listGalleries(db: Database, accountId: string, search = ""): Promise<GalleryItem[]> {
  let query = db
    .selectFrom("gallery")
    .select((eb) => [
      "gallery.id",
      "gallery.name",
      eb
        .selectFrom("galleryMedia")
        .select((inner) => inner.fn.countAll<number>().as("count"))
        .whereRef("galleryMedia.galleryId", "=", "gallery.id")
        .as("imageCount"),
    ])
    .where("gallery.accountId", "=", accountId);
  // An account has few galleries: a substring match over its name index is enough.
  if (search.trim()) query = query.where("gallery.name", "like", containing(search.trim()));
  const rows = await query.orderBy("gallery.createdAt", "desc").limit(GALLERY_LIST_LIMIT).execute();
  return rows.map((row) => ({ id: row.id, name: row.name, imageCount: Number(row.imageCount ?? 0) }));
}

function requireGalleryWrite(subject: PermissionSubject) {
  requirePermission(subject, "epaperDetails");
  requireWriteAllowed(subject, { resource: "gallery", targetIsDemo: false });
}

export async function createGallery(db: Database, subject: PermissionSubject, name: string): Promise<GalleryItem> {
  requireGalleryWrite(subject);
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > GALLERY_NAME_MAX) {
    throw new AppError("media.gallery.nameNotValid", { status: 400, params: { max: GALLERY_NAME_MAX } });
  }
  const id = createId();
  await db.insertInto("gallery").values({ id, accountId: subject.accountId, name: trimmed }).execute();
  return { id, name: trimmed, imageCount: 0 };
}

export class GalleryNotFound extends AppError {
  override name = "GalleryNotFound";
  constructor() {
    super("media.gallery.notFound", { status: 404 });
  }
}

/**
 * Adds an uploaded image to a gallery of the account: a real .png/.jpg/.jpeg/.gif (sharp reads
 * it; the name's extension alone proves nothing), stored as the account's media. The blob is
 * removed again when the rows cannot be written, so nothing is orphaned.
 */
export async function addGalleryImage(
  deps: { db: Database; blobs: BlobStore },
  subject: PermissionSubject,
  input: { galleryId: string; fileName: string; bytes: Buffer },
): Promise<GalleryItem> {
  requireGalleryWrite(subject);
  const gallery = await deps.db
    .selectFrom("gallery")
    .select(["id", "name"])
    .where("id", "=", input.galleryId)
    .where("accountId", "=", subject.accountId)
    .executeTakeFirst();
  if (!gallery) throw new GalleryNotFound();
  const extension = input.fileName.split(".").pop()?.toLowerCase() ?? "";
  const type = GALLERY_IMAGE_TYPES[extension as keyof typeof GALLERY_IMAGE_TYPES];
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>> | null = null;
  try {
    metadata = type ? await sharp(input.bytes).metadata() : null;
  } catch {
    metadata = null;
  }
  if (!type || !metadata || !(type.formats as readonly string[]).includes(metadata.format ?? "")) {
    throw new AppError("media.gallery.imageTypeNotValid", { status: 400 });
  }
  const mediaId = createId();
  const blobKey = `media/${subject.accountId}/${mediaId}.${extension}`;
  await deps.blobs.put(blobKey, input.bytes);
  try {
    await retryTransaction(deps.db, async (trx) => {
      await trx
        .insertInto("media")
        .values({
          id: mediaId,
          accountId: subject.accountId,
          name: input.fileName.slice(0, 250),
          blobKey,
          extension,
          mimeType: type.mime,
          sizeInByte: input.bytes.length,
          width: metadata.width ?? null,
          height: metadata.height ?? null,
        })
        .execute();
      const last = await trx
        .selectFrom("galleryMedia")
        .select((eb) => eb.fn.max("position").as("position"))
        .where("galleryId", "=", gallery.id)
        .executeTakeFirst();
      await trx
        .insertInto("galleryMedia")
        .values({ id: createId(), galleryId: gallery.id, mediaId, position: Number(last?.position ?? -1) + 1 })
        .execute();
    });
  } catch (error) {
    await deps.blobs.delete(blobKey);
    throw error;
  }
  const [item] = (await listGalleries(deps.db, subject.accountId)).filter((row) => row.id === gallery.id);
  return item ?? { id: gallery.id, name: gallery.name, imageCount: 1 };
}

/** One of the account's media files (its blob and type), or undefined: another account's is not found. */
export function findAccountMedia(db: Database, accountId: string, mediaId: string) {
  return db
    .selectFrom("media")
    .select(["blobKey", "mimeType"])
    .where("id", "=", mediaId)
    .where("accountId", "=", accountId)
    .executeTakeFirst();
}
