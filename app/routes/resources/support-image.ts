import { Readable } from "node:stream";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { blobs } from "#app/blob/blobs.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { findSupportImageKey } from "#app/models/support/support-details.server";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/support-image";

/**
 * GET /resources/support-image/:epaperId/:file: the cover (`cover`) or a page thumbnail
 * (`page-<n>`) of any account's ePaper, for the support tables and drawers (issue 14). Level 3
 * and 4 only; anything else is 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { subject } = await requireStudioUser(db, request);
    const key = await findSupportImageKey(db, subject, params.epaperId, params.file);
    const size = key ? await blobs.size(key) : null;
    if (!key || size === null) return new Response("not found", { status: 404 });
    const body = Readable.toWeb(blobs.stream(key)) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: { "Cache-Control": "private, max-age=300", "Content-Type": "image/webp", "Content-Length": String(size) },
    });
  } catch (error) {
    return errorToApiResponse(error, { log: "support image" });
  }
}
