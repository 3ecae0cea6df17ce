import { getApiEpaper } from "#app/models/public-api.server";
import { EpaperDetailSchema } from "#app/rules/public-api";
import { db } from "#app/utils/db.server";
import { apiRead, apiUrls } from "./api-read.server.ts";
import type { Route } from "./+types/epaper";

/** GET /api/v1/epapers/:epaperId: one ePaper of the key's account (another account's is 404), ADR 0056. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return apiRead(request, EpaperDetailSchema, async ({ subject }) => getApiEpaper(db, subject, params.epaperId, apiUrls()));
}
