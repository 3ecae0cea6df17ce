import { href, Link } from "react-router";
import { useTranslation } from "#app/components/hooks/use-translation";
import type { ReadershipStats, StatsRangeProblem } from "#app/rules/readership-stats";
import { formatDay, hasReadership } from "./stats-format.ts";
import { StatsLists, StatsTotalsCards } from "./stats-lists.tsx";
import { StatsRangeForm } from "./stats-range-form.tsx";
import { StatsReadingNow } from "./stats-reading-now.tsx";
import { DaysSection, PagesSection } from "./stats-trends.tsx";

/**
 * The statistics screen of one ePaper (issue 31 item 4; routes/studio/statistics.tsx loads it):
 * where it sits in the studio, the period with its CSV download, then the totals, the day-by-day
 * and page-by-page charts with their tables, and the lists; or, without readers in the period, a
 * sentence saying so. One column on a phone; the charts side by side on a wide screen.
 */
export function StatsScreen(props: {
  stats: ReadershipStats;
  /** 'Reading now' as the loader counted it (null: unknown); the screen follows it live. */
  readingNow: number | null;
  rangeProblem: StatsRangeProblem | null;
  today: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const { stats, locale } = props;
  const { epaper, range } = stats;
  const csvHref = `${href("/epaper/:epaperId/statistics.csv", { epaperId: epaper.id })}?${new URLSearchParams(range)}`;
  const crumb =
    "rounded font-semibold text-brand-700 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600";
  return (
    <main id="main" className="mx-auto flex w-full max-w-[1400px] min-w-0 flex-1 flex-col gap-4 p-4 sm:p-6">
      <nav aria-label={t("stats.screen.breadcrumb")}>
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <li>
            <Link to={`${href("/epaper")}?epaperId=${encodeURIComponent(epaper.id)}`} className={crumb}>
              {t("stats.screen.epapers")}
            </Link>
          </li>
          <li className="flex min-w-0 items-center gap-2">
            <span aria-hidden="true">›</span>
            <Link to={href("/epaper/:epaperId", { epaperId: epaper.id })} className={`${crumb} truncate`}>
              {epaper.name}
            </Link>
          </li>
          <li className="flex items-center gap-2" aria-current="page">
            <span aria-hidden="true">›</span>
            {t("stats.screen.title")}
          </li>
        </ol>
      </nav>
      <h1 className="text-2xl font-bold break-words text-slate-900">{t("stats.screen.metaTitle", { name: epaper.name })}</h1>
      <StatsRangeForm range={range} today={props.today} error={props.rangeProblem} csvHref={csvHref} locale={locale} />
      <StatsReadingNow epaperId={epaper.id} initial={props.readingNow} locale={locale} />
      {hasReadership(stats) ? (
        <>
          <StatsTotalsCards totals={stats.totals} locale={locale} />
          <div className="grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-2">
            <DaysSection days={stats.days} locale={locale} />
            <PagesSection pages={stats.pages} locale={locale} />
          </div>
          <StatsLists stats={stats} locale={locale} />
        </>
      ) : (
        <section className="flex max-w-2xl flex-col gap-1 rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid="stats-empty">
          <p className="font-semibold text-slate-900">
            {t("stats.screen.empty", { from: formatDay(range.from, locale), to: formatDay(range.to, locale) })}
          </p>
          <p className="text-sm text-slate-600">{t("stats.screen.emptyHint")}</p>
        </section>
      )}
    </main>
  );
}
