import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { BlobStore } from "#app/blob/blob-store.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { AppError } from "#app/errors/app-error";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import {
  addGalleryMedia,
  deleteGallery,
  deleteMedia,
  listLibraryGalleries,
  listMedia,
  loadGallery,
  moveGalleryMedia,
  removeGalleryMedia,
  renameMedia,
} from "./media-library.server.ts";

// Issue 12: the media library (studio-admin.md §4 'Media and galleries', §5 'Media name'): filters
// by use, name order and paging, rename, deletion refused while used, gallery material, order.

const deps = { db, redis };
let dataDir: string;
let blobs: BlobStore;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "epaper-media-library-"));
  blobs = new FolderBlobStore(dataDir);
});

afterAll(async () => {
  await db.destroy();
  redis.disconnect();
  await rm(dataDir, { recursive: true, force: true });
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { status: error.status, messageKey: error.messageKey } : error),
  );

async function fixture() {
  const { accountId, userId } = await insertAccountWithUser(db);
  const subject = permissionSubject({ id: userId, accountId, baseAccountId: accountId });
  const media = async (name: string) => {
    const id = createId();
    const blobKey = `media/${accountId}/${id}.png`;
    await blobs.put(blobKey, Buffer.from("png"));
    await db.insertInto("media").values({ id, accountId, name, blobKey, extension: "png", mimeType: "image/png", sizeInByte: 3 }).execute();
    return { id, blobKey };
  };
  const [inGallery, preview, background, logo, loose, other] = [
    await media("b gallery image"),
    await media("c preview"),
    await media("d background"),
    await media("e logo"),
    await media("a loose"),
    await media("f other loose"),
  ];
  const galleryId = createId();
  await db.insertInto("gallery").values({ id: galleryId, accountId, name: "Holiday" }).execute();
  await db.insertInto("galleryMedia").values({ id: createId(), galleryId, mediaId: inGallery.id, position: 0 }).execute();
  const epaperId = createId();
  await db.insertInto("epaper").values({ id: epaperId, accountId, name: "E", languageCode: "en" }).execute();
  await db
    .insertInto("epaperSetting")
    .values({ id: createId(), epaperId, backgroundImageId: background.id, logoImageId: logo.id })
    .execute();
  const pageId = createId();
  await db.insertInto("page").values({ id: pageId, epaperId, page: 1, sourcePage: 1 }).execute();
  const type = await db.selectFrom("pageMediaType").select("id").where("name", "=", "gallery").executeTakeFirstOrThrow();
  const element = createId();
  await db.insertInto("pageMedia").values({ id: element, pageId, pageMediaTypeId: type.id, previewImageId: preview.id }).execute();
  await db.insertInto("pageMediaGallery").values({ pageMediaId: element, galleryId }).execute();
  return { accountId, subject, galleryId, element, media: { inGallery, preview, background, logo, loose, other } };
}

test("filters by use, in name order, a page at a time; another account sees none of it", async () => {
  const { subject, media } = await fixture();
  const names = async (filter: Parameters<typeof listMedia>[2]["filter"], skip = 0, take = 25) =>
    (await listMedia(db, subject, { filter, skip, take })).items.map((item) => item.name);
  expect(await names("all")).toEqual(["a loose", "b gallery image", "c preview", "d background", "e logo", "f other loose"]);
  expect(await names("gallery")).toEqual(["b gallery image"]);
  expect(await names("preview")).toEqual(["c preview"]);
  expect(await names("background")).toEqual(["d background"]);
  expect(await names("logo")).toEqual(["e logo"]);
  expect(await names("unassigned")).toEqual(["a loose", "f other loose"]);
  expect(await names("all", 2, 2)).toEqual(["c preview", "d background"]);
  const page = await listMedia(db, subject, { filter: "all", skip: 0, take: 25 });
  expect(page.total).toBe(6);
  expect(page.items.find((item) => item.id === media.logo.id)?.uses).toEqual({ gallery: 0, preview: 0, background: 0, logo: 1 });
  const stranger = permissionSubject({ accountId: "someone-else", baseAccountId: "someone-else" });
  expect((await listMedia(db, stranger, { filter: "all", skip: 0, take: 25 })).total).toBe(0);
  expect(
    await refusal(listMedia(db, permissionSubject({ ...subject, isTemporary: true }), { filter: "all", skip: 0, take: 25 })),
  ).toMatchObject({
    status: 403,
  });
});

test("rename checks the name; deletion is refused while the image is used and removes row and file when it is not", async () => {
  const { subject, media } = await fixture();
  expect(await refusal(renameMedia(deps, subject, { mediaId: media.loose.id, name: "  " }))).toMatchObject({
    messageKey: "mediaLibrary.validation.mediaNameRequired",
  });
  expect(await refusal(renameMedia(deps, subject, { mediaId: media.loose.id, name: "x".repeat(251) }))).toMatchObject({
    messageKey: "mediaLibrary.validation.mediaNameTooLong",
  });
  await renameMedia(deps, subject, { mediaId: media.preview.id, name: "  Cover shot " });
  expect((await db.selectFrom("media").select("name").where("id", "=", media.preview.id).executeTakeFirstOrThrow()).name).toBe(
    "Cover shot",
  );
  for (const used of [media.inGallery, media.preview, media.background, media.logo])
    expect(await refusal(deleteMedia({ db, blobs }, subject, used.id))).toMatchObject({
      status: 409,
      messageKey: "mediaLibrary.errors.deletionNotPossible",
    });
  await deleteMedia({ db, blobs }, subject, media.loose.id);
  expect(await db.selectFrom("media").select("id").where("id", "=", media.loose.id).execute()).toEqual([]);
  expect(await blobs.size(media.loose.blobKey)).toBeNull();
  const stranger = permissionSubject({ accountId: "someone-else", baseAccountId: "someone-else" });
  expect(await refusal(deleteMedia({ db, blobs }, stranger, media.other.id))).toMatchObject({ status: 404 });
});

test("galleries: gallery material only, order kept and changed, removal, deletion refused while a media element shows it", async () => {
  const { subject, galleryId, element, media } = await fixture();
  expect(await refusal(addGalleryMedia(deps, subject, { galleryId, mediaIds: [media.logo.id] }))).toMatchObject({
    status: 422,
    messageKey: "mediaLibrary.errors.notGalleryMaterial",
  });
  await addGalleryMedia(deps, subject, { galleryId, mediaIds: [media.loose.id, media.other.id, media.loose.id] });
  const order = async () => (await loadGallery(db, subject, galleryId)).items.map((item) => item.name);
  expect(await order()).toEqual(["b gallery image", "a loose", "f other loose"]);
  // The ePaper whose gallery element shows it must be published again to show the new order.
  await db.updateTable("epaper").set({ republishChangesAt: null }).where("accountId", "=", subject.accountId).execute();
  await moveGalleryMedia(deps, subject, { galleryId, mediaId: media.other.id, to: 0 });
  expect(
    await db.selectFrom("epaper").select("republishChangesAt").where("accountId", "=", subject.accountId).executeTakeFirstOrThrow(),
  ).not.toEqual({
    republishChangesAt: null,
  });
  expect(await order()).toEqual(["f other loose", "b gallery image", "a loose"]);
  await removeGalleryMedia(deps, subject, { galleryId, mediaIds: [media.inGallery.id] });
  expect(await order()).toEqual(["f other loose", "a loose"]);
  expect(await listLibraryGalleries(db, subject)).toEqual([{ id: galleryId, name: "Holiday", imageCount: 2, usedBy: 1 }]);
  expect(await refusal(deleteGallery(db, subject, galleryId))).toMatchObject({
    status: 409,
    messageKey: "mediaLibrary.errors.galleryInUse",
  });
  await db.deleteFrom("pageMedia").where("id", "=", element).execute();
  await deleteGallery(db, subject, galleryId);
  expect(await listLibraryGalleries(db, subject)).toEqual([]);
  // The images stay in the library.
  expect((await listMedia(db, subject, { filter: "unassigned", skip: 0, take: 25 })).items.map((item) => item.name)).toContain("a loose");
  const stranger = permissionSubject({ accountId: "someone-else", baseAccountId: "someone-else" });
  expect(await refusal(loadGallery(db, stranger, galleryId))).toMatchObject({ status: 404 });
});
