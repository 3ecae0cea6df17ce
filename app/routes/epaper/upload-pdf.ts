import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { bodyReadLimit, discardBody, receiveUpload, UploadAborted, uploadDepsFromEnv, uploadLimitsFor } from "#app/models/upload.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/upload-pdf";

/**
 * POST /upload-pdf (studio-core.md §4 "Upload flow", §7; architecture.md step 1): multipart with
 * one file field `file`. 200 `{ id, numPages, fileName }`, otherwise `{ error: { messageKey,
 * params } }` with 400/401/403/413/422/429/500/503 (app/models/upload-contract.ts,
 * docs/decisions/0018-upload.md). GET answers the limits the upload card shows beforehand.
 */

const uploadDeps = () => uploadDepsFromEnv(getEnv(), { db, blobs, redis });

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { user } = await requireApiUser(db, request);
    return Response.json(uploadLimitsFor(user, uploadDeps().config), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "upload limits" });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const deps = uploadDeps();
  try {
    if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
    const studio = await requireApiUser(db, request);
    const uploaded = await receiveUpload(deps, studio, request);
    const { id, numPages, fileName } = uploaded;
    return Response.json({ id, numPages, fileName }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // Nobody is listening any more; what was stored is gone already.
    if (error instanceof UploadAborted) return apiErrorResponse(400, "upload.errors.noFile");
    // Refused before the file was read (no session, cooldown, no node): read it off the
    // connection anyway, or the browser still sending it sees a reset instead of this answer.
    await discardBody(request, bodyReadLimit(deps.config));
    return errorToApiResponse(error, { userNotConfirmed: "upload.errors.userNotConfirmed", log: "upload" });
  }
}
