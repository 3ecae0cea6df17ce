import { createId } from "@paralleldrive/cuid2";
import { sql } from "kysely";
import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import { AppError } from "#app/errors/app-error";
import {
  type GalleryDetail,
  type MediaFilter,
  type MediaPage,
  mediaNameProblem,
  MEDIA_NAME_MAX,
  usesTotal,
} from "#app/rules/media-library";
import { type PermissionSubject, requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { GalleryNotFound } from "./galleries.server.ts";
import { existsIn, itemOf, MEDIA_COLUMNS, type MediaEb, markShowingEpapers, usesOf } from "./media-uses.server.ts";

/*
 * The media library on the server (studio-admin.md §7 media, gallery, add-/remove-gallery-media;
 * §4 'Media and galleries'; issue 12): the account's images with where they are used, by filter
 * and a page at a time (name ascending), rename, delete only while unused; the galleries with
 * their images in order, rename, delete while no media element shows them, add and remove
 * images, reorder. Needs the media permission; every query is the caller's account's.
 */

export type LibraryDeps = { db: Database; redis: Redis };

export class MediaNotFound extends AppError {
  override name = "MediaNotFound";
  constructor() {
    super("mediaLibrary.errors.notFound", { status: 404 });
  }
}

function requireMedia(subject: PermissionSubject, write = false) {
  requirePermission(subject, "media");
  if (write) requireWriteAllowed(subject, { resource: "media", targetIsDemo: false });
}

function accountMedia(db: Database, accountId: string, filter: MediaFilter) {
  let query = db.selectFrom("media").where("media.accountId", "=", accountId);
  if (filter === "gallery" || filter === "preview" || filter === "background" || filter === "logo") query = query.where(existsIn(filter));
  if (filter === "unassigned")
    query = query.where((eb) =>
      eb.not(eb.or([existsIn("gallery")(eb), existsIn("preview")(eb), existsIn("background")(eb), existsIn("logo")(eb)])),
    );
  return query;
}

/** 'media find': a page of the account's images (name ascending), with their uses. */
export async function listMedia(
  db: Database,
  subject: PermissionSubject,
  input: { filter: MediaFilter; skip: number; take: number },
): Promise<MediaPage> {
  requireMedia(subject);
  const [rows, total] = await Promise.all([
    accountMedia(db, subject.accountId, input.filter)
      .select((eb) => [
        ...MEDIA_COLUMNS,
        usesOf.gallery(eb).as("gallery"),
        usesOf.preview(eb).as("preview"),
        usesOf.background(eb).as("background"),
        usesOf.logo(eb).as("logo"),
      ])
      .orderBy("media.name")
      .orderBy("media.id")
      .limit(input.take)
      .offset(input.skip)
      .execute(),
    accountMedia(db, subject.accountId, input.filter)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(itemOf), total: Number(total.count) };
}

async function findOwnMedia(db: Database, accountId: string, mediaId: string) {
  const row = await db
    .selectFrom("media")
    .select((eb) => [
      ...MEDIA_COLUMNS,
      "media.blobKey",
      usesOf.gallery(eb).as("gallery"),
      usesOf.preview(eb).as("preview"),
      usesOf.background(eb).as("background"),
      usesOf.logo(eb).as("logo"),
    ])
    .where("media.id", "=", mediaId)
    .where("media.accountId", "=", accountId)
    .executeTakeFirst();
  if (!row) throw new MediaNotFound();
  return { ...itemOf(row), blobKey: row.blobKey };
}

/** 'media update': a new name (§5: 1 to 250 characters). The dialog asks first when the image is in use. */
export async function renameMedia(deps: LibraryDeps, subject: PermissionSubject, input: { mediaId: string; name: string }) {
  const { db } = deps;
  requireMedia(subject, true);
  const problem = mediaNameProblem(input.name);
  if (problem) throw new AppError(`mediaLibrary.validation.${problem}`, { status: 400, params: { max: MEDIA_NAME_MAX } });
  await findOwnMedia(db, subject.accountId, input.mediaId);
  await db
    .updateTable("media")
    .set({ name: input.name.trim() })
    .where("id", "=", input.mediaId)
    .where("accountId", "=", subject.accountId)
    .execute();
}

/** 'media remove': refused while any relation exists (§4, §8 'Deletion not possible'); the file goes after the row. */
export async function deleteMedia(deps: { db: Database; blobs: BlobStore }, subject: PermissionSubject, mediaId: string) {
  requireMedia(subject, true);
  const blobKey = await retryTransaction(deps.db, async (trx) => {
    // Locked: a relation added meanwhile waits for this row (its foreign key check reads it).
    const locked = await trx
      .selectFrom("media")
      .select("id")
      .where("id", "=", mediaId)
      .where("accountId", "=", subject.accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw new MediaNotFound();
    const media = await findOwnMedia(trx, subject.accountId, mediaId);
    if (usesTotal(media.uses) > 0) throw new AppError("mediaLibrary.errors.deletionNotPossible", { status: 409 });
    await trx.deleteFrom("media").where("id", "=", mediaId).execute();
    return media.blobKey;
  });
  await deps.blobs.delete(blobKey).catch(() => {});
}

/** 'gallery find': every gallery of the account by name, with its image count and how many media elements show it. */
export async function listLibraryGalleries(db: Database, subject: PermissionSubject) {
  requireMedia(subject);
  const rows = await db
    .selectFrom("gallery")
    .select((eb) => [
      "gallery.id",
      "gallery.name",
      eb
        .selectFrom("galleryMedia")
        .select(sql<number>`count(*)`.as("n"))
        .whereRef("galleryMedia.galleryId", "=", "gallery.id")
        .as("imageCount"),
      eb
        .selectFrom("pageMediaGallery")
        .select(sql<number>`count(*)`.as("n"))
        .whereRef("pageMediaGallery.galleryId", "=", "gallery.id")
        .as("usedBy"),
    ])
    .where("gallery.accountId", "=", subject.accountId)
    .orderBy("gallery.name")
    .orderBy("gallery.id")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, imageCount: Number(row.imageCount ?? 0), usedBy: Number(row.usedBy ?? 0) }));
}

async function ownGallery(db: Database, accountId: string, galleryId: string) {
  const gallery = await db
    .selectFrom("gallery")
    .select(["id", "name"])
    .where("id", "=", galleryId)
    .where("accountId", "=", accountId)
    .executeTakeFirst();
  if (!gallery) throw new GalleryNotFound();
  return gallery;
}

/** 'gallery get': the gallery's images in their order. */
export async function loadGallery(db: Database, subject: PermissionSubject, galleryId: string): Promise<GalleryDetail> {
  requireMedia(subject);
  const gallery = await ownGallery(db, subject.accountId, galleryId);
  const [rows, usedBy] = await Promise.all([
    db
      .selectFrom("galleryMedia")
      .innerJoin("media", "media.id", "galleryMedia.mediaId")
      .select((eb) => [
        ...MEDIA_COLUMNS,
        usesOf.gallery(eb as unknown as MediaEb).as("gallery"),
        usesOf.preview(eb as unknown as MediaEb).as("preview"),
        usesOf.background(eb as unknown as MediaEb).as("background"),
        usesOf.logo(eb as unknown as MediaEb).as("logo"),
      ])
      .where("galleryMedia.galleryId", "=", gallery.id)
      .orderBy("galleryMedia.position")
      .orderBy("galleryMedia.createdAt")
      .execute(),
    db
      .selectFrom("pageMediaGallery")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("galleryId", "=", gallery.id)
      .executeTakeFirstOrThrow(),
  ]);
  return { id: gallery.id, name: gallery.name, items: rows.map(itemOf), usedBy: Number(usedBy.n) };
}

export async function renameGallery(deps: LibraryDeps, subject: PermissionSubject, input: { galleryId: string; name: string }) {
  const { db } = deps;
  requireMedia(subject, true);
  const problem = mediaNameProblem(input.name);
  if (problem) throw new AppError("media.gallery.nameNotValid", { status: 400, params: { max: MEDIA_NAME_MAX } });
  await ownGallery(db, subject.accountId, input.galleryId);
  await db.updateTable("gallery").set({ name: input.name.trim() }).where("id", "=", input.galleryId).execute();
  await markShowingEpapers(deps, subject.accountId, { galleryIds: [input.galleryId] });
}

/** A gallery a media element shows cannot go (its element would show nothing): remove it from there first. */
export async function deleteGallery(db: Database, subject: PermissionSubject, galleryId: string) {
  requireMedia(subject, true);
  await retryTransaction(db, async (trx) => {
    const gallery = await trx
      .selectFrom("gallery")
      .select("id")
      .where("id", "=", galleryId)
      .where("accountId", "=", subject.accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!gallery) throw new GalleryNotFound();
    const used = await trx.selectFrom("pageMediaGallery").select("pageMediaId").where("galleryId", "=", galleryId).limit(1).execute();
    if (used.length) throw new AppError("mediaLibrary.errors.galleryInUse", { status: 409 });
    await trx.deleteFrom("gallery").where("id", "=", galleryId).execute();
  });
}

/**
 * 'add-gallery-media': images of the account join the gallery at its end. Preview images,
 * backgrounds and logos are not gallery material (§4) and are refused, as is another account's image.
 */
export async function addGalleryMedia(deps: LibraryDeps, subject: PermissionSubject, input: { galleryId: string; mediaIds: string[] }) {
  const { db } = deps;
  requireMedia(subject, true);
  await retryTransaction(db, async (trx) => {
    const gallery = await ownGallery(trx, subject.accountId, input.galleryId);
    const eligible = await trx
      .selectFrom("media")
      .select("media.id")
      .where("media.accountId", "=", subject.accountId)
      .where("media.id", "in", input.mediaIds)
      .where((eb) => eb.not(eb.or([existsIn("preview")(eb), existsIn("background")(eb), existsIn("logo")(eb)])))
      .execute();
    if (eligible.length !== new Set(input.mediaIds).size) throw new AppError("mediaLibrary.errors.notGalleryMaterial", { status: 422 });
    const present = new Set(
      (await trx.selectFrom("galleryMedia").select("mediaId").where("galleryId", "=", gallery.id).execute()).map((row) => row.mediaId),
    );
    const last = await trx
      .selectFrom("galleryMedia")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("galleryId", "=", gallery.id)
      .executeTakeFirst();
    let position = Number(last?.position ?? -1);
    const rows = [...new Set(input.mediaIds)]
      .filter((id) => !present.has(id))
      .map((mediaId) => ({ id: createId(), galleryId: gallery.id, mediaId, position: ++position }));
    if (rows.length) await trx.insertInto("galleryMedia").values(rows).execute();
  });
  await markShowingEpapers(deps, subject.accountId, { galleryIds: [input.galleryId] });
}

/** 'remove-gallery-media': the images leave the gallery (they stay in the library). */
export async function removeGalleryMedia(deps: LibraryDeps, subject: PermissionSubject, input: { galleryId: string; mediaIds: string[] }) {
  const { db } = deps;
  requireMedia(subject, true);
  const gallery = await ownGallery(db, subject.accountId, input.galleryId);
  await db.deleteFrom("galleryMedia").where("galleryId", "=", gallery.id).where("mediaId", "in", input.mediaIds).execute();
  await markShowingEpapers(deps, subject.accountId, { galleryIds: [input.galleryId] });
}

/** Moves one image of the gallery to position `to` (0-based); the others close up. */
export async function moveGalleryMedia(
  deps: LibraryDeps,
  subject: PermissionSubject,
  input: { galleryId: string; mediaId: string; to: number },
) {
  const { db } = deps;
  requireMedia(subject, true);
  await retryTransaction(db, async (trx) => {
    const gallery = await ownGallery(trx, subject.accountId, input.galleryId);
    const rows = await trx
      .selectFrom("galleryMedia")
      .select(["id", "mediaId", "position"])
      .where("galleryId", "=", gallery.id)
      .orderBy("position")
      .orderBy("createdAt")
      .forUpdate()
      .execute();
    const from = rows.findIndex((row) => row.mediaId === input.mediaId);
    if (from < 0) throw new MediaNotFound();
    const order = rows.filter((_, index) => index !== from);
    order.splice(Math.max(0, Math.min(order.length, input.to)), 0, rows[from] as (typeof rows)[number]);
    for (const [position, row] of order.entries())
      if (row.position !== position) await trx.updateTable("galleryMedia").set({ position }).where("id", "=", row.id).execute();
  });
  await markShowingEpapers(deps, subject.accountId, { galleryIds: [input.galleryId] });
}
