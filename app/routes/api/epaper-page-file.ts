import { requireApiKey } from "#app/auth/api-key.server";
import { blobs } from "#app/blob/blobs.server";
import { AppError } from "#app/errors/app-error";
import { problemResponse } from "#app/errors/problem.server";
import { pageFileDownload } from "#app/models/epaper-downloads.server";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/epaper-page-file";

/**
 * GET /api/v1/epapers/:epaperId/pages/:pageNumber/:file (scope read): a page's thumbnail or
 * rendition, as the ePaper's `pages[].images[].url` name them; the studio's editor loads the same.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  let headers: Record<string, string> = {};
  try {
    const caller = await requireApiKey({ db, redis }, request, "read");
    headers = caller.rateLimitHeaders;
    requirePermission(caller.subject, "epaperDetails");
    const target = { accountId: caller.accountId, epaperId: params.epaperId, pageNumber: Number(params.pageNumber), file: params.file };
    const file = await pageFileDownload({ db, blobs }, request, target);
    if (!file) throw new AppError("api.errors.notFound", { status: 404, detail: "no such page file" });
    for (const [name, value] of Object.entries(headers)) file.headers.set(name, value);
    return file;
  } catch (error) {
    return problemResponse(error, request, headers);
  }
}
