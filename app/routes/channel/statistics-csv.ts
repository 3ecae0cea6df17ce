import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { textRefusal } from "#app/errors/text-refusal.server";
import { channelStatsCsv, channelStatsFilename } from "#app/models/channel-stats-csv.server";
import { loadChannelStats } from "#app/models/channel-stats.server";
import type { Translate } from "#app/models/readership-stats-csv.server";
import { requirePermission } from "#app/rules/permissions";
import { requireStatsRange } from "#app/rules/readership-stats";
import { db } from "#app/utils/db.server";
import { getInstance, getLocale } from "#app/utils/i18next.server";
import type { Route } from "./+types/statistics-csv";

/**
 * GET /channel/:channelId/statistics.csv?from=&to= (issue 31 item 4, ADR 0053 'Channel
 * statistics'): a channel's statistics over the range as one CSV file in the user's language.
 * Who may see the channel workspace (channelWorkspace, its account) may download them; another
 * account's, a removed or an unknown channel is 404. A link the browser follows, answered as the
 * ePaper's export: without a session the login (and back); a refusal as translated plain text, or
 * as the studio's JSON error body to a caller that asks for JSON.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const i18n = getInstance(context);
  const t: Translate = (key, values) => i18n.t(key, values ?? {});
  try {
    const { subject } = await requireStudioUser(db, request);
    // Before the range: a caller without the right learns nothing about its input.
    requirePermission(subject, "channelWorkspace");
    const range = requireStatsRange(new URL(request.url).searchParams);
    const stats = await loadChannelStats(db, subject, params.channelId, range);
    return new Response(channelStatsCsv(stats, t, getLocale(context)), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${channelStatsFilename(stats)}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    return textRefusal(errorToApiResponse(error, { log: "channel statistics csv" }), request, t);
  }
}
