import { Readable } from "node:stream";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { blobs } from "#app/blob/blobs.server";
import { ZIP_FILE } from "#app/publish/build-publication.server";
import { findZipPublication, markPublicationReviewed } from "#app/models/epaper-downloads.server";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/zip";

/**
 * GET /epaper/:epaperId/zip: downloads the ePaper's zip package (only users of its account with
 * the zip permission). Opening it marks the publication as reviewed (the card's dot goes,
 * studio-core.md §4 "Publications").
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { subject, permissions } = await requireStudioUser(db, request);
  if (!permissions.has("gettingZip")) return new Response("forbidden", { status: 403 });
  const row = await findZipPublication(db, subject.accountId, params.epaperId);
  const key = row?.blobPrefix ? `${row.blobPrefix}/${ZIP_FILE}` : null;
  const size = key ? await blobs.size(key) : null;
  if (!row || !key || size === null) return new Response("not found", { status: 404 });
  await markPublicationReviewed(db, row.id);
  const body = Readable.toWeb(await blobs.stream(key)) as ReadableStream<Uint8Array>;
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
