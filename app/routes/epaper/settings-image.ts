import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { uploadSettingsImage } from "#app/models/epaper-settings.server";
import { discardBody } from "#app/models/upload.server";
import { SETTINGS_LIMITS } from "#app/rules/epaper-settings";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/settings-image";

/**
 * POST /epaper/:epaperId/settings/image (studio-admin.md §7 'ePaper background image and logo
 * endpoints'; issue 12): multipart with `kind` (background | logo) and one `file`; answers the
 * settings ({ settings }) or { error: { messageKey, params } }.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
    const studio = await requireApiUser(db, request);
    requirePermission(studio.subject, "epaperSettings");
    const declared = Number(request.headers.get("Content-Length") ?? 0);
    if (declared > SETTINGS_LIMITS.backgroundKb * 1024 + 64 * 1024) {
      await discardBody(request, declared);
      return apiErrorResponse(413, "settings.images.tooLarge", { size: SETTINGS_LIMITS.backgroundKb });
    }
    const form = await readForm(request);
    const file = form.get("file");
    const kind = form.get("kind");
    if (!(file instanceof File) || (kind !== "background" && kind !== "logo")) return apiErrorResponse(400, "settings.images.typeNotValid");
    const settings = await uploadSettingsImage({ db, redis, blobs }, studio.subject, {
      epaperId: params.epaperId,
      kind,
      fileName: file.name,
      bytes: Buffer.from(await file.arrayBuffer()),
    });
    return Response.json({ settings }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "settings image" });
  }
}
