import { getApiEpaper } from "#app/models/public-api.server";
import { deleteApiEpaper, updateApiEpaper } from "#app/models/public-api-writes.server";
import { EpaperDetailSchema, UpdateEpaperSchema } from "#app/rules/public-api";
import { db } from "#app/utils/db.server";
import { apiWriteDeps } from "./api-deps.server.ts";
import { apiRead, apiUrls } from "./api-read.server.ts";
import { apiWrite, methodNotAllowed } from "./api-write.server.ts";
import type { Route } from "./+types/epaper";

/** GET /api/v1/epapers/:epaperId: one ePaper of the key's account (another account's is 404), ADR 0056. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return apiRead(request, EpaperDetailSchema, async ({ subject }) => getApiEpaper(db, subject, params.epaperId, apiUrls()));
}

/** PATCH (rename, move) and DELETE /api/v1/epapers/:epaperId, scope write, under the studio's rules. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method === "PATCH") {
    return apiWrite(request, {
      scope: "write",
      status: 200,
      body: UpdateEpaperSchema,
      response: EpaperDetailSchema,
      run: async ({ subject }, change) => {
        await updateApiEpaper(apiWriteDeps(), subject, params.epaperId, change);
        return getApiEpaper(db, subject, params.epaperId, apiUrls());
      },
    });
  }
  if (request.method === "DELETE") {
    return apiWrite(request, {
      scope: "write",
      status: 204,
      body: "none",
      response: null,
      run: async ({ subject }) => {
        await deleteApiEpaper(apiWriteDeps(), subject, params.epaperId);
        return undefined;
      },
    });
  }
  return methodNotAllowed(request, "GET, PATCH, DELETE");
}
