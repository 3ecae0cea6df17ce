import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import sharp from "sharp";
import type { BlobStore } from "#app/blob/blob-store.server";
import { AppError } from "#app/errors/app-error";
import { createLogger } from "#app/utils/logger.server";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import type { StoredRenditions } from "#app/render/page-store.server";
import { PREVIEW_IMAGE, previewImageTypeOf } from "#app/rules/preview-image";
import type { PermissionSubject } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { getEnv } from "#app/utils/env.server";
import { SafeFetchRefused } from "#app/utils/safe-fetch.server";
import { fetchOpenGraphImage } from "./open-graph-image.server.ts";
import { loadMediaElements } from "./page-media-read.server.ts";
import { loadElementPage, MediaElementNotFound, requireEditable } from "./page-media.server.ts";

const log = createLogger("studio");

/*
 * The preview image of a media element (studio-core.md §5 'Preview image', §7 'Generate preview
 * image', '/upload-enrichment-preview-image', §8; issue 11): uploaded (.png/.jpg, at most 300 KB)
 * or generated from what the element points at — the target page's thumbnail for an internal
 * link, the first image of a gallery, the Open Graph image of an external link's or a video's
 * page (fetched under the SSRF rules of ADR 0033). Either way it is scaled to 176 px wide with
 * sharp and stored as the account's media; the element's version changes and the ePaper needs
 * republishing. A replaced image no element uses any more is deleted with its blob.
 */

export type PreviewDeps = {
  db: Database;
  redis: Redis;
  blobs: BlobStore;
  /** "host:port" entries outbound fetches may reach although private (tests); OUTBOUND_ALLOW_PRIVATE by default. */
  allowPrivate?: readonly string[];
};

async function scaled(bytes: Buffer, format: "png" | "jpeg") {
  const image = sharp(bytes).resize({ width: PREVIEW_IMAGE.width, withoutEnlargement: false });
  const output = format === "png" ? image.png() : image.jpeg({ quality: 85 });
  const { data, info } = await output.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function attach(
  deps: PreviewDeps,
  subject: PermissionSubject,
  epaperId: string,
  pageMediaId: string,
  image: { bytes: Buffer; format: "png" | "jpeg"; name: string },
) {
  const extension = image.format === "png" ? "png" : "jpg";
  const { data, width, height } = await scaled(image.bytes, image.format);
  const mediaId = createId();
  const blobKey = `media/${subject.accountId}/${mediaId}.${extension}`;
  await deps.blobs.put(blobKey, data);
  let replaced: string | null = null;
  try {
    replaced = await retryTransaction(deps.db, async (trx) => {
      const current = await trx
        .selectFrom("pageMedia")
        .select("previewImageId")
        .where("id", "=", pageMediaId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw new MediaElementNotFound();
      await trx
        .insertInto("media")
        .values({
          id: mediaId,
          accountId: subject.accountId,
          name: image.name.slice(0, 250),
          blobKey,
          extension,
          mimeType: image.format === "png" ? "image/png" : "image/jpeg",
          sizeInByte: data.length,
          width,
          height,
        })
        .execute();
      await trx.updateTable("pageMedia").set({ previewImageId: mediaId, updatedAt: new Date() }).where("id", "=", pageMediaId).execute();
      return current.previewImageId;
    });
  } catch (error) {
    await deps.blobs.delete(blobKey);
    throw error;
  }
  if (replaced) await deleteIfUnused(deps, replaced);
  await markRepublishingRequired(deps, epaperId);
  return { id: mediaId, uri: `/media/${mediaId}` };
}

/** A preview image no element (a duplicate may share it) uses any more goes, with its blob. */
async function deleteIfUnused(deps: PreviewDeps, mediaId: string) {
  const used = await deps.db.selectFrom("pageMedia").select("id").where("previewImageId", "=", mediaId).executeTakeFirst();
  if (used) return;
  const row = await deps.db.selectFrom("media").select("blobKey").where("id", "=", mediaId).executeTakeFirst();
  if (!row) return;
  await deps.db.deleteFrom("media").where("id", "=", mediaId).execute();
  await deps.blobs.delete(row.blobKey);
}

/** '/upload-enrichment-preview-image': a .png or .jpg of at most 300 KB that sharp reads as such. */
export async function uploadPreviewImage(
  deps: PreviewDeps,
  subject: PermissionSubject,
  input: { epaperId: string; pageMediaId: string; fileName: string; bytes: Buffer },
) {
  const target = await loadElementPage(deps.db, subject, input.epaperId, input.pageMediaId);
  requireEditable(subject, target);
  const format = previewImageTypeOf(input.fileName);
  if (!format) throw new AppError("media.previewImage.typeNotValid", { status: 400 });
  if (input.bytes.length > PREVIEW_IMAGE.maxBytes) {
    throw new AppError("media.previewImage.tooLarge", { status: 413, params: { size: PREVIEW_IMAGE.maxBytes / 1024 } });
  }
  const metadata = await sharp(input.bytes)
    .metadata()
    .catch(() => null);
  if (metadata?.format !== format) throw new AppError("media.previewImage.typeNotValid", { status: 400 });
  return attach(deps, subject, input.epaperId, input.pageMediaId, { bytes: input.bytes, format, name: input.fileName });
}

/** The preview image goes; the element keeps everything else. */
export async function removePreviewImage(deps: PreviewDeps, subject: PermissionSubject, input: { epaperId: string; pageMediaId: string }) {
  const target = await loadElementPage(deps.db, subject, input.epaperId, input.pageMediaId);
  requireEditable(subject, target);
  const row = await deps.db.selectFrom("pageMedia").select("previewImageId").where("id", "=", input.pageMediaId).executeTakeFirst();
  if (!row?.previewImageId) return;
  await deps.db.updateTable("pageMedia").set({ previewImageId: null, updatedAt: new Date() }).where("id", "=", input.pageMediaId).execute();
  await deleteIfUnused(deps, row.previewImageId);
  await markRepublishingRequired(deps, target.epaperId);
}

/**
 * 'Generate preview image' (§7): from the internal link's target page (its thumbnail) or the
 * gallery's first image. Refused (§8's info) when there is nothing to make it from.
 */
export async function generatePreviewImage(
  deps: PreviewDeps,
  subject: PermissionSubject,
  input: { epaperId: string; pageMediaId: string },
) {
  const target = await loadElementPage(deps.db, subject, input.epaperId, input.pageMediaId);
  requireEditable(subject, target);
  const [element] = await loadMediaElements(deps.db, { pageId: target.pageId, ids: [input.pageMediaId] });
  if (!element) throw new MediaElementNotFound();
  const failed = () => new AppError("media.previewImage.generationFailed", { status: 422, toastType: "info" });
  let source: { key: string; name: string } | null = null;
  if (element.kind === "internalLink" && element.internalLinkPageId) {
    const page = await deps.db
      .selectFrom("page")
      .select(["blobPrefix", "renditions", "page"])
      .where("id", "=", element.internalLinkPageId)
      .where("epaperId", "=", target.epaperId)
      .executeTakeFirst();
    const renditions = page?.renditions as StoredRenditions | null | undefined;
    // The largest rendition gives a sharper 176 px image than the small thumbnail.
    const file = renditions?.images.at(-1)?.file ?? renditions?.thumbnail.file;
    if (page?.blobPrefix && file) source = { key: `${page.blobPrefix}/${file}`, name: `page-${page.page}.png` };
  } else if (element.kind === "gallery" && element.galleryId) {
    const first = await deps.db
      .selectFrom("galleryMedia")
      .innerJoin("media", "media.id", "galleryMedia.mediaId")
      .innerJoin("gallery", "gallery.id", "galleryMedia.galleryId")
      .select(["media.blobKey", "media.name"])
      .where("galleryMedia.galleryId", "=", element.galleryId)
      .where("gallery.accountId", "=", subject.accountId)
      .orderBy("galleryMedia.position")
      .limit(1)
      .executeTakeFirst();
    if (first) source = { key: first.blobKey, name: first.name.replace(/\.[^.]+$/, ".png") };
  } else if ((element.kind === "externalLink" || element.kind === "video") && element.url) {
    const image = await fetchOpenGraphImage(element.url, deps.allowPrivate ?? getEnv().OUTBOUND_ALLOW_PRIVATE).catch((error: unknown) => {
      if (!(error instanceof SafeFetchRefused)) throw error;
      // The person sees 'could not be generated'; the operator learns why (an e2e run once got
      // this answer for the test's own outside site, and nothing said which rule refused it).
      log.warn({ url: element.url, refusal: error.message }, "preview image: the link's page or image was refused");
      throw failed();
    });
    return attach(deps, subject, input.epaperId, input.pageMediaId, image);
  }
  if (!source) throw failed();
  let bytes: Buffer;
  try {
    bytes = await deps.blobs.read(source.key);
  } catch {
    throw failed();
  }
  return attach(deps, subject, input.epaperId, input.pageMediaId, { bytes, format: "png", name: source.name });
}
