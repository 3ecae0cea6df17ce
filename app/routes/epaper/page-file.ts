import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { pageFileDownload } from "#app/models/epaper-downloads.server";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/page-file";

/**
 * GET /epaper/:epaperId/pages/:pageNumber/:file: one rendered file of a page (the thumbnail
 * 'thumb.webp' or a rendition 'w800.webp' …) for the editor's thumbnail strip and canvas (issue
 * 11). Only users of the ePaper's account with epaperDetails; other files and other accounts'
 * pages are 404. The public API serves the same files to keys (/api/v1/epapers/…/pages/…).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { user, subject } = await requireApiUser(db, request);
    requirePermission(subject, "epaperDetails");
    const target = { accountId: user.accountId, epaperId: params.epaperId, pageNumber: Number(params.pageNumber), file: params.file };
    return (await pageFileDownload({ db, blobs }, request, target)) ?? new Response("not found", { status: 404 });
  } catch (error) {
    return errorToApiResponse(error, { log: "editor page file" });
  }
}
