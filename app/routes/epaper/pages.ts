import { requireApiUser } from "#app/auth/api-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { listPageChunk, lookupPage } from "#app/models/epaper-pages.server";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/pages";

/**
 * GET /epaper/:epaperId/pages: the editor's pages (studio-core.md §7 'ePaper pages', 'Page
 * lookup'; issue 11), as JSON. ?skip=&take= answers a chunk of at most 50 pages in page order with
 * the page count ({ pages, skip, total }); ?page=<number> answers that page and the skip of the
 * chunk that holds it in its middle ({ page, chunkSkip }, page null when there is none). Needs
 * epaperDetails; another account's ePaper is 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { user, subject } = await requireApiUser(db, request);
    requirePermission(subject, "epaperDetails");
    const url = new URL(request.url);
    const headers = { "Cache-Control": "private, no-store" };
    const pageNumber = url.searchParams.get("page");
    if (pageNumber !== null) return Response.json(await lookupPage(db, user.accountId, params.epaperId, Number(pageNumber)), { headers });
    const chunk = await listPageChunk(db, user.accountId, params.epaperId, {
      skip: Number(url.searchParams.get("skip") ?? 0),
      take: Number(url.searchParams.get("take") ?? 50),
    });
    return Response.json(chunk, { headers });
  } catch (error) {
    return errorToApiResponse(error, { log: "editor pages" });
  }
}
