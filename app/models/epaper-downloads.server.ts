import { Readable } from "node:stream";
import type { BlobStore } from "#app/blob/blob-store.server";
import { ZIP_FILE } from "#app/publish/build-publication.server";
import type { Database } from "#db/client";
import { findPageFileKey } from "./epaper-pages.server.ts";

/**
 * The files a studio user downloads of an ePaper of their account (cover, zip package): each
 * lookup is scoped to the account, so a foreign or deleted ePaper finds nothing (404).
 */

/** The blob key of the card's cover image, or null. */
export async function findCoverKey(db: Database, accountId: string, epaperId: string): Promise<string | null> {
  const row = await db
    .selectFrom("epaper")
    .select("coverBlobKey")
    .where("id", "=", epaperId)
    .where("accountId", "=", accountId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  return row?.coverBlobKey ?? null;
}

/** The ePaper's zip publication (its id, blob prefix and the ePaper's name), if there is one. */
export async function findZipPublication(db: Database, accountId: string, epaperId: string) {
  return db
    .selectFrom("publication")
    .innerJoin("epaper", "epaper.id", "publication.epaperId")
    .select(["publication.id", "publication.blobPrefix", "epaper.name"])
    .where("publication.epaperId", "=", epaperId)
    .where("publication.type", "=", "zip")
    .where("epaper.accountId", "=", accountId)
    .where("epaper.deletedAt", "is", null)
    .executeTakeFirst();
}

/** Opening a publication marks it reviewed: the card's dot goes (studio-core.md §4 "Publications"). */
export async function markPublicationReviewed(db: Database, publicationId: string) {
  await db
    .updateTable("publication")
    .set({ reviewedAt: new Date() })
    .where("id", "=", publicationId)
    .where("reviewedAt", "is", null)
    .execute();
}

/**
 * The zip package of an ePaper of the account as a download, or null when there is none (a
 * foreign or deleted ePaper, no zip, its file gone). Opening it marks the publication as reviewed
 * (the card's dot goes, studio-core.md §4 "Publications").
 */
export async function zipDownload(deps: { db: Database; blobs: BlobStore }, accountId: string, epaperId: string): Promise<Response | null> {
  const row = await findZipPublication(deps.db, accountId, epaperId);
  const key = row?.blobPrefix ? `${row.blobPrefix}/${ZIP_FILE}` : null;
  const size = key ? await deps.blobs.size(key) : null;
  if (!row || !key || size === null) return null;
  await markPublicationReviewed(deps.db, row.id);
  const body = Readable.toWeb(await deps.blobs.stream(key)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(size),
      "Content-Disposition": contentDisposition(`${row.name}.zip`),
      "Cache-Control": "private, no-store",
    },
  });
}

/** An attachment name any browser accepts: an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\/]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name.replace(/[/\\]/g, "_"))}`;
}

/**
 * One rendered file of a page of an ePaper of the account (the thumbnail 'thumb.webp' or a
 * rendition 'w800.webp' …), or null (other files, other accounts' pages). The ETag is the file's
 * blob key, which a new render revision changes.
 */
export async function pageFileDownload(
  deps: { db: Database; blobs: BlobStore },
  request: Request,
  target: { accountId: string; epaperId: string; pageNumber: number; file: string },
): Promise<Response | null> {
  const key = await findPageFileKey(deps.db, target.accountId, target.epaperId, target.pageNumber, target.file);
  const size = key ? await deps.blobs.size(key) : null;
  if (!key || size === null) return null;
  const etag = `"${Buffer.from(key).toString("base64url")}"`;
  const headers = { "Cache-Control": "private, max-age=86400", ETag: etag };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const body = Readable.toWeb(await deps.blobs.stream(key)) as ReadableStream<Uint8Array>;
  return new Response(body, { headers: { ...headers, "Content-Type": "image/webp", "Content-Length": String(size) } });
}
