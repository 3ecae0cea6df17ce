import { Readable } from "node:stream";
import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { findAccountMedia } from "#app/models/galleries.server";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/media-file";

/**
 * GET /media/:mediaId: one of the account's media files (preview images, gallery images) for the
 * editor. Another account's media is 404. Media never change under their id: cached for a day.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { user } = await requireApiUser(db, request);
    const row = await findAccountMedia(db, user.accountId, params.mediaId);
    const size = row ? await blobs.size(row.blobKey) : null;
    if (!row || size === null) return new Response("not found", { status: 404 });
    const body = Readable.toWeb(blobs.stream(row.blobKey)) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: { "Content-Type": row.mimeType, "Content-Length": String(size), "Cache-Control": "private, max-age=86400" },
    });
  } catch (error) {
    return errorToApiResponse(error, { log: "media file" });
  }
}
