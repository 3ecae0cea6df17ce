import { withCronjobsOff } from "#tests/support/cronjobs";
import { existsSync } from "node:fs";
import { mkdtemp, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { afterAll, beforeAll, expect, test } from "vitest";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { UPLOAD_TTL_MS } from "#app/rules/upload-contract";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { removeExpiredUploads } from "./remove-expired-uploads.handler.server.ts";

const HOUR = 3600_000;
let dataDir: string;
let blobs: FolderBlobStore;
let accountId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "epaper-uploads-job-"));
  blobs = new FolderBlobStore(dataDir);
  ({ accountId } = await insertAccountWithUser(db));
});

afterAll(async () => {
  if (accountId) await db.deleteFrom("account").where("id", "=", accountId).execute();
  await db.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function storedUpload(options: { expiresAt: Date; consumedAt?: Date | null }) {
  const id = createId();
  const blobKey = `uploads/${id}.pdf`;
  await blobs.put(blobKey, Buffer.from("%PDF-1.7 test"));
  await db
    .insertInto("upload")
    .values({
      id,
      accountId,
      blobKey,
      originalName: "t.pdf",
      sizeInByte: 13,
      numPages: 1,
      expiresAt: options.expiresAt,
      consumedAt: options.consumedAt ?? null,
    })
    .execute();
  return { id, blobKey };
}

async function strayFile(key: string, ageMs: number) {
  await blobs.put(key, Buffer.from("left behind"));
  const when = new Date(Date.now() - ageMs);
  await utimes(blobs.pathOf(key), when, when);
}

const rowExists = async (id: string) => (await db.selectFrom("upload").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;

test("removes expired unconsumed uploads and old files no row names; keeps the rest", async () => {
  const now = new Date();
  const expired = await storedUpload({ expiresAt: new Date(now.getTime() - 1000) });
  const fresh = await storedUpload({ expiresAt: new Date(now.getTime() + HOUR) });
  // An ePaper's source stays however old its upload is.
  const consumed = await storedUpload({ expiresAt: new Date(now.getTime() - 2 * UPLOAD_TTL_MS), consumedAt: new Date() });
  const orphan = `uploads/${createId()}.pdf`;
  await strayFile(orphan, UPLOAD_TTL_MS + HOUR);
  const recentOrphan = `uploads/${createId()}.pdf`;
  await strayFile(recentOrphan, HOUR);
  const deadPart = `${consumed.blobKey}.0123456789ab.part`;
  await strayFile(deadPart, UPLOAD_TTL_MS + HOUR);
  // An old file of a live upload row is its source, not a stray.
  await utimes(blobs.pathOf(consumed.blobKey), new Date(now.getTime() - 3 * UPLOAD_TTL_MS), new Date(now.getTime() - 3 * UPLOAD_TTL_MS));

  const result = await removeExpiredUploads({ db, blobs }, now);
  expect(result).toMatchObject({ skipped: false });
  if (result.skipped) return;
  expect(result.removed).toBeGreaterThanOrEqual(1);
  expect(result.strays).toBeGreaterThanOrEqual(2);

  expect(await rowExists(expired.id)).toBe(false);
  expect(existsSync(blobs.pathOf(expired.blobKey))).toBe(false);
  for (const kept of [fresh, consumed]) {
    expect(await rowExists(kept.id)).toBe(true);
    expect(existsSync(blobs.pathOf(kept.blobKey))).toBe(true);
  }
  expect(existsSync(blobs.pathOf(orphan))).toBe(false);
  expect(existsSync(blobs.pathOf(deadPart))).toBe(false);
  expect(existsSync(blobs.pathOf(recentOrphan))).toBe(true);

  // A second run finds nothing more of these.
  const again = await removeExpiredUploads({ db, blobs }, now);
  expect(again).toMatchObject({ skipped: false, strays: 0 });
  expect(await rowExists(fresh.id)).toBe(true);
});

test("does nothing while the Cronjob preference switches clean-ups off", async () => {
  const expired = await storedUpload({ expiresAt: new Date(Date.now() - 1000) });
  expect(await withCronjobsOff(db, (trx) => removeExpiredUploads({ db: trx, blobs }))).toEqual({ skipped: true });
  expect(await rowExists(expired.id)).toBe(true);
  expect(existsSync(blobs.pathOf(expired.blobKey))).toBe(true);
});
