import { createId } from "@paralleldrive/cuid2";
import type { BlobStore } from "#app/blob/blob-store.server";
import { generatePreviewLinkPassword, hashPreviewLinkPassword } from "#app/publish/preview-link-access.server";
import type { Database } from "#db/client";
import { insertAccountWithUser } from "./fixtures.ts";

/**
 * A published preview link of a new account's ePaper, with a tiny bundle (index.html and one page
 * image) in `blobs`, and its password: what the publish job leaves behind, without a render.
 */
export async function insertPublishedPreviewLink(db: Database, blobs: BlobStore, values: { expiredAt: Date }) {
  const { accountId } = await insertAccountWithUser(db);
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, name: "Spring", languageCode: "en", isRendered: true, pageCount: 1 })
    .execute();
  const password = generatePreviewLinkPassword();
  const publicationId = createId();
  const hash = createId() + createId();
  const blobPrefix = `publications/${publicationId}/rev${createId()}`;
  await blobs.put(`${blobPrefix}/index.html`, Buffer.from("<html><body><h1>Spring</h1></body></html>"));
  await blobs.put(`${blobPrefix}/pages/1.webp`, Buffer.from("RIFFwebp"));
  await db
    .insertInto("publication")
    .values({
      id: publicationId,
      epaperId,
      type: "previewlink",
      hash,
      passwordHash: await hashPreviewLinkPassword(password),
      blobPrefix,
      publishedAt: new Date(),
      expiredAt: values.expiredAt,
    })
    .execute();
  return { epaperId, publicationId, hash, password, revision: blobPrefix.split("/").at(-1) as string };
}
