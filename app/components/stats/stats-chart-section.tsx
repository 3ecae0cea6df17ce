import { type ReactNode, Suspense, useId, useState } from "react";
import { useHydrated } from "#app/components/hooks/use-hydrated";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "#app/components/ui/button";

/**
 * One chart of the statistics screen (issue 31 item 4, ADR 0055): a visible heading and what the
 * chart shows in words, the chart, and its data as a table. The chart is a picture for the eye
 * (aria-hidden, nothing in it focusable); the table carries the same numbers for screen readers
 * and, with 'Show as table', for everybody.
 *
 * The chart library measures its container in the browser, so the server (and hydration) renders
 * a box of the chart's height in its place and the chart comes after hydration, loaded lazily
 * (`chart` is a lazy component's element): no layout shift, and the statistics page's first
 * paint and hydration do not wait for the library. The table is in the server's HTML.
 */
export function ChartSection(props: {
  title: string;
  description: string;
  /** The chart's element; rendered only in the browser, inside Suspense. */
  chart: ReactNode;
  /** The data table; `hidden` while it is for screen readers only. */
  table: (id: string, hidden: boolean) => ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const placeholder = <p className="flex h-full items-center justify-center text-sm text-slate-500">{t("stats.screen.chartLoading")}</p>;
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid={props.testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{props.title}</h2>
          <p className="text-sm text-slate-600">{props.description}</p>
        </div>
        <Button
          variant="secondary"
          className="min-h-10 px-3"
          aria-expanded={tableShown}
          aria-controls={tableId}
          onPress={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? t("stats.screen.hideTable") : t("stats.screen.showTable")}
        </Button>
      </div>
      <div aria-hidden="true" className="h-64 w-full min-w-0 sm:h-72" data-testid="stats-chart">
        {hydrated ? <Suspense fallback={placeholder}>{props.chart}</Suspense> : placeholder}
      </div>
      {props.table(tableId, !tableShown)}
    </section>
  );
}
