import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { blobFileResponse } from "#app/blob/blob-response.server";
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
    return await blobFileResponse(blobs, row?.blobKey, {
      contentType: row?.mimeType ?? "application/octet-stream",
      cacheControl: "private, max-age=86400",
    });
  } catch (error) {
    return errorToApiResponse(error, { log: "media file" });
  }
}
