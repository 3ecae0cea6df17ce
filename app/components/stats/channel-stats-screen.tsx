import { href, Link } from "react-router";
import { useTranslation } from "#app/components/hooks/use-translation";
import { type ChannelStats, type ChannelStatsEpaper, hasChannelReadership } from "#app/rules/channel-stats";
import type { StatsRangeProblem } from "#app/rules/readership-stats";
import { formatCount, formatDay } from "./stats-format.ts";
import { StatsTotalsCards } from "./stats-lists.tsx";
import { StatsRangeForm } from "./stats-range-form.tsx";
import { StatsTable } from "./stats-table.tsx";
import { DaysSection } from "./stats-trends.tsx";

const crumb =
  "rounded font-semibold text-brand-700 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600";
const card = "flex min-w-0 flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200";

/**
 * A channel's statistics screen (issue 31 item 4, ADR 0053 'Channel statistics';
 * routes/studio/channel-statistics.tsx loads it): where it sits in the studio and what the channel
 * shows now, the period with its CSV download, then the totals, the day-by-day chart with its
 * table, the ePapers the channel showed, and what a channel's statistics cannot show; or, without
 * readers in the period, a sentence saying so. The parts are the ePaper screen's, one column on a phone.
 */
export function ChannelStatsScreen(props: { stats: ChannelStats; rangeProblem: StatsRangeProblem | null; today: string; locale: string }) {
  const { t } = useTranslation();
  const { stats, locale } = props;
  const { channel, range } = stats;
  const csvHref = `${href("/channel/:channelId/statistics.csv", { channelId: channel.id })}?${new URLSearchParams(range)}`;
  return (
    <main id="main" className="mx-auto flex w-full max-w-[1400px] min-w-0 flex-1 flex-col gap-4 p-4 sm:p-6">
      <nav aria-label={t("stats.screen.breadcrumb")}>
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <li>
            <Link to={href("/channel")} className={crumb}>
              {t("channelStats.channels")}
            </Link>
          </li>
          <li className="flex min-w-0 items-center gap-2">
            <span aria-hidden="true">›</span>
            {/* The workspace with this channel selected. */}
            <Link to={`${href("/channel")}?channelId=${encodeURIComponent(channel.id)}`} className={`${crumb} truncate`}>
              {channel.name}
            </Link>
          </li>
          <li className="flex items-center gap-2" aria-current="page">
            <span aria-hidden="true">›</span>
            {t("stats.screen.title")}
          </li>
        </ol>
      </nav>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold break-words text-slate-900">{t("channelStats.metaTitle", { name: channel.name })}</h1>
        <p className="text-sm break-words text-slate-600" data-testid="channel-stats-current">
          {channel.current ? t("channelStats.showsNow", { name: channel.current.name }) : t("channelStats.showsNothing")}
        </p>
      </div>
      <StatsRangeForm range={range} today={props.today} error={props.rangeProblem} csvHref={csvHref} locale={locale} />
      {hasChannelReadership(stats) ? (
        <>
          <StatsTotalsCards totals={stats.totals} locale={locale} />
          <DaysSection days={stats.days} locale={locale} />
          <EpapersSection stats={stats} locale={locale} />
        </>
      ) : (
        <section className="flex max-w-2xl flex-col gap-1 rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid="stats-empty">
          <p className="font-semibold text-slate-900">
            {t("channelStats.empty", { from: formatDay(range.from, locale), to: formatDay(range.to, locale) })}
          </p>
          <p className="text-sm text-slate-600">{t("channelStats.emptyHint")}</p>
        </section>
      )}
      <section className={`${card} max-w-3xl`} data-testid="channel-stats-scope">
        <h2 className="text-lg font-semibold text-slate-900">{t("channelStats.scope.title")}</h2>
        <p className="text-sm text-slate-700">{t("channelStats.scope.text")}</p>
      </section>
    </main>
  );
}

/** The ePapers read on the channel in the range, each linking to its own statistics over the same range. */
function EpapersSection({ stats, locale }: { stats: ChannelStats; locale: string }) {
  const { t } = useTranslation();
  const count = (value: number) => formatCount(value, locale);
  const query = `?${new URLSearchParams(stats.range)}`;
  const name = (epaper: ChannelStatsEpaper) =>
    // An ePaper in the bin has no screen of its own until it is restored.
    epaper.deleted ? (
      <span className="break-words">
        {epaper.name} <span className="text-slate-600">{`(${t("channelStats.epapers.inBin")})`}</span>
      </span>
    ) : (
      <Link to={`${href("/epaper/:epaperId/statistics", { epaperId: epaper.id })}${query}`} className={`${crumb} break-words`}>
        {epaper.name}
      </Link>
    );
  return (
    <section className={card} data-testid="channel-stats-epapers">
      <h2 className="text-lg font-semibold text-slate-900">{t("channelStats.epapers.title")}</h2>
      <p className="text-sm text-slate-600">{t("channelStats.epapers.description")}</p>
      <StatsTable
        caption={t("channelStats.epapers.title")}
        rows={stats.epapers}
        rowKey={(epaper) => epaper.id}
        columns={[
          { header: t("channelStats.csv.columns.epaper"), cell: name },
          { header: t("channelStats.csv.columns.firstDay"), cell: (epaper) => formatDay(epaper.firstDay, locale) },
          { header: t("channelStats.csv.columns.lastDay"), cell: (epaper) => formatDay(epaper.lastDay, locale) },
          { header: t("stats.csv.columns.opens"), numeric: true, cell: (epaper) => count(epaper.opens) },
          { header: t("stats.csv.columns.views"), numeric: true, cell: (epaper) => count(epaper.views) },
          { header: t("stats.csv.columns.uniques"), numeric: true, cell: (epaper) => count(epaper.uniques) },
        ]}
      />
    </section>
  );
}
