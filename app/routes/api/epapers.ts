import { getApiEpaper, listApiEpapers } from "#app/models/public-api.server";
import { createApiEpaper } from "#app/models/public-api-writes.server";
import { CreateEpaperSchema, EpaperDetailSchema, EpaperListQuerySchema, EpaperPageSchema } from "#app/rules/public-api";
import { db } from "#app/utils/db.server";
import { apiWriteDeps } from "./api-deps.server.ts";
import { apiRead, apiUrls, parseApiQuery } from "./api-read.server.ts";
import { apiWrite, methodNotAllowed } from "./api-write.server.ts";
import type { Route } from "./+types/epapers";

/** GET /api/v1/epapers: the key's account's ePapers, newest first, by cursor (ADR 0056). */
export async function loader({ request }: Route.LoaderArgs) {
  return apiRead(request, EpaperPageSchema, async ({ subject }) =>
    listApiEpapers(db, subject, parseApiQuery(request, EpaperListQuerySchema)),
  );
}

/** POST /api/v1/epapers (scope write): an upload becomes an ePaper and its render starts; 201 with the ePaper. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
  return apiWrite(request, {
    scope: "write",
    status: 201,
    body: CreateEpaperSchema,
    response: EpaperDetailSchema,
    run: async ({ subject }, input) => getApiEpaper(db, subject, await createApiEpaper(apiWriteDeps(), subject, input), apiUrls()),
  });
}
