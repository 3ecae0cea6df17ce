import { Readable } from "node:stream";
import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
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
    const size = row ? await blobs.size(row.blobKey) : null;
    if (!row || size === null) return new Response("not found", { status: 404 });
    const body = Readable.toWeb(blobs.stream(row.blobKey)) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: { "Content-Type": row.mimeType, "Content-Length": String(size), "Cache-Control": "private, max-age=86400" },
    });
  } catch (error) {
    return errorToApiResponse(error, { log: "news image" });
  }
}
