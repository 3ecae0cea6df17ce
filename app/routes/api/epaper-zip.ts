import { blobs } from "#app/blob/blobs.server";
import { zipDownload } from "#app/models/epaper-downloads.server";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { apiFile } from "./api-read.server.ts";
import { methodNotAllowed } from "./api-write.server.ts";
import type { Route } from "./+types/epaper-zip";

/** GET /api/v1/epapers/:epaperId/zip (scope read): the ePaper's zip package, as the studio downloads it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return apiFile(request, async ({ subject, accountId }) => {
    requirePermission(subject, "gettingZip");
    return zipDownload({ db, blobs }, accountId, params.epaperId);
  });
}

/** Only GET (and HEAD) answers here: any other method is a 405 problem naming them. */
export const action = ({ request }: Route.ActionArgs) => methodNotAllowed(request, "GET, HEAD");
