import { createId } from "@paralleldrive/cuid2";
import sharp from "sharp";
import type { BlobStore } from "#app/blob/blob-store.server";
import type { Database } from "#db/client";

const mediaType = async (db: Database, name: string) =>
  (await db.selectFrom("pageMediaType").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
const frame = (row: number) => ({ frameX1: 0.1, frameX2: 0.45, frameY1: 0.1 + row * 0.12, frameY2: 0.2 + row * 0.12 });
const base = (pageId: string, row: number, title: string, kind: number) => ({
  id: createId(),
  pageId,
  pageMediaTypeId: kind,
  title,
  description: `${title} description`,
  frameActive: true,
  frameIconActive: true,
  mediaBarActive: true,
  mediaBarContent: "short" as const,
  position: row,
  ...frame(row),
});

/** One more external link on the ePaper's first page, in the sixth row of frames (below the ones of every kind). */
export async function addExternalLink(
  db: Database,
  epaperId: string,
  link: { title: string; url: string; displayAs: "tab_blank" | "tab_self" },
) {
  const first = await db.selectFrom("page").select("id").where("epaperId", "=", epaperId).where("page", "=", 1).executeTakeFirstOrThrow();
  const element = base(first.id, 5, link.title, await mediaType(db, "externalLink"));
  await db.insertInto("pageMedia").values(element).execute();
  await db.insertInto("pageMediaExternalLink").values({ pageMediaId: element.id, url: link.url, displayAs: link.displayAs }).execute();
}

/**
 * Test factories for media elements (enrichments) until the editor exists: one of every kind,
 * stored as the editor will store them (page_media plus its detail row), a gallery of real
 * images in the blob store, and a few page flags. Returns what the tests look for in the reader.
 */
export async function addEnrichmentsOfEveryKind(db: Database, blobs: BlobStore, epaperId: string, accountId: string) {
  const pages = await db.selectFrom("page").select(["id", "page"]).where("epaperId", "=", epaperId).orderBy("page").execute();
  const [first, second, third] = pages;
  if (!first || !second || !third) throw new Error("the factory needs an ePaper of at least three pages");
  const type = (name: string) => mediaType(db, name);

  const internal = base(first.id, 0, "Go to page three", await type("internalLink"));
  await db.insertInto("pageMedia").values(internal).execute();
  await db.insertInto("pageMediaInternalLink").values({ pageMediaId: internal.id, internalLinkPageId: third.id }).execute();

  const external = base(first.id, 1, "Example website", await type("externalLink"));
  await db.insertInto("pageMedia").values(external).execute();
  await db
    .insertInto("pageMediaExternalLink")
    .values({ pageMediaId: external.id, url: "https://example.com/", displayAs: "tab_blank" })
    .execute();

  const mailto = base(first.id, 2, "Write to us", await type("mailtoLink"));
  await db.insertInto("pageMedia").values(mailto).execute();
  await db
    .insertInto("pageMediaMailtoLink")
    .values({ pageMediaId: mailto.id, recipient: "info@example.com", subject: "Hello", body: "From the ePaper" })
    .execute();

  const video = base(first.id, 3, "Product video", await type("video"));
  await db.insertInto("pageMedia").values(video).execute();
  await db
    .insertInto("pageMediaVideo")
    .values({ pageMediaId: video.id, url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ", displayAs: "overlay", width: 640, height: 360 })
    .execute();

  const galleryId = createId();
  await db.insertInto("gallery").values({ id: galleryId, accountId, name: "Test gallery" }).execute();
  for (const [position, colour] of ["#c0392b", "#27ae60", "#2980b9"].entries()) {
    const mediaId = createId();
    const blobKey = `media/${accountId}/${mediaId}.webp`;
    const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
      .webp()
      .toBuffer();
    await blobs.put(blobKey, image);
    await db
      .insertInto("media")
      .values({
        id: mediaId,
        accountId,
        blobKey,
        extension: "webp",
        mimeType: "image/webp",
        name: `Gallery image ${position + 1}`,
        sizeInByte: image.length,
        width: 320,
        height: 200,
      })
      .execute();
    await db.insertInto("galleryMedia").values({ id: createId(), galleryId, mediaId, position }).execute();
  }
  const gallery = base(second.id, 0, "Photo gallery", await type("gallery"));
  await db.insertInto("pageMedia").values(gallery).execute();
  await db.insertInto("pageMediaGallery").values({ pageMediaId: gallery.id, galleryId }).execute();

  const html = base(second.id, 1, "Custom widget", await type("customHtml"));
  await db
    .insertInto("pageMedia")
    .values({ ...html, frameEmbedded: false })
    .execute();
  await db
    .insertInto("pageMediaCustomHtml")
    .values({
      pageMediaId: html.id,
      editorMode: "html",
      width: 320,
      height: 120,
      // Proves the sandbox: the frame's script runs, but cannot reach the reader's document.
      content: `<p id="widget">Custom HTML</p><script>let reach="blocked";try{reach=String(window.parent.document.title)}catch(e){}document.getElementById("widget").textContent="Custom HTML, parent: "+reach;</script>`,
    })
    .execute();

  return {
    internal: internal.title,
    external: external.title,
    mailto: mailto.title,
    video: video.title,
    gallery: gallery.title,
    html: html.title,
    galleryId,
    pages: { first: first.id, second: second.id, third: third.id },
  };
}
