import { data } from "react-router";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { listLicenceHistory } from "#app/models/licence-history.server";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/licence-history";

/**
 * GET /resources/licence-history?page=&shop=1: a page of the contingent history dialog
 * (epaperMenu; shop actions only with shop=1), of the caller's current account.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const studio = await requireStudioUser(db, request);
  const url = new URL(request.url);
  try {
    const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
    const history = await listLicenceHistory(db, studio.subject, { page, showShopActions: url.searchParams.get("shop") === "1" });
    return data(history, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "licence-history" });
  }
}
