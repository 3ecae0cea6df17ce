import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { discardBody } from "#app/models/upload.server";
import { uploadPreviewImage } from "#app/models/preview-image.server";
import { requirePermission } from "#app/rules/permissions";
import { PREVIEW_IMAGE } from "#app/rules/preview-image";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/upload-enrichment-preview-image";

/**
 * POST /upload-enrichment-preview-image (studio-core.md §7): multipart with `epaperId`,
 * `pageMediaId` and one `file` (.png/.jpg, at most 300 KB); scaled to 176 px wide and set as the
 * element's preview image. Answers { uri, id, mediaId } or { error: { messageKey, params } }.
 */
export async function action({ request }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
    const studio = await requireApiUser(db, request);
    requirePermission(studio.subject, "epaperDetails");
    const declared = Number(request.headers.get("Content-Length") ?? 0);
    if (declared > PREVIEW_IMAGE.maxBytes + 64 * 1024) {
      await discardBody(request, declared);
      return apiErrorResponse(413, "media.previewImage.tooLarge", { size: PREVIEW_IMAGE.maxBytes / 1024 });
    }
    const form = await readForm(request);
    const file = form.get("file");
    const epaperId = form.get("epaperId");
    const pageMediaId = form.get("pageMediaId");
    if (!(file instanceof File) || typeof epaperId !== "string" || typeof pageMediaId !== "string") {
      return apiErrorResponse(400, "media.previewImage.typeNotValid");
    }
    const stored = await uploadPreviewImage({ db, redis, blobs }, studio.subject, {
      epaperId,
      pageMediaId,
      fileName: file.name,
      bytes: Buffer.from(await file.arrayBuffer()),
    });
    return Response.json({ uri: stored.uri, id: stored.id, mediaId: stored.id }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "preview image" });
  }
}
