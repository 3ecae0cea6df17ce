import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { BlobStore } from "#app/blob/blob-store.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { AppError } from "#app/errors/app-error";
import type { PermissionSubject } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { addGalleryImage, createGallery, listGalleries } from "./galleries.server.ts";

// Issue 11: galleries of the gallery kind are the account's own; images must really be images.

let dir: string;
let blobs: BlobStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "galleries-"));
  blobs = new FolderBlobStore(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await db.destroy();
});

async function subject(): Promise<PermissionSubject> {
  const { accountId, userId } = await insertAccountWithUser(db);
  return permissionSubject({ id: userId, accountId, baseAccountId: accountId, permissions: ["1"] });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { status: error.status, messageKey: error.messageKey } : error),
  );

test("create, list and search only the account's galleries; names 1 to 250 characters", async () => {
  const mine = await subject();
  const other = await subject();
  await createGallery(db, mine, "  Summer 2026 ");
  await createGallery(db, mine, "Winter");
  await createGallery(db, other, "Summer elsewhere");
  expect((await listGalleries(db, mine.accountId)).map((gallery) => gallery.name).sort()).toEqual(["Summer 2026", "Winter"]);
  expect((await listGalleries(db, mine.accountId, "summ")).map((gallery) => gallery.name)).toEqual(["Summer 2026"]);
  expect(await refusal(createGallery(db, mine, "   "))).toEqual({ status: 400, messageKey: "media.gallery.nameNotValid" });
  expect(await refusal(createGallery(db, mine, "x".repeat(251)))).toMatchObject({ messageKey: "media.gallery.nameNotValid" });
  expect(await refusal(createGallery(db, { ...mine, isGenerated: true, permissions: [] }, "Mine"))).toMatchObject({ status: 403 });
});

test("images: real png/jpg/gif only, into the account's own gallery; nothing stored on a refusal", async () => {
  const mine = await subject();
  const gallery = await createGallery(db, mine, "Shop");
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  const added = await addGalleryImage({ db, blobs }, mine, { galleryId: gallery.id, fileName: "red.png", bytes: png });
  expect(added).toMatchObject({ id: gallery.id, imageCount: 1 });
  const media = await db
    .selectFrom("media")
    .select(["width", "height", "mimeType", "accountId"])
    .where("accountId", "=", mine.accountId)
    .execute();
  expect(media).toEqual([{ width: 30, height: 20, mimeType: "image/png", accountId: mine.accountId }]);
  const stored = await readdir(path.join(dir, "media", mine.accountId));
  expect(stored).toHaveLength(1);
  // A PNG named .gif, or text named .png: refused, nothing stored.
  expect(await refusal(addGalleryImage({ db, blobs }, mine, { galleryId: gallery.id, fileName: "red.gif", bytes: png }))).toMatchObject({
    messageKey: "media.gallery.imageTypeNotValid",
  });
  expect(
    await refusal(addGalleryImage({ db, blobs }, mine, { galleryId: gallery.id, fileName: "x.png", bytes: Buffer.from("not an image") })),
  ).toMatchObject({ messageKey: "media.gallery.imageTypeNotValid" });
  expect(await readdir(path.join(dir, "media", mine.accountId))).toHaveLength(1);
  // Another account's gallery is not found.
  const stranger = await subject();
  expect(await refusal(addGalleryImage({ db, blobs }, stranger, { galleryId: gallery.id, fileName: "red.png", bytes: png }))).toEqual({
    status: 404,
    messageKey: "media.gallery.notFound",
  });
  expect(await refusal(addGalleryImage({ db, blobs }, mine, { galleryId: createId(), fileName: "red.png", bytes: png }))).toMatchObject({
    status: 404,
  });
});
