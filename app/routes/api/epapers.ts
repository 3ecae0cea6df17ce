import { listApiEpapers } from "#app/models/public-api.server";
import { EpaperListQuerySchema, EpaperPageSchema } from "#app/rules/public-api";
import { db } from "#app/utils/db.server";
import { apiRead, parseApiQuery } from "./api-read.server.ts";
import type { Route } from "./+types/epapers";

/** GET /api/v1/epapers: the key's account's ePapers, newest first, by cursor (ADR 0056). */
export async function loader({ request }: Route.LoaderArgs) {
  return apiRead(request, EpaperPageSchema, async ({ subject }) =>
    listApiEpapers(db, subject, parseApiQuery(request, EpaperListQuerySchema)),
  );
}
