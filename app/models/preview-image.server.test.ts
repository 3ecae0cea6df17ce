import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import sharp from "sharp";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { BlobStore } from "#app/blob/blob-store.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { AppError } from "#app/errors/app-error";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { createGallery } from "./galleries.server.ts";
import { loadMediaElements } from "./page-media-read.server.ts";
import { createMediaElement, duplicateMediaElement } from "./page-media.server.ts";
import { generatePreviewImage, removePreviewImage, uploadPreviewImage } from "./preview-image.server.ts";

// Issue 11: preview images are uploaded (.png/.jpg, ≤ 300 KB) or generated from the target page
// or the gallery, always 176 px wide, always the account's own; a replaced one no element uses
// is gone with its blob.

let dir: string;
let blobs: BlobStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "preview-image-"));
  blobs = new FolderBlobStore(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await db.destroy();
  redis.disconnect();
});

const image = (width: number, format: "png" | "jpeg" | "webp") =>
  sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: "#228844" } })
    [format]()
    .toBuffer();

async function fixture() {
  const { accountId, userId } = await insertAccountWithUser(db);
  const subject = permissionSubject({ id: userId, accountId, baseAccountId: accountId, permissions: ["1"] });
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, name: "Preview", languageCode: "de", pageCount: 2, isRendered: true })
    .execute();
  const pageIds = [createId(), createId()];
  for (const [i, id] of pageIds.entries()) {
    const blobPrefix = `epapers/${epaperId}/pages/r1/${i + 1}`;
    await db
      .insertInto("page")
      .values({
        id,
        epaperId,
        page: i + 1,
        sourcePage: i + 1,
        width: 500,
        height: 700,
        blobPrefix,
        renditions: JSON.stringify({
          images: [{ width: 800, height: 1120, file: "w800.webp", bytes: 1 }],
          thumbnail: { width: 200, height: 280, file: "thumb.webp", bytes: 1 },
          words: "words.json",
        }),
      })
      .execute();
    await blobs.put(`${blobPrefix}/w800.webp`, await image(800, "webp"));
  }
  const deps = { db, redis, blobs };
  const make = (kind: "internalLink" | "externalLink" | "gallery", fields: object) =>
    createMediaElement(deps, subject, { epaperId, pageId: pageIds[0] as string, kind, fields });
  return { deps, subject, epaperId, pageIds, make };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { status: error.status, messageKey: error.messageKey } : error),
  );

test("upload: scaled to 176 px, set on the element (a new version); wrong type, size or account refused", async () => {
  const { deps, subject, epaperId, make } = await fixture();
  const element = await make("externalLink", { url: "https://example.com/" });
  const stored = await uploadPreviewImage(deps, subject, {
    epaperId,
    pageMediaId: element.id,
    fileName: "shop.png",
    bytes: await image(600, "png"),
  });
  const media = await db.selectFrom("media").selectAll().where("id", "=", stored.id).executeTakeFirstOrThrow();
  expect(media).toMatchObject({ accountId: subject.accountId, width: 176, height: 132, mimeType: "image/png" });
  expect((await sharp(await blobs.read(media.blobKey)).metadata()).width).toBe(176);
  const [after] = await loadMediaElements(db, {
    pageId: (await db.selectFrom("pageMedia").select("pageId").where("id", "=", element.id).executeTakeFirstOrThrow()).pageId,
    ids: [element.id],
  });
  expect(after?.previewImage?.id).toBe(stored.id);
  expect(after?.version).not.toBe(element.version);

  const input = { epaperId, pageMediaId: element.id };
  expect(
    await refusal(uploadPreviewImage(deps, subject, { ...input, fileName: "shop.gif", bytes: await image(100, "png") })),
  ).toMatchObject({
    messageKey: "media.previewImage.typeNotValid",
  });
  expect(
    await refusal(uploadPreviewImage(deps, subject, { ...input, fileName: "shop.jpg", bytes: await image(100, "png") })),
  ).toMatchObject({
    messageKey: "media.previewImage.typeNotValid",
  });
  expect(await refusal(uploadPreviewImage(deps, subject, { ...input, fileName: "big.png", bytes: Buffer.alloc(300 * 1024 + 1) }))).toEqual({
    status: 413,
    messageKey: "media.previewImage.tooLarge",
  });
  const stranger = await fixture();
  expect(
    await refusal(uploadPreviewImage(deps, stranger.subject, { ...input, fileName: "x.png", bytes: await image(100, "png") })),
  ).toMatchObject({
    status: 404,
  });

  // Replacing it deletes the old one; removing the last one too, unless a duplicate still shows it.
  const second = await uploadPreviewImage(deps, subject, { ...input, fileName: "new.jpg", bytes: await image(300, "jpeg") });
  expect(await db.selectFrom("media").select("id").where("id", "=", stored.id).executeTakeFirst()).toBeUndefined();
  const copy = await duplicateMediaElement(deps, subject, input);
  expect(copy.previewImage?.id).toBe(second.id);
  await removePreviewImage(deps, subject, input);
  expect(await db.selectFrom("media").select("id").where("id", "=", second.id).executeTakeFirst()).toBeDefined();
  await removePreviewImage(deps, subject, { epaperId, pageMediaId: copy.id });
  expect(await db.selectFrom("media").select("id").where("id", "=", second.id).executeTakeFirst()).toBeUndefined();
});

test("generate: from the internal link's target page and the gallery's first image; nothing to make it from is refused", async () => {
  const { deps, subject, epaperId, pageIds, make } = await fixture();
  const link = await make("internalLink", { internalLinkPageId: pageIds[1] });
  const fromPage = await generatePreviewImage(deps, subject, { epaperId, pageMediaId: link.id });
  expect(await db.selectFrom("media").select(["width", "mimeType"]).where("id", "=", fromPage.id).executeTakeFirstOrThrow()).toEqual({
    width: 176,
    mimeType: "image/png",
  });

  const gallery = await createGallery(db, subject, "Shop");
  const galleryMediaId = createId();
  await blobs.put(`media/${subject.accountId}/${galleryMediaId}.jpg`, await image(400, "jpeg"));
  await db
    .insertInto("media")
    .values({
      id: galleryMediaId,
      accountId: subject.accountId,
      name: "a.jpg",
      blobKey: `media/${subject.accountId}/${galleryMediaId}.jpg`,
      extension: "jpg",
      mimeType: "image/jpeg",
      sizeInByte: 1,
    })
    .execute();
  await db.insertInto("galleryMedia").values({ id: createId(), galleryId: gallery.id, mediaId: galleryMediaId }).execute();
  const shown = await make("gallery", { galleryId: gallery.id });
  const fromGallery = await generatePreviewImage(deps, subject, { epaperId, pageMediaId: shown.id });
  expect(fromGallery.uri).toBe(`/media/${fromGallery.id}`);

  // An address inside our network is never fetched: the §8 info, nothing attached.
  const external = await make("externalLink", { url: "http://10.0.0.8/intranet" });
  expect(await refusal(generatePreviewImage(deps, subject, { epaperId, pageMediaId: external.id }))).toEqual({
    status: 422,
    messageKey: "media.previewImage.generationFailed",
  });
  const emptyGallery = await createGallery(db, subject, "Empty");
  const empty = await make("gallery", { galleryId: emptyGallery.id });
  expect(await refusal(generatePreviewImage(deps, subject, { epaperId, pageMediaId: empty.id }))).toMatchObject({ status: 422 });
});

test("generate: the Open Graph image of an external link's page, through the SSRF rules", async () => {
  const picture = await image(1200, "jpeg");
  const server = http.createServer((request, response) => {
    if (request.url === "/article")
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          '<html><head><meta property="og:title" content="A"><meta property="og:image" content="/images/cover.jpg"></head><body>x</body></html>',
        );
    else if (request.url === "/images/cover.jpg") response.writeHead(200, { "content-type": "image/jpeg" }).end(picture);
    else if (request.url === "/bare") response.writeHead(200, { "content-type": "text/html" }).end("<html><head></head></html>");
    else response.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const { deps, subject, epaperId, make } = await fixture();
    const link = await make("externalLink", { url: `${origin}/article` });
    // Without the allow-list the local server is a private target like any other.
    expect(await refusal(generatePreviewImage(deps, subject, { epaperId, pageMediaId: link.id }))).toMatchObject({ status: 422 });
    const allowed = { ...deps, allowPrivate: [new URL(origin).host] };
    const made = await generatePreviewImage(allowed, subject, { epaperId, pageMediaId: link.id });
    expect(await db.selectFrom("media").select(["width", "mimeType", "name"]).where("id", "=", made.id).executeTakeFirstOrThrow()).toEqual({
      width: 176,
      mimeType: "image/jpeg",
      name: "cover.jpg",
    });
    const bare = await make("externalLink", { url: `${origin}/bare` });
    expect(await refusal(generatePreviewImage(allowed, subject, { epaperId, pageMediaId: bare.id }))).toEqual({
      status: 422,
      messageKey: "media.previewImage.generationFailed",
    });
    // A video file's address is itself the thing: no page, no picture.
    const clip = await make("externalLink", { url: `${origin}/clip.mp4` });
    expect(await refusal(generatePreviewImage(allowed, subject, { epaperId, pageMediaId: clip.id }))).toMatchObject({ status: 422 });
  } finally {
    server.close();
  }
});
