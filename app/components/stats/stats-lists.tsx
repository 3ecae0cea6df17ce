import type { ReactNode } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { ENRICHMENT_KINDS, type EnrichmentKind } from "#app/rules/enrichment";
import type { ReadershipStats, StatsTotals } from "#app/rules/readership-stats";
import { formatCount } from "./stats-format.ts";
import { type StatsColumn, StatsTable } from "./stats-table.tsx";

/*
 * The statistics screen's figures and lists (issue 31 item 4): the totals as a row of cards, and
 * the top media elements, search terms, referrers, devices and addresses as tables. Numbers are
 * the rollup's (ADR 0053): unique readers are daily ones.
 */

const isKind = (kind: string | null): kind is EnrichmentKind => (ENRICHMENT_KINDS as readonly string[]).includes(kind ?? "");

/** The totals of the range as figure cards: two a row on a phone, six on a wide screen. */
export function StatsTotalsCards({ totals, locale }: { totals: StatsTotals; locale: string }) {
  const { t } = useTranslation();
  const figures: { key: keyof StatsTotals; label: string }[] = [
    { key: "opens", label: t("stats.csv.columns.opens") },
    { key: "views", label: t("stats.csv.columns.views") },
    { key: "uniques", label: t("stats.csv.columns.uniques") },
    { key: "downloads", label: t("stats.csv.columns.downloads") },
    { key: "tocUses", label: t("stats.csv.columns.tocUses") },
    { key: "shares", label: t("stats.csv.columns.shares") },
  ];
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold text-slate-900">{t("stats.screen.totals")}</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6" data-testid="stats-totals">
        {figures.map((figure) => (
          <div key={figure.key} className="flex flex-col-reverse gap-1 rounded-xl bg-white p-3 ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{figure.label}</dt>
            <dd className="text-2xl font-bold text-slate-900 tabular-nums" data-testid={`stats-total-${figure.key}`}>
              {formatCount(totals[figure.key], locale)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">{t("stats.csv.uniquesNote")}</p>
      {totals.gpcViews > 0 ? <p className="text-sm text-slate-600">{t("stats.screen.gpcNote", { count: totals.gpcViews })}</p> : null}
    </section>
  );
}

/** A list's frame: its heading, then its table or, without rows, a sentence saying so. */
function ListSection<Row>(props: {
  title: string;
  empty: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: StatsColumn<Row>[];
  testId: string;
}) {
  let body: ReactNode = <p className="text-sm text-slate-600">{props.empty}</p>;
  if (props.rows.length > 0) body = <StatsTable caption={props.title} rows={props.rows} rowKey={props.rowKey} columns={props.columns} />;
  return (
    <section className="flex min-w-0 flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid={props.testId}>
      <h2 className="text-lg font-semibold text-slate-900">{props.title}</h2>
      {body}
    </section>
  );
}

/** The top media elements, search terms, referrers, devices and addresses of the range. */
export function StatsLists({ stats, locale }: { stats: ReadershipStats; locale: string }) {
  const { t } = useTranslation();
  const count = (value: number) => formatCount(value, locale);
  const opens = t("stats.csv.columns.opens");
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2">
      <div className="min-w-0 lg:col-span-2">
        <ListSection
          testId="stats-elements"
          title={t("stats.screen.elements.title")}
          empty={t("stats.screen.elements.empty")}
          rows={stats.elements}
          rowKey={(element) => element.id}
          columns={[
            {
              header: t("stats.csv.columns.element"),
              cell: (element) => (element.kind === null ? t("stats.csv.removedElement") : (element.label ?? element.id)),
            },
            { header: t("stats.csv.columns.kind"), cell: (element) => (isKind(element.kind) ? t(`editor.kinds.${element.kind}`) : "") },
            { header: t("stats.csv.columns.page"), numeric: true, cell: (element) => element.page ?? "" },
            { header: opens, numeric: true, cell: (element) => count(element.opens) },
            { header: t("stats.csv.columns.clicks"), numeric: true, cell: (element) => count(element.clicks) },
          ]}
        />
      </div>
      <ListSection
        testId="stats-searches"
        title={t("stats.screen.searches.title")}
        empty={t("stats.screen.searches.empty")}
        rows={stats.searches}
        rowKey={(search) => search.term}
        columns={[
          // A reader's words, shown as text (React escapes them); long ones wrap inside their cell.
          { header: t("stats.csv.columns.term"), cell: (search) => <span className="break-words">{search.term}</span> },
          { header: t("stats.csv.columns.count"), numeric: true, cell: (search) => count(search.count) },
        ]}
      />
      <ListSection
        testId="stats-referrers"
        title={t("stats.screen.referrers.title")}
        empty={t("stats.screen.referrers.empty")}
        rows={stats.referrers}
        rowKey={(referrer) => referrer.domain}
        columns={[
          {
            header: t("stats.csv.columns.domain"),
            cell: (referrer) =>
              referrer.domain === "" ? t("stats.screen.direct") : <span className="break-words">{referrer.domain}</span>,
          },
          { header: opens, numeric: true, cell: (referrer) => count(referrer.opens) },
        ]}
      />
      <ListSection
        testId="stats-devices"
        title={t("stats.screen.devices.title")}
        empty=""
        rows={stats.devices}
        rowKey={(device) => device.device}
        columns={[
          { header: t("stats.csv.columns.device"), cell: (device) => t(`stats.csv.deviceNames.${device.device}`) },
          { header: opens, numeric: true, cell: (device) => count(device.opens) },
        ]}
      />
      <ListSection
        testId="stats-sources"
        title={t("stats.screen.sources.title")}
        empty={t("stats.screen.sources.empty")}
        rows={stats.sources}
        rowKey={(source) => `${source.kind} ${source.channelId}`}
        columns={[
          { header: t("stats.csv.columns.source"), cell: (source) => t(`stats.csv.sourceNames.${source.kind}`) },
          { header: t("stats.csv.columns.channel"), cell: (source) => source.channelName ?? source.channelId },
          { header: opens, numeric: true, cell: (source) => count(source.opens) },
        ]}
      />
    </div>
  );
}
