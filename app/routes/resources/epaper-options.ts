import { data } from "react-router";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { listEpaperOptions } from "#app/models/epaper-options.server";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/epaper-options";

/**
 * The editor's ePaper selector (issue 11): GET ?search= answers { epapers } — the account's
 * ePapers that open in the editor, newest first or matching the name. Needs epaperDetails.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const studio = await requireStudioUser(db, request);
  try {
    requirePermission(studio.subject, "epaperDetails");
    const search = new URL(request.url).searchParams.get("search")?.slice(0, 200) ?? "";
    return data({ epapers: await listEpaperOptions(db, studio.user.accountId, search) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "epaper-options" });
  }
}
