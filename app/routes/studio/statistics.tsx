import { data } from "react-router";
import { studioUserOf } from "#app/auth/studio-user.server";
import { StatsScreen } from "#app/components/stats/stats-screen";
import { AppError } from "#app/errors/app-error";
import { loadReadingNow } from "#app/models/reading-now.server";
import { loadReadershipStats } from "#app/models/readership-stats.server";
import { requirePermission } from "#app/rules/permissions";
import { parseStatsRange, statsRangeSchema, utcDayOf } from "#app/rules/readership-stats";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { getInstance, getLocale } from "#app/utils/i18next.server";
import type { Route } from "./+types/statistics";

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
  const studio = studioUserOf(context);
  const now = new Date();
  try {
    // Before the range and the ePaper: a caller without the right learns nothing about either.
    requirePermission(studio.subject, "epaperDetails");
    const parsed = parseStatsRange(new URL(request.url).searchParams, now);
    const range = parsed.range ?? statsRangeSchema(now).parse({});
    const [stats, readingNow] = await Promise.all([
      loadReadershipStats(db, studio.subject, params.epaperId, range),
      loadReadingNow({ db, redis }, studio.subject, params.epaperId),
    ]);
    return {
      metaTitle: getInstance(context).t("stats.screen.metaTitle", { name: stats.epaper.name }),
      stats,
      readingNow,
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
