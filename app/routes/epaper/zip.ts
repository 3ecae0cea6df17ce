import { requireStudioUser } from "#app/auth/studio-user.server";
import { blobs } from "#app/blob/blobs.server";
import { zipDownload } from "#app/models/epaper-downloads.server";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/zip";

/**
 * GET /epaper/:epaperId/zip: downloads the ePaper's zip package (only users of its account with
 * the zip permission; the public API's /api/v1/epapers/:epaperId/zip answers the same download).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { subject, permissions } = await requireStudioUser(db, request);
  if (!permissions.has("gettingZip")) return new Response("forbidden", { status: 403 });
  return (await zipDownload({ db, blobs }, subject.accountId, params.epaperId)) ?? new Response("not found", { status: 404 });
}
