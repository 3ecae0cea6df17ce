import { requireApiKey } from "#app/auth/api-key.server";
import { blobs } from "#app/blob/blobs.server";
import { AppError } from "#app/errors/app-error";
import { problemResponse } from "#app/errors/problem.server";
import { zipDownload } from "#app/models/epaper-downloads.server";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/epaper-zip";

/** GET /api/v1/epapers/:epaperId/zip (scope read): the ePaper's zip package, as the studio downloads it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  let headers: Record<string, string> = {};
  try {
    const caller = await requireApiKey({ db, redis }, request, "read");
    headers = caller.rateLimitHeaders;
    if (!caller.permissions.has("gettingZip")) throw new AppError("errors.forbidden", { status: 403, detail: "gettingZip" });
    const download = await zipDownload({ db, blobs }, caller.accountId, params.epaperId);
    if (!download) throw new AppError("api.errors.notFound", { status: 404, detail: "no zip" });
    for (const [name, value] of Object.entries(headers)) download.headers.set(name, value);
    return download;
  } catch (error) {
    return problemResponse(error, request, headers);
  }
}
