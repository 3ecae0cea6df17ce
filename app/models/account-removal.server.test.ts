import { retryTransaction } from "#db/retry-transaction";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { RENDER_CANCEL_CHANNEL } from "#app/jobs/render";
import { db } from "#app/utils/db.server";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { endTestPhase, type RemovalDeps, removeAccount } from "./account-removal.server.ts";
import { createGeneratedAccount, NotAGeneratedUser, TRY_IT_STORAGE_MS } from "./generated-account.server.ts";

const DAY = 24 * 60 * 60_000;
let dataDir: string;
let deps: RemovalDeps;
let subscriber: Redis;
const cancelled: string[] = [];
const accountIds: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "epaper-removal-"));
  deps = { db, blobs: new FolderBlobStore(dataDir), redis: new Redis(TEST_REDIS_URL) };
  subscriber = new Redis(TEST_REDIS_URL);
  await subscriber.subscribe(RENDER_CANCEL_CHANNEL);
  subscriber.on("message", (_channel, epaperId: string) => cancelled.push(epaperId));
});

afterAll(async () => {
  // A plain DELETE of the account would fail here: the 20-level folder trees exceed InnoDB's
  // cascade depth of 15, which is why removeAccount flattens them first.
  for (const accountId of accountIds) if (deps) await removeAccount(deps, accountId);
  subscriber?.disconnect();
  deps?.redis.disconnect();
  await db.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Every file under the blob store, as keys. */
async function storedKeys() {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Every folder under the blob store, to show that removal leaves no empty ones. */
async function storedFolders() {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
}

/**
 * An account that owns one of everything the removal must take along: an ePaper with a page
 * (files), cover, TOC, media element with an internal link, render process and publication
 * (files), an upload (file), a media file, a gallery, a channel, a folder tree deeper than
 * InnoDB's cascade limit, a session. Returns the ids and the blob keys it wrote.
 */
async function populate(accountId: string, userId: string, options: { rendering?: boolean } = {}) {
  const { blobs } = deps;
  const epaperId = createId();
  const pageId = createId();
  const uploadId = createId();
  const mediaId = createId();
  const publicationHash = createId();
  const channelId = createId();
  const keys = {
    page: `epapers/${epaperId}/pages/r1/1/w800.webp`,
    words: `epapers/${epaperId}/pages/r1/1/words.json`,
    upload: `uploads/${uploadId}/source.pdf`,
    media: `media/${accountId}/${mediaId}.png`,
    publication: `publications/${publicationHash}/index.html`,
    channel: `channels/${channelId}/index.html`,
  };
  for (const key of Object.values(keys)) await blobs.put(key, Buffer.from(key));

  // One transaction, run again if InnoDB picks it as a deadlock victim: other test files remove
  // accounts (with gap locks on the same tables) at the same time.
  await retryTransaction(db, async (trx) => {
    let parentId: string | null = null;
    for (let level = 0; level < 20; level++) {
      const id = createId();
      await trx
        .insertInto("folder")
        .values({ id, accountId, parentId, name: `level ${level}` })
        .execute();
      parentId = id;
    }
    await trx
      .insertInto("upload")
      .values({ id: uploadId, accountId, userId, blobKey: keys.upload, originalName: "a.pdf", sizeInByte: 10, numPages: 1 })
      .execute();
    await trx
      .insertInto("epaper")
      .values({
        id: epaperId,
        accountId,
        folderId: parentId,
        createdByUserId: userId,
        sourceUploadId: uploadId,
        languageCode: "de",
        name: "Removed with its account",
        coverBlobKey: keys.page,
        processType: options.rendering ? "rendering" : null,
        processRunning: options.rendering ?? false,
      })
      .execute();
    await trx
      .insertInto("page")
      .values({ id: pageId, epaperId, page: 1, sourcePage: 1, blobPrefix: `epapers/${epaperId}/pages/r1/1`, width: 595, height: 842 })
      .execute();
    await trx.insertInto("tocItem").values({ id: createId(), epaperId, pageId, title: "Start" }).execute();
    await trx.insertInto("renderProcess").values({ id: createId(), epaperId, documentId: createId() }).execute();
    await trx
      .insertInto("publication")
      .values({ id: createId(), epaperId, type: "preview", hash: publicationHash, blobPrefix: `publications/${publicationHash}` })
      .execute();
    await trx
      .insertInto("media")
      .values({ id: mediaId, accountId, name: "logo", blobKey: keys.media, extension: "png", mimeType: "image/png", sizeInByte: 10 })
      .execute();
    const galleryId = createId();
    await trx.insertInto("gallery").values({ id: galleryId, accountId, name: "Pictures" }).execute();
    await trx.insertInto("galleryMedia").values({ id: createId(), galleryId, mediaId }).execute();
    const type = await trx.selectFrom("pageMediaType").select("id").where("name", "=", "internalLink").executeTakeFirstOrThrow();
    const pageMediaId = createId();
    await trx.insertInto("pageMedia").values({ id: pageMediaId, pageId, pageMediaTypeId: type.id, previewImageId: mediaId }).execute();
    await trx.insertInto("pageMediaInternalLink").values({ pageMediaId, internalLinkPageId: pageId }).execute();
    await trx
      .insertInto("channel")
      .values({ id: channelId, accountId, epaperId, name: "Main", shortPath: createId(), blobPrefix: `channels/${channelId}` })
      .execute();
    await trx
      .insertInto("session")
      .values({ id: createId(), userId, expiresAt: new Date(Date.now() + DAY) })
      .execute();
  });
  return { epaperId, pageId, uploadId, mediaId, channelId, keys: Object.values(keys).sort() };
}

async function rowsOf(accountId: string, userId: string, epaperId: string) {
  const count = async (query: { execute: () => Promise<unknown[]> }) => (await query.execute()).length;
  return {
    account: await count(db.selectFrom("account").select("id").where("id", "=", accountId)),
    user: await count(db.selectFrom("user").select("id").where("id", "=", userId)),
    session: await count(db.selectFrom("session").select("id").where("userId", "=", userId)),
    membership: await count(db.selectFrom("accountMembership").select("id").where("accountId", "=", accountId)),
    permission: await count(db.selectFrom("userPermission").select("id").where("userId", "=", userId)),
    folder: await count(db.selectFrom("folder").select("id").where("accountId", "=", accountId)),
    upload: await count(db.selectFrom("upload").select("id").where("accountId", "=", accountId)),
    epaper: await count(db.selectFrom("epaper").select("id").where("accountId", "=", accountId)),
    page: await count(db.selectFrom("page").select("id").where("epaperId", "=", epaperId)),
    pageMedia: await count(
      db
        .selectFrom("pageMedia")
        .innerJoin("page", "page.id", "pageMedia.pageId")
        .select("pageMedia.id")
        .where("page.epaperId", "=", epaperId),
    ),
    toc: await count(db.selectFrom("tocItem").select("id").where("epaperId", "=", epaperId)),
    publication: await count(db.selectFrom("publication").select("id").where("epaperId", "=", epaperId)),
    renderProcess: await count(db.selectFrom("renderProcess").select("id").where("epaperId", "=", epaperId)),
    media: await count(db.selectFrom("media").select("id").where("accountId", "=", accountId)),
    gallery: await count(db.selectFrom("gallery").select("id").where("accountId", "=", accountId)),
    channel: await count(db.selectFrom("channel").select("id").where("accountId", "=", accountId)),
  };
}

test("removeAccount removes every row and file of the account, nothing of others, and is idempotent", async () => {
  const doomed = await createGeneratedAccount(db, { locale: "de" });
  accountIds.push(doomed.accountId);
  const kept = await insertAccountWithUser(db, { emailDomain: "removal.test" });
  accountIds.push(kept.accountId);
  const doomedData = await populate(doomed.accountId, doomed.userId);
  const keptData = await populate(kept.accountId, kept.userId);
  // A support user of the kept account who switched into the doomed one (user.account_id cascades).
  const visitor = await insertAccountWithUser(db, { emailDomain: "removal.test" });
  accountIds.push(visitor.accountId);
  await db.updateTable("user").set({ accountId: doomed.accountId }).where("id", "=", visitor.userId).execute();
  await db.insertInto("accountMembership").values({ id: createId(), accountId: doomed.accountId, userId: visitor.userId }).execute();

  const before = await rowsOf(doomed.accountId, doomed.userId, doomedData.epaperId);
  expect(Object.values(before).every((n) => n > 0)).toBe(true);
  expect(await storedKeys()).toEqual(expect.arrayContaining([...doomedData.keys, ...keptData.keys]));
  const keptBefore = await rowsOf(kept.accountId, kept.userId, keptData.epaperId);

  expect(await removeAccount(deps, doomed.accountId)).toBe("removed");

  const after = await rowsOf(doomed.accountId, doomed.userId, doomedData.epaperId);
  expect(Object.values(after).every((n) => n === 0)).toBe(true);
  const keys = await storedKeys();
  for (const key of doomedData.keys) expect(keys).not.toContain(key);
  expect(keys).toEqual(expect.arrayContaining(keptData.keys));
  const folders = await storedFolders();
  expect(folders.filter((folder) => folder.includes(doomedData.epaperId) || folder.includes(doomedData.uploadId))).toEqual([]);
  expect(folders).not.toContain(`media/${doomed.accountId}`);

  expect(await rowsOf(kept.accountId, kept.userId, keptData.epaperId)).toEqual(keptBefore);
  const visitorRow = await db.selectFrom("user").select("accountId").where("id", "=", visitor.userId).executeTakeFirstOrThrow();
  expect(visitorRow.accountId).toBe(visitor.accountId);

  expect(await removeAccount(deps, doomed.accountId)).toBe("absent");
  expect(await storedKeys()).toEqual(keys);
});

test("a removal that stopped after its claim and part of the files finishes on the next run", async () => {
  const { accountId, userId } = await insertAccountWithUser(db, { emailDomain: "removal.test" });
  accountIds.push(accountId);
  const data = await populate(accountId, userId);
  // The state a crash leaves behind: claimed (deleted_at, remove_at), some files already gone.
  const now = new Date();
  await db.updateTable("account").set({ deletedAt: now, removeAt: now }).where("id", "=", accountId).execute();
  await deps.blobs.deletePrefix(`epapers/${data.epaperId}`);
  await deps.blobs.delete(data.keys.find((key) => key.startsWith("uploads/")) ?? "");

  expect(await removeAccount(deps, accountId)).toBe("removed");
  const rows = await rowsOf(accountId, userId, data.epaperId);
  expect(Object.values(rows).every((n) => n === 0)).toBe(true);
  const keys = await storedKeys();
  for (const key of data.keys) expect(keys).not.toContain(key);
});

test("the guards keep registered accounts and generated ones within their storage time", async () => {
  const registered = await insertAccountWithUser(db, { emailDomain: "removal.test", account: { removeAt: new Date(Date.now() - DAY) } });
  accountIds.push(registered.accountId);
  expect(await removeAccount(deps, registered.accountId, { onlyGenerated: true })).toBe("kept");

  const createdAt = new Date();
  const trial = await createGeneratedAccount(db, { locale: "en", now: createdAt });
  accountIds.push(trial.accountId);
  expect(await removeAccount(deps, trial.accountId, { onlyGenerated: true, onlyExpired: true, now: createdAt })).toBe("kept");
  const untouched = await db.selectFrom("account").select(["deletedAt"]).where("id", "=", trial.accountId).executeTakeFirstOrThrow();
  expect(untouched.deletedAt).toBeNull();
  const later = new Date(createdAt.getTime() + TRY_IT_STORAGE_MS + 1);
  expect(await removeAccount(deps, trial.accountId, { onlyGenerated: true, onlyExpired: true, now: later })).toBe("removed");
  expect(await removeAccount(deps, createId(), { onlyGenerated: true })).toBe("absent");
  const registeredRow = await db.selectFrom("account").select("id").where("id", "=", registered.accountId).executeTakeFirst();
  expect(registeredRow).toEqual({ id: registered.accountId });
});

test("removing an account cancels its running render", async () => {
  const trial = await createGeneratedAccount(db, { locale: "en" });
  accountIds.push(trial.accountId);
  const { epaperId } = await populate(trial.accountId, trial.userId, { rendering: true });
  expect(await removeAccount(deps, trial.accountId)).toBe("removed");
  await vi.waitFor(() => expect(cancelled).toContain(epaperId));
});

test("endTestPhase removes the generated user's account, and refuses everyone else", async () => {
  const trial = await createGeneratedAccount(db, { locale: "de" });
  accountIds.push(trial.accountId);
  const { epaperId, keys } = await populate(trial.accountId, trial.userId);

  expect(await endTestPhase(deps, trial.userId)).toEqual({ accountId: trial.accountId });
  expect(Object.values(await rowsOf(trial.accountId, trial.userId, epaperId)).every((n) => n === 0)).toBe(true);
  const stored = await storedKeys();
  for (const key of keys) expect(stored).not.toContain(key);
  // Cancelled once: the user is gone.
  await expect(endTestPhase(deps, trial.userId)).rejects.toBeInstanceOf(NotAGeneratedUser);

  const registered = await insertAccountWithUser(db, { emailDomain: "removal.test" });
  accountIds.push(registered.accountId);
  await expect(endTestPhase(deps, registered.userId)).rejects.toBeInstanceOf(NotAGeneratedUser);
  const still = await db.selectFrom("account").select("deletedAt").where("id", "=", registered.accountId).executeTakeFirstOrThrow();
  expect(still.deletedAt).toBeNull();
});
