import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href, Link, useFetcher } from "react-router";
import type { loader as detailsLoader } from "#app/routes/resources/support-details";
import { Drawer } from "#app/components/ui/drawer";
import type { AuditRow, SupervisedPage, SupportEpaperInfo } from "#app/rules/support-rows";
import { bodyCell, headerCell, When } from "./support-controls.tsx";
import { RenderNodeDetails } from "./render-node-details.tsx";
import { ApiKeysDetails } from "./api-keys-details.tsx";

/*
 * The support drawers (studio-admin.md §2 'supportEpaperInfos', 'supervisedPageInfos', 85 %
 * wide; issue 14): an account's audit trail, an ePaper's info view, its supervised pages. Each
 * loads its data when it opens (GET /resources/support-details).
 */

export type SupportDrawerTarget =
  | { kind: "audit"; accountId: string; title: string }
  | { kind: "apiKeys"; accountId: string; title: string }
  | { kind: "epaper"; epaperId: string; title: string }
  | { kind: "supervised"; epaperId: string; title: string }
  | { kind: "renderNode"; url: string; title: string };

type DetailsTarget = Exclude<SupportDrawerTarget, { kind: "renderNode" }>;

export function useSupportDrawer() {
  const [target, setTarget] = useState<SupportDrawerTarget | null>(null);
  return { target, open: setTarget, close: () => setTarget(null) };
}

function detailsHref(target: DetailsTarget) {
  const params = new URLSearchParams(
    target.kind === "audit" || target.kind === "apiKeys"
      ? { kind: target.kind, accountId: target.accountId }
      : { kind: target.kind, epaperId: target.epaperId },
  );
  return `${href("/resources/support-details")}?${params.toString()}`;
}

export function SupportDrawer({ target, onClose }: { target: SupportDrawerTarget | null; onClose: () => void }) {
  return (
    <Drawer isOpen={target !== null} onOpenChange={(open) => !open && onClose()} title={target?.title ?? ""} wide>
      {target?.kind === "renderNode" ? <RenderNodeDetails url={target.url} /> : target ? <Details target={target} /> : null}
    </Drawer>
  );
}

function Details({ target }: { target: DetailsTarget }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof detailsLoader>();
  const url = detailsHref(target);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per opened target
  useEffect(() => {
    fetcher.load(url);
  }, [url]);
  const loaded = fetcher.data && "kind" in fetcher.data && fetcher.state === "idle" ? fetcher.data : null;
  return (
    <>
      {!loaded ? (
        <p aria-busy="true" className="text-slate-700">
          …
        </p>
      ) : loaded.kind === "audit" ? (
        <AuditTrail entries={loaded.audit} />
      ) : loaded.kind === "apiKeys" ? (
        <ApiKeysDetails keys={loaded.keys} />
      ) : loaded.kind === "epaper" ? (
        <EpaperInfo epaper={loaded.epaper} />
      ) : (
        <SupervisedPages epaperId={target.kind === "supervised" ? target.epaperId : ""} pages={loaded.pages} />
      )}
      {fetcher.data && "error" in fetcher.data ? <p role="alert">{t("support.errors.notFound")}</p> : null}
    </>
  );
}

type AuditEntries = AuditRow[];
type EpaperFacts = SupportEpaperInfo;
type Supervised = SupervisedPage[];

function AuditTrail({ entries }: { entries: AuditEntries }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className="text-slate-700">{t("support.drawer.auditEmpty")}</p>;
  const c = (key: "when" | "who" | "what" | "before" | "after") => t(`support.drawer.auditColumns.${key}`);
  return (
    <section
      aria-label={t("support.drawer.auditTitle")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on phones; keyboard users need to reach it
      tabIndex={0}
      className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">{t("support.drawer.auditTitle")}</caption>
        <thead className="bg-slate-50">
          <tr>
            {(["when", "who", "what", "before", "after"] as const).map((key) => (
              <th key={key} scope="col" className={headerCell}>
                {c(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-100">
              <td className={bodyCell}>
                <When date={entry.createdAt} time />
              </td>
              <td className={bodyCell}>{entry.actorEmail}</td>
              <td className={bodyCell}>
                {entry.targetType}: {entry.action}
              </td>
              <td className={bodyCell}>
                <code className="text-xs break-all">{entry.before ?? t("support.none")}</code>
              </td>
              <td className={bodyCell}>
                <code className="text-xs break-all">{entry.after ?? t("support.none")}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function EpaperInfo({ epaper }: { epaper: EpaperFacts }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`support.columns.${key}` as never);
  const facts: [string, React.ReactNode][] = [
    [c("name"), epaper.name],
    ["ID", <code key="id">{epaper.id}</code>],
    [c("account"), `${epaper.accountName} (${epaper.accountId})`],
    [c("pages"), String(epaper.pageCount)],
    [c("process"), epaper.processRunning ? (epaper.processType ?? "") : t("support.none")],
    [c("createdAt"), <When key="created" date={epaper.createdAt} time />],
    [c("updatedAt"), <When key="updated" date={epaper.updatedAt} time />],
  ];
  return (
    <>
      <dl className="mb-6 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mb-2 font-bold">{t("support.drawer.renderProcesses")}</h3>
      <ul className="space-y-1 text-sm">
        {epaper.renders.map((render) => (
          <li key={render.id}>
            <Link
              to={`${href("/support/:tab", { tab: "renderprocesses" })}?search=${encodeURIComponent(render.documentId)}`}
              className="underline"
            >
              {render.documentId}
            </Link>{" "}
            ({render.pageCountReady}/{render.pageCount}) <When date={render.updatedAt} time />
          </li>
        ))}
      </ul>
    </>
  );
}

function SupervisedPages({ epaperId, pages }: { epaperId: string; pages: Supervised }) {
  const { t } = useTranslation();
  if (pages.length === 0) return <p className="text-slate-700">{t("support.drawer.supervisedNone")}</p>;
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-4">
      {pages.map((page) => {
        const level = t(page.supervision === "high" ? "support.drawer.supervisedHigh" : "support.drawer.supervisedLow");
        const label = t("support.drawer.pageLabel", { page: page.page, level });
        return (
          <li key={page.id} className={`rounded-lg p-2 ring-2 ${page.supervision === "high" ? "ring-orange-500" : "ring-amber-300"}`}>
            <img
              src={href("/resources/support-image/:epaperId/:file", { epaperId, file: `page-${page.page}` })}
              alt={label}
              loading="lazy"
              className="mb-1 w-full bg-slate-100"
            />
            <span className="text-sm">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
