import { blobs } from "#app/blob/blobs.server";
import { pageFileDownload } from "#app/models/epaper-downloads.server";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { apiFile } from "./api-read.server.ts";
import { methodNotAllowed } from "./api-write.server.ts";
import type { Route } from "./+types/epaper-page-file";

/**
 * GET /api/v1/epapers/:epaperId/pages/:pageNumber/:file (scope read): a page's thumbnail or
 * rendition, as the ePaper's `pages[].images[].url` name them; the studio's editor loads the same.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return apiFile(request, async ({ subject, accountId }) => {
    requirePermission(subject, "epaperDetails");
    // A page number that is none (`abc`, `NaN`, `0`) names no file: 404, as an unknown page.
    if (!/^[1-9]\d{0,5}$/.test(params.pageNumber)) return null;
    const target = { accountId, epaperId: params.epaperId, pageNumber: Number(params.pageNumber), file: params.file };
    return pageFileDownload({ db, blobs }, request, target);
  });
}

/** Only GET (and HEAD) answers here: any other method is a 405 problem naming them. */
export const action = ({ request }: Route.ActionArgs) => methodNotAllowed(request, "GET, HEAD");
