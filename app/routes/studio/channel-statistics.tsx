import { ChannelStatsScreen } from "#app/components/stats/channel-stats-screen";
import { loadChannelStats } from "#app/models/channel-stats.server";
import { db } from "#app/utils/db.server";
import { getInstance } from "#app/utils/i18next.server";
import type { Route } from "./+types/channel-statistics";
import { statsScreenLoader } from "./stats-screen.server.ts";

/**
 * A channel's statistics /channel/:channelId/statistics?from=&to= (issue 31 item 4; ADR 0053
 * 'Channel statistics'): its readership over a range of UTC days across every ePaper it showed.
 * Who may see the channel workspace (channelWorkspace) may see its channels' statistics; refused
 * as the ePaper's statistics screen is, since this is a deep link and not the workspace: without
 * the right the error page with 403, another account's, a removed or an unknown channel 404. A
 * range the rule refuses is no error page: the form shows its message and the screen the default range.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return statsScreenLoader({ request, context }, "channelWorkspace", async (subject, range) => {
    const stats = await loadChannelStats(db, subject, params.channelId, range);
    return { metaTitle: getInstance(context).t("channelStats.metaTitle", { name: stats.channel.name }), stats };
  });
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
