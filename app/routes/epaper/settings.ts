import { z } from "zod";
import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { loadEpaperSettings, removeSettingsImage, updateEpaperSettings } from "#app/models/epaper-settings.server";
import { parseIntent } from "#app/rules/intents";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/settings";

/**
 * /epaper/:epaperId/settings (studio-admin.md §7 'epaper-setting get and update'; issue 12): GET
 * answers { settings } for the settings dialog; POST intent update (patch: JSON of the changed
 * fields) or removeImage (kind background | logo) saves and answers the settings again (§4: every
 * change is sent and the settings re-fetched). Refusals answer { error: { messageKey, params } }.
 */
const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const studio = await requireApiUser(db, request);
    return Response.json({ settings: await loadEpaperSettings(db, studio.subject, params.epaperId) }, { headers: noStore });
  } catch (error) {
    return errorToApiResponse(error, { log: "epaper settings" });
  }
}

export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update"), patch: z.string() }),
  z.object({ intent: z.literal("removeImage"), kind: z.enum(["background", "logo"]) }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
    const studio = await requireApiUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    const deps = { db, redis, blobs };
    const epaperId = params.epaperId;
    let patch: unknown = null;
    if (form.intent === "update") {
      try {
        patch = JSON.parse(form.patch);
      } catch {
        return apiErrorResponse(400, "errors.invalidRequest");
      }
    }
    const settings =
      form.intent === "update"
        ? await updateEpaperSettings(deps, studio.subject, { epaperId, patch })
        : await removeSettingsImage(deps, studio.subject, { epaperId, kind: form.kind });
    return Response.json({ settings }, { headers: noStore });
  } catch (error) {
    return errorToApiResponse(error, { log: "epaper settings" });
  }
}
