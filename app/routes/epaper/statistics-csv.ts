import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { textRefusal } from "#app/errors/text-refusal.server";
import { readershipStatsCsv, readershipStatsFilename, type Translate } from "#app/models/readership-stats-csv.server";
import { loadReadershipStats } from "#app/models/readership-stats.server";
import { requirePermission } from "#app/rules/permissions";
import { requireStatsRange } from "#app/rules/readership-stats";
import { db } from "#app/utils/db.server";
import { getInstance, getLocale } from "#app/utils/i18next.server";
import type { Route } from "./+types/statistics-csv";

/**
 * GET /epaper/:epaperId/statistics.csv?from=&to= (issue 31 item 4, ADR 0053 'The statistics view
 * (phase 2)'): the ePaper's readership statistics over the range as one CSV file in the user's
 * language. Who may open the ePaper in the editor (epaperDetails, its account) may download them;
 * another account's or a deleted ePaper is 404. A link the browser follows: without a session it
 * goes to the login (and back); a refusal answers its message translated as plain text, or as the
 * studio's JSON error body to a caller that asks for JSON (fetch).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const i18n = getInstance(context);
  const t: Translate = (key, values) => i18n.t(key, values ?? {});
  try {
    const { subject } = await requireStudioUser(db, request);
    // Before the range: a caller without the right learns nothing about its input.
    requirePermission(subject, "epaperDetails");
    const range = requireStatsRange(new URL(request.url).searchParams);
    const stats = await loadReadershipStats(db, subject, params.epaperId, range);
    return new Response(readershipStatsCsv(stats, t, getLocale(context)), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${readershipStatsFilename(stats)}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    return textRefusal(errorToApiResponse(error, { log: "statistics csv" }), request, t);
  }
}
