import { useEffect } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href, useFetcher } from "react-router";
import type { loader as renderNodeLoader } from "#app/routes/resources/support-render-node";
import { Button } from "#app/components/ui/button";
import type { RenderNodeView } from "#app/rules/support-rows";
import { bodyCell, headerCell, SupportTable, When } from "./support-controls.tsx";

/*
 * The render-server drawer's content (studio-admin.md §2 'Render processes table', renderserver
 * permission; ADR 0042): the node's state from the registry, its own health answer and its
 * metrics, read by the studio server (a node's admin port is not for browsers). 'Refresh' reads
 * them again.
 */

export function RenderNodeDetails({ url }: { url: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof renderNodeLoader>();
  const source = `${href("/resources/support-render-node")}?${new URLSearchParams({ url }).toString()}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per node; 'Refresh' loads again
  useEffect(() => {
    fetcher.load(source);
  }, [source]);
  const node = fetcher.data && "node" in fetcher.data ? fetcher.data.node : null;
  if (fetcher.data && "error" in fetcher.data) return <p role="alert">{t("support.errors.notFound")}</p>;
  if (!node) return <p aria-busy="true">…</p>;
  return (
    <div className="flex flex-col gap-6" aria-busy={fetcher.state !== "idle"}>
      <NodeFacts node={node} />
      <div>
        <Button variant="secondary" onPress={() => fetcher.load(source)} isPending={fetcher.state !== "idle"}>
          {t("support.renderNode.refresh")}
        </Button>
      </div>
      <NodeMetrics metrics={node.metrics} />
    </div>
  );
}

const STATE_CLASS: Record<RenderNodeView["state"], string> = {
  serving: "bg-emerald-100 text-emerald-900",
  draining: "bg-amber-100 text-amber-900",
  gone: "bg-red-100 text-red-900",
};

function NodeFacts({ node }: { node: RenderNodeView }) {
  const { t } = useTranslation();
  const r = (key: string) => t(`support.renderNode.${key}` as never);
  const none = t("support.none");
  const facts: [string, React.ReactNode][] = [
    [r("address"), <code key="url">{node.url}</code>],
    [
      r("state"),
      <span key="state" className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[node.state]}`}>
        {r(`states.${node.state}`)}
      </span>,
    ],
    [r("version"), node.node?.version ?? none],
    [r("load"), node.node ? t("support.renderNode.loadValue", { inFlight: node.node.inFlight, capacity: node.node.capacity }) : none],
    [r("heartbeat"), node.node ? <When key="heartbeat" date={node.node.heartbeatAt} time /> : none],
    [r("health"), node.health ? t("support.renderNode.healthValue", node.health) : r("unreachable")],
    [r("activeProcesses"), String(node.activeProcesses)],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="min-w-0 break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function NodeMetrics({ metrics }: { metrics: RenderNodeView["metrics"] }) {
  const { t } = useTranslation();
  if (!metrics) return <p className="text-slate-700">{t("support.renderNode.metricsUnreachable")}</p>;
  return (
    <SupportTable
      label={t("support.renderNode.metrics")}
      empty={metrics.length === 0}
      head={
        <>
          <th scope="col" className={headerCell}>
            {t("support.renderNode.series")}
          </th>
          <th scope="col" className={headerCell}>
            {t("support.renderNode.value")}
          </th>
        </>
      }
    >
      {metrics.map((row) => (
        <tr key={`${row.name}{${row.labels}}`} className="border-t border-slate-100">
          <th scope="row" className={`${bodyCell} font-normal`}>
            <code className="text-xs break-all">
              {row.name}
              {row.labels ? `{${row.labels}}` : ""}
            </code>
          </th>
          <td className={`${bodyCell} tabular-nums`}>{row.value}</td>
        </tr>
      ))}
    </SupportTable>
  );
}
