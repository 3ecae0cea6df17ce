import { StatsScreen } from "#app/components/stats/stats-screen";
import { loadReadingNow } from "#app/models/reading-now.server";
import { loadReadershipStats } from "#app/models/readership-stats.server";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { getInstance } from "#app/utils/i18next.server";
import type { Route } from "./+types/statistics";
import { statsScreenLoader } from "./stats-screen.server.ts";

/**
 * The statistics screen /epaper/:epaperId/statistics?from=&to= (issue 31 item 4; ADR 0053 'The
 * statistics view (phase 2)', ADR 0055 for the charts): an ePaper's readership over a range of UTC
 * days. Who may open the ePaper in the editor (epaperDetails) may see it, as the CSV export:
 * without the right 403, another account's or a deleted ePaper 404 (the error page, like the CSV's
 * answers; a try-it user never sees the entry). A range the rule refuses is no error page: the
 * form shows its message and the screen the default range. 'Reading now' starts from the count
 * here and follows the event stream (ADR 0053 'Reading now').
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return statsScreenLoader({ request, context }, "epaperDetails", async (subject, range) => {
    const [stats, readingNow] = await Promise.all([
      loadReadershipStats(db, subject, params.epaperId, range),
      loadReadingNow({ db, redis }, subject, params.epaperId),
    ]);
    return { metaTitle: getInstance(context).t("stats.screen.metaTitle", { name: stats.epaper.name }), stats, readingNow };
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function Statistics({ loaderData }: Route.ComponentProps) {
  return (
    <StatsScreen
      stats={loaderData.stats}
      readingNow={loaderData.readingNow}
      rangeProblem={loaderData.rangeProblem}
      today={loaderData.today}
      locale={loaderData.locale}
    />
  );
}
