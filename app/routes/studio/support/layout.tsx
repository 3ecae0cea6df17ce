import { useTranslation } from "#app/components/hooks/use-translation";
import { href, Outlet } from "react-router";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import { TabNav } from "#app/components/shell/tab-nav";
import { ServiceNotificationButton } from "#app/components/support/service-notification-dialog";
import { SUPPORT_TABS } from "#app/rules/admin-tabs";
import { getInstance } from "#app/utils/i18next.server";
import type { Route } from "./+types/layout";

/**
 * /support (studio-admin.md §2): the back office, level 3 and 4 only; everyone else is sent to the
 * start route, on the server. One child route per tab (tab.tsx until each tab has its own).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePagePermission(studioUserOf(context), request, "support");
  return { metaTitle: getInstance(context).t("support.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function SupportLayout() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-7xl p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("support.title")}</h1>
        {/* Everyone who sees this page may send it (the support permission, ADR 0051). */}
        <ServiceNotificationButton />
      </div>
      <TabNav
        label={t("support.tabsLabel")}
        tabs={SUPPORT_TABS.map((tab) => ({ to: href("/support/:tab", { tab }), label: t(`support.tabs.${tab}`) }))}
      />
      <Outlet />
    </main>
  );
}
