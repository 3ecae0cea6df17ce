import { lazy } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import type { StatsDay, StatsPage } from "#app/rules/readership-stats";
import { ChartSection } from "./stats-chart-section.tsx";
import { formatCount, formatDay, formatSeconds } from "./stats-format.ts";
import { StatsTable } from "./stats-table.tsx";

// One chunk with the chart library, fetched after hydration (ADR 0055).
const DaysChart = lazy(() => import("./stats-charts.tsx").then((module) => ({ default: module.DaysChart })));
const PagesChart = lazy(() => import("./stats-charts.tsx").then((module) => ({ default: module.PagesChart })));

/** Page views and daily unique readers per day of the range: a line chart and its table. */
export function DaysSection({ days, locale }: { days: StatsDay[]; locale: string }) {
  const { t } = useTranslation();
  const labels = { views: t("stats.csv.columns.views"), uniques: t("stats.csv.columns.uniques") };
  return (
    <ChartSection
      testId="stats-days"
      title={t("stats.screen.days.title")}
      description={t("stats.screen.days.description")}
      chart={<DaysChart days={days} locale={locale} labels={labels} />}
      table={(id, hidden) => (
        <StatsTable
          id={id}
          hidden={hidden}
          caption={t("stats.screen.days.title")}
          rows={days}
          rowKey={(day) => day.day}
          columns={[
            { header: t("stats.csv.columns.day"), cell: (day) => formatDay(day.day, locale) },
            { header: t("stats.csv.columns.opens"), numeric: true, cell: (day) => formatCount(day.opens, locale) },
            { header: labels.views, numeric: true, cell: (day) => formatCount(day.views, locale) },
            { header: labels.uniques, numeric: true, cell: (day) => formatCount(day.uniques, locale) },
          ]}
        />
      )}
    />
  );
}

/** Page by page: readers reached (the drop-off) and average time per page, a chart and its table. */
export function PagesSection({ pages, locale }: { pages: StatsPage[]; locale: string }) {
  const { t } = useTranslation();
  const labels = {
    readersReached: t("stats.csv.columns.readersReached"),
    averageSeconds: t("stats.csv.columns.averageSeconds"),
    page: (page: number) => t("stats.screen.pageNumber", { page }),
    seconds: (value: string) => t("stats.screen.seconds", { value }),
  };
  return (
    <ChartSection
      testId="stats-pages"
      title={t("stats.screen.pages.title")}
      description={t("stats.screen.pages.description")}
      chart={<PagesChart pages={pages} locale={locale} labels={labels} />}
      table={(id, hidden) => (
        <StatsTable
          id={id}
          hidden={hidden}
          caption={t("stats.screen.pages.title")}
          rows={pages}
          rowKey={(page) => String(page.page)}
          columns={[
            { header: t("stats.csv.columns.page"), numeric: true, cell: (page) => page.page },
            { header: labels.readersReached, numeric: true, cell: (page) => formatCount(page.readersReached, locale) },
            { header: t("stats.csv.columns.views"), numeric: true, cell: (page) => formatCount(page.views, locale) },
            { header: labels.averageSeconds, numeric: true, cell: (page) => formatSeconds(page.averageMs, locale) },
          ]}
        />
      )}
    />
  );
}
