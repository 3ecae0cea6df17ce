import { useTranslation } from "#app/components/hooks/use-translation";
import { href, Link, redirect } from "react-router";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import { AccountsTable } from "#app/components/support/accounts-table";
import { EpapersTable, UsersTable } from "#app/components/support/customer-tables";
import { ChannelsTable, EmailJobsTable, RenderProcessesTable } from "#app/components/support/service-tables";
import { FilterMenu, type ListState, SupportPager, ActiveSearch } from "#app/components/support/support-controls";
import { SupportDrawer, type SupportDrawerTarget, useSupportDrawer } from "#app/components/support/support-drawers";
import { NewsTab } from "#app/components/support/news-tab";
import { ShopTab } from "#app/components/support/shop-tab";
import { ShopDebug } from "#app/components/support/shop-debug";
import { isSupportTab } from "#app/rules/admin-tabs";
import { withErrorToasts } from "#app/errors/responses.server";
import { supportAction } from "./support-actions.server";
import { supportIntents } from "./support-intents";
import { loadSupportTab } from "./support-loader.server";
import type { Route } from "./+types/tab";

/**
 * /support/:tab: one table of the back office (studio-admin.md §2, §7; issue 14). The URL holds
 * the list state (search, filter, orderProp, order, skip, take); a tab link drops it, so a tab
 * change resets the filter and the page. Every loader checks the permission itself: loaders run
 * side by side, and none may hand out data because its parent refused.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const studio = requirePagePermission(studioUserOf(context), request, "support");
  if (!isSupportTab(params.tab)) throw redirect(href("/page-not-found"));
  return loadSupportTab(studio, params.tab, new URL(request.url));
}

export const intents = supportIntents;

/** The row actions of every table (support-actions.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return withErrorToasts(() => supportAction(studioUserOf(context), request));
}

export default function SupportTab({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const data = loaderData;
  const title = t(`support.tabs.${data.tab}`);
  return (
    // Not a named region: the table inside is the region named after the tab.
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="mb-4 text-lg font-bold">{title}</h2>
      {data.stale.low + data.stale.high > 0 ? (
        <div role="status" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {data.stale.high > 0 ? <p>{t("support.panel.staleHigh", { count: data.stale.high })}</p> : null}
          {data.stale.low > 0 ? <p>{t("support.panel.staleLow", { count: data.stale.low })}</p> : null}
          <Link to={href("/support/:tab", { tab: "renderprocesses" })} className="font-semibold underline">
            {t("support.panel.link")}
          </Link>
        </div>
      ) : null}
      {"news" in data && data.news ? (
        <NewsTab news={data.news} languages={data.languages ?? []} label={title} />
      ) : "orderCodes" in data && data.orderCodes ? (
        <>
          <ShopTab codes={data.orderCodes} />
          {"shopDebug" in data && data.shopDebug ? <ShopDebug debug={data.shopDebug} /> : null}
        </>
      ) : data.list === null || !("query" in data) ? null : (
        <>
          <div className="mb-4 flex flex-wrap items-end gap-3">
            <FilterMenu tab={data.tab} filters={data.filters} current={data.query.filter} total={data.total} />
            <ActiveSearch search={data.query.search} />
          </div>
          <SupportList data={data} label={title} />
          <SupportPager state={data.query as ListState} total={data.total} />
        </>
      )}
    </div>
  );
}

type ListData = Extract<Route.ComponentProps["loaderData"], { query: unknown }>;

function SupportList({ data, label }: { data: ListData; label: string }) {
  const drawer = useSupportDrawer();
  return (
    <>
      <SupportRows data={data} label={label} openDrawer={drawer.open} />
      <SupportDrawer target={drawer.target} onClose={drawer.close} />
    </>
  );
}

function SupportRows({ data, label, openDrawer }: { data: ListData; label: string; openDrawer: (target: SupportDrawerTarget) => void }) {
  const state = data.query as ListState;
  const list = data.list;
  switch (list.tab) {
    case "accounts":
      return <AccountsTable rows={list.rows} state={state} label={label} openDrawer={openDrawer} />;
    case "users":
      return <UsersTable rows={list.rows} state={state} label={label} />;
    case "epaper":
      return <EpapersTable rows={list.rows} state={state} label={label} openDrawer={openDrawer} />;
    case "channels":
      return <ChannelsTable rows={list.rows} state={state} label={label} />;
    case "renderprocesses":
      return <RenderProcessesTable rows={list.rows} state={state} label={label} now={data.now} openDrawer={openDrawer} />;
    case "emailJobs":
      return <EmailJobsTable rows={list.rows} state={state} label={label} />;
  }
}
