import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { blobFileResponse } from "#app/blob/blob-response.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { findNewsImage } from "#app/models/support/news-image.server";
import { can } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/news-image";

/**
 * GET /resources/news-image/:newsId: a news' image (issue 14). Everyone signed in reads the image
 * of an active news (the feed shows it); support reads every news' image (the manager shows it).
 * The address carries the image's id (`?v=`), so a new image is a new address: cached a day.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { subject } = await requireApiUser(db, request);
    const row = await findNewsImage(db, params.newsId, { support: can(subject, "support") });
    return await blobFileResponse(blobs, row?.blobKey, {
      contentType: row?.mimeType ?? "image/png",
      cacheControl: "private, max-age=86400",
    });
  } catch (error) {
    return errorToApiResponse(error, { log: "news image" });
  }
}
