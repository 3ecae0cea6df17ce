import { useTranslation } from "#app/components/hooks/use-translation";
import { href, Outlet } from "react-router";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import { TabNav } from "#app/components/shell/tab-nav";
import { PREFERENCE_TABS } from "#app/rules/admin-tabs";
import { getInstance } from "#app/utils/i18next.server";
import type { Route } from "./+types/layout";

/**
 * /preferences (studio-admin.md §2): one tab per system preference, level 4 outside demo
 * accounts only; everyone else is sent to the start route, on the server.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePagePermission(studioUserOf(context), request, "preferences");
  return { metaTitle: getInstance(context).t("preferences.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function PreferencesLayout() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-5xl p-4 sm:p-6">
      <h1 className="mb-4 text-2xl font-bold">{t("preferences.title")}</h1>
      <TabNav
        label={t("preferences.tabsLabel")}
        tabs={PREFERENCE_TABS.map(({ tab, name }) => ({ to: href("/preferences/:tab", { tab }), label: name }))}
      />
      <Outlet />
    </main>
  );
}
