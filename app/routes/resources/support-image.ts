import { requireStudioUser } from "#app/auth/studio-user.server";
import { blobs } from "#app/blob/blobs.server";
import { blobFileResponse } from "#app/blob/blob-response.server";
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
    return await blobFileResponse(blobs, key, { contentType: "image/webp", cacheControl: "private, max-age=300" });
  } catch (error) {
    return errorToApiResponse(error, { log: "support image" });
  }
}
