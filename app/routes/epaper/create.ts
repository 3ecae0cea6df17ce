import { requireApiUser } from "#app/auth/api-user.server";
import { createEpaperFromForm } from "#app/models/epaper-creation.server";
import { AppError } from "#app/errors/app-error";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { db } from "#app/utils/db.server";
import { queues } from "#app/jobs/producer.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/create";
import { readForm } from "#app/utils/read-form.server";

/**
 * POST /epaper/create (studio-core.md §4 "Creating an ePaper", §7 "ePaper generate";
 * architecture.md step 2): form fields `name`, `languageCode`, `fileId`, optional `parentId`.
 * 200 `{ id }` once the ePaper exists and its render is queued, otherwise `{ error: { messageKey,
 * params } }` (app/models/upload-contract.ts, docs/decisions/0018-upload.md).
 */

/** The form is four short fields; anything bigger is not the upload card. */
const MAX_FORM_BYTES = 64 * 1024;

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
  try {
    const studio = await requireApiUser(db, request);
    const created = await createEpaperFromForm({ db, redis, queue: queues.render }, studio, async () => {
      if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) {
        throw new AppError("upload.errors.somethingWentWrong", { status: 413, detail: "form too large" });
      }
      try {
        return await readForm(request);
      } catch {
        throw new AppError("upload.errors.somethingWentWrong", { status: 400, detail: "unreadable form" });
      }
    });
    return Response.json(created, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { userNotConfirmed: "upload.errors.userNotConfirmed", log: "create ePaper" });
  }
}
