import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { addGalleryImage } from "#app/models/galleries.server";
import { discardBody } from "#app/models/upload.server";
import { GALLERY_IMAGE_MAX_BYTES } from "#app/rules/gallery";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import type { Route } from "./+types/upload-gallery-image";

/**
 * POST /upload-gallery-image (studio-core.md §7): multipart with `galleryId` and one image `file`
 * (.png .jpg .jpeg .gif, at most 10 MB); answers { gallery } with its new image count, or
 * { error: { messageKey, params } }. A gallery of another account is 404.
 */
export async function action({ request }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
    const studio = await requireApiUser(db, request);
    requirePermission(studio.subject, "epaperDetails");
    const declared = Number(request.headers.get("Content-Length") ?? 0);
    if (declared > GALLERY_IMAGE_MAX_BYTES + 64 * 1024) {
      await discardBody(request, declared);
      return apiErrorResponse(413, "media.gallery.imageTooLarge", { size: GALLERY_IMAGE_MAX_BYTES / 1024 / 1024 });
    }
    const form = await readForm(request);
    const file = form.get("file");
    const galleryId = form.get("galleryId");
    if (!(file instanceof File) || typeof galleryId !== "string") return apiErrorResponse(400, "media.gallery.noFile");
    if (file.size > GALLERY_IMAGE_MAX_BYTES) {
      return apiErrorResponse(413, "media.gallery.imageTooLarge", { size: GALLERY_IMAGE_MAX_BYTES / 1024 / 1024 });
    }
    const gallery = await addGalleryImage({ db, blobs }, studio.subject, {
      galleryId,
      fileName: file.name,
      bytes: Buffer.from(await file.arrayBuffer()),
    });
    return Response.json({ gallery }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "gallery image" });
  }
}
