import { useId } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button, buttonClassName } from "#app/components/ui/button";
import { DayField } from "#app/components/ui/date-field";
import { formatDay } from "./stats-format.ts";
import { addDays, STATS_MAX_DAYS, type StatsRange, type StatsRangeProblem } from "#app/rules/readership-stats";

/** The quick choices: the last n days up to today. */
const QUICK_DAYS = [7, 30, 90] as const;

/**
 * The statistics screen's period (issue 31 item 4): two date fields sent by GET (the address
 * keeps the range, so it can be bookmarked and reloaded), the last 7, 30 and 90 days as links,
 * and the CSV download of the same range. `today` is the server's UTC day, the day the rollup
 * counts under. A refused range comes back with its message next to its field.
 */
export function StatsRangeForm(props: {
  range: StatsRange;
  today: string;
  /** A refused range: its message shows next to its field, and `range` is the default one. */
  error: StatsRangeProblem | null;
  csvHref: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const quickId = useId();
  const { range, error } = props;
  const describedBy = (field: "from" | "to") => (error?.field === field ? errorId : undefined);
  const quick = QUICK_DAYS.map((days) => ({ days, from: addDays(props.today, -(days - 1)), to: props.today }));
  return (
    <section className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid="stats-range">
      {/* A new range (a quick choice, back and forward) shows its own dates in the fields. */}
      <Form method="get" key={`${range.from} ${range.to}`} className="flex flex-col gap-2">
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-semibold text-slate-900">{t("stats.screen.range.legend")}</legend>
          <div className="flex flex-wrap items-end gap-3">
            <DateField name="from" label={t("stats.screen.range.from")} value={range.from} errorId={describedBy("from")} />
            <DateField name="to" label={t("stats.screen.range.to")} value={range.to} errorId={describedBy("to")} />
            <Button type="submit">{t("stats.screen.range.show")}</Button>
          </div>
        </fieldset>
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
            {t(`stats.validation.${error.key}`, { max: STATS_MAX_DAYS })}
          </p>
        ) : null}
      </Form>
      <div className="flex flex-wrap items-center gap-2">
        <span id={quickId} className="text-sm text-slate-700">
          {t("stats.screen.range.quick")}
        </span>
        <ul aria-labelledby={quickId} className="flex flex-wrap gap-2">
          {quick.map((choice) => {
            const current = choice.from === range.from && choice.to === range.to;
            return (
              <li key={choice.days}>
                <Link
                  to={`?${new URLSearchParams({ from: choice.from, to: choice.to })}`}
                  aria-current={current ? "true" : undefined}
                  className={buttonClassName(current ? "primary" : "secondary", "min-h-10 px-3")}
                >
                  {t("stats.screen.range.lastDays", { days: choice.days })}
                </Link>
              </li>
            );
          })}
        </ul>
        {/* A file, not a page: the browser downloads it (a refusal comes back as text). */}
        <a href={props.csvHref} download className={buttonClassName("secondary", "min-h-10 px-3 sm:ms-auto")}>
          {t("stats.screen.download")}
        </a>
      </div>
      <p className="text-sm text-slate-600">
        {t("stats.screen.range.current", { from: formatDay(range.from, props.locale), to: formatDay(range.to, props.locale) })}
      </p>
    </section>
  );
}

/** One end of the range: a labelled day, marked invalid (and described) when `errorId` names the message. */
function DateField(props: { name: "from" | "to"; label: string; value: string; errorId: string | undefined }) {
  return <DayField name={props.name} label={props.label} defaultValue={props.value} errorId={props.errorId} />;
}
