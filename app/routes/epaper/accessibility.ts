import { requireApiUser } from "#app/auth/api-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { accessibilityReport } from "#app/models/accessibility-report.server";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/accessibility";

/**
 * /epaper/:epaperId/accessibility (issue 47 item 5): GET answers { report }, the ePaper's
 * accessibility checklist for the studio's dialog. Whoever may open the ePaper's details; another
 * account's ePaper is 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const studio = await requireApiUser(db, request);
    const report = await accessibilityReport(db, studio.subject, params.epaperId);
    return Response.json({ report }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "accessibility report" });
  }
}
