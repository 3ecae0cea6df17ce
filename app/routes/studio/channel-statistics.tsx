import { data } from "react-router";
import { studioUserOf } from "#app/auth/studio-user.server";
import { ChannelStatsScreen } from "#app/components/stats/channel-stats-screen";
import { AppError } from "#app/errors/app-error";
import { loadChannelStats } from "#app/models/channel-stats.server";
import { requirePermission } from "#app/rules/permissions";
import { parseStatsRange, statsRangeSchema, utcDayOf } from "#app/rules/readership-stats";
import { db } from "#app/utils/db.server";
import { getInstance, getLocale } from "#app/utils/i18next.server";
import type { Route } from "./+types/channel-statistics";

/**
 * A channel's statistics /channel/:channelId/statistics?from=&to= (issue 31 item 4; ADR 0053
 * 'Channel statistics'): its readership over a range of UTC days across every ePaper it showed.
 * Who may see the channel workspace (channelWorkspace) may see its channels' statistics; refused
 * as the ePaper's statistics screen is, since this is a deep link and not the workspace: without
 * the right the error page with 403, another account's, a removed or an unknown channel 404. A
 * range the rule refuses is no error page: the form shows its message and the screen the default range.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const studio = studioUserOf(context);
  const now = new Date();
  try {
    // Before the range and the channel: a caller without the right learns nothing about either.
    requirePermission(studio.subject, "channelWorkspace");
    const parsed = parseStatsRange(new URL(request.url).searchParams, now);
    const range = parsed.range ?? statsRangeSchema(now).parse({});
    const stats = await loadChannelStats(db, studio.subject, params.channelId, range);
    return {
      metaTitle: getInstance(context).t("channelStats.metaTitle", { name: stats.channel.name }),
      stats,
      rangeProblem: parsed.problem,
      today: utcDayOf(now),
      locale: getLocale(context),
    };
  } catch (error) {
    // A refusal is the error page with its status; its message key travels with it.
    if (error instanceof AppError) throw data({ messageKey: error.messageKey, params: error.params }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function ChannelStatistics({ loaderData }: Route.ComponentProps) {
  return (
    <ChannelStatsScreen
      stats={loaderData.stats}
      rangeProblem={loaderData.rangeProblem}
      today={loaderData.today}
      locale={loaderData.locale}
    />
  );
}
