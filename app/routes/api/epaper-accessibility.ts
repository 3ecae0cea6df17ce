import { accessibilityReport } from "#app/models/accessibility-report.server";
import { AccessibilityReportSchema } from "#app/rules/accessibility-report";
import { db } from "#app/utils/db.server";
import { apiRead } from "./api-read.server.ts";
import { methodNotAllowed } from "./api-write.server.ts";
import type { Route } from "./+types/epaper-accessibility";

/** GET /api/v1/epapers/:epaperId/accessibility: the ePaper's accessibility report (issue 47 item 5), scope read. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return apiRead(request, AccessibilityReportSchema, async ({ subject }) => accessibilityReport(db, subject, params.epaperId));
}

/** Only GET answers here. */
export const action = ({ request }: Route.ActionArgs) => methodNotAllowed(request, "GET, HEAD");
