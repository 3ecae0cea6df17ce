import { blobs } from "#app/blob/blobs.server";
import { zipDownload } from "#app/models/epaper-downloads.server";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { apiFile } from "./api-read.server.ts";
import type { Route } from "./+types/epaper-zip";

/** GET /api/v1/epapers/:epaperId/zip (scope read): the ePaper's zip package, as the studio downloads it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return apiFile(request, async ({ subject, accountId }) => {
    requirePermission(subject, "gettingZip");
    return zipDownload({ db, blobs }, accountId, params.epaperId);
  });
}
