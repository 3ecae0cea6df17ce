import { withCronjobsOff } from "#tests/support/cronjobs";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { afterAll, beforeAll, expect, test } from "vitest";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { DELETED_EPAPER_GRACE_MS, purgeDeletedEpapers } from "./purge-deleted-epapers.handler.server.ts";

let dataDir: string;
let blobs: FolderBlobStore;
let accountId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "epaper-purge-job-"));
  blobs = new FolderBlobStore(dataDir);
  ({ accountId } = await insertAccountWithUser(db));
});

afterAll(async () => {
  if (accountId) await db.deleteFrom("account").where("id", "=", accountId).execute();
  await db.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** An ePaper with a source PDF, a rendered page, a page inserted from another PDF, a cover and a published preview, all stored. */
async function storedEpaper(deletedAt: Date | null) {
  const id = createId();
  const uploadId = createId();
  const insertedUploadId = createId();
  const publicationId = createId();
  const files = {
    source: `uploads/${uploadId}.pdf`,
    inserted: `uploads/${insertedUploadId}.pdf`,
    page: `epapers/${id}/pages/r1/1/w800.webp`,
    cover: `epapers/${id}/cover.webp`,
    publication: `publications/${publicationId}/rev1/index.html`,
  };
  for (const key of Object.values(files)) await blobs.put(key, Buffer.from("x"));
  await db
    .insertInto("upload")
    .values([
      { id: uploadId, accountId, blobKey: files.source, originalName: "a.pdf", sizeInByte: 1, numPages: 1 },
      { id: insertedUploadId, accountId, blobKey: files.inserted, originalName: "b.pdf", sizeInByte: 1, numPages: 1, purpose: "exchange" },
    ])
    .execute();
  await db
    .insertInto("epaper")
    .values({ id, accountId, name: "e", languageCode: "en", sourceUploadId: uploadId, coverBlobKey: files.cover, deletedAt })
    .execute();
  await db
    .insertInto("page")
    .values([
      { id: createId(), epaperId: id, page: 1, sourcePage: 1, blobPrefix: `epapers/${id}/pages/r1/1` },
      { id: createId(), epaperId: id, page: 2, sourcePage: 1, sourceUploadId: insertedUploadId, blobPrefix: `epapers/${id}/pages/oX/1` },
    ])
    .execute();
  await db
    .insertInto("publication")
    .values({ id: publicationId, epaperId: id, type: "preview", hash: createId(), blobPrefix: `publications/${publicationId}/rev1` })
    .execute();
  return { id, uploadId, insertedUploadId, files };
}

const epaperExists = async (id: string) => Boolean(await db.selectFrom("epaper").select("id").where("id", "=", id).executeTakeFirst());

test("removes ePapers deleted longer than the grace time, files first, then rows; keeps the rest", async () => {
  const now = new Date();
  const old = await storedEpaper(new Date(now.getTime() - DELETED_EPAPER_GRACE_MS - 60_000));
  const recent = await storedEpaper(new Date(now.getTime() - 60_000));
  const live = await storedEpaper(null);

  const result = await purgeDeletedEpapers({ db, blobs }, now);
  expect(result).toMatchObject({ skipped: false });
  expect(await epaperExists(old.id)).toBe(false);
  expect(
    await db.selectFrom("upload").select("id").where("id", "in", [old.uploadId, old.insertedUploadId]).executeTakeFirst(),
  ).toBeUndefined();
  expect(await db.selectFrom("publication").select("id").where("epaperId", "=", old.id).execute()).toEqual([]);
  for (const key of Object.values(old.files)) expect(existsSync(blobs.pathOf(key))).toBe(false);
  // No empty folders stay behind either.
  expect(existsSync(blobs.pathOf(`epapers/${old.id}`))).toBe(false);
  for (const kept of [recent, live]) {
    expect(await epaperExists(kept.id)).toBe(true);
    for (const key of Object.values(kept.files)) expect(existsSync(blobs.pathOf(key))).toBe(true);
  }
  // Running it again finds nothing more to do.
  expect(await purgeDeletedEpapers({ db, blobs }, now)).toEqual({ skipped: false, purged: 0 });
});

test("does nothing while the Cronjob preference switches clean-ups off", async () => {
  const old = await storedEpaper(new Date(Date.now() - DELETED_EPAPER_GRACE_MS - 60_000));
  expect(await withCronjobsOff(db, (trx) => purgeDeletedEpapers({ db: trx, blobs }))).toEqual({ skipped: true });
  expect(await epaperExists(old.id)).toBe(true);
  await purgeDeletedEpapers({ db, blobs });
});
