import { useTranslation } from "react-i18next";
import { NavLink, redirect, href } from "react-router";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import { isSupportTab, SUPPORT_TABS } from "#app/rules/admin-tabs";
import { withErrorToasts } from "#app/errors/responses.server";
import { NotImplemented } from "#app/errors/app-error";
import { getInstance } from "#app/utils/i18next.server";
import type { Route } from "./+types/support";

/**
 * /support/:tab (studio-admin.md §2): level 3 and 4 only; everyone else is sent to the start
 * route by this loader, on the server. The back-office tables arrive with a later release; until
 * then the page lists the tabs and says so.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  requirePagePermission(studioUserOf(context), request, "support");
  if (!params.tab) throw redirect(href("/support/:tab?", { tab: "accounts" }));
  if (!isSupportTab(params.tab)) throw redirect(href("/page-not-found"));
  return { tab: params.tab, metaTitle: getInstance(context).t("support.metaTitle") };
}

/**
 * Writes of this page arrive with its back-office tables (editor). Until then a POST is refused
 * honestly: 403 without the permission, otherwise NotImplemented; both as a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    requirePagePermission(studioUserOf(context), request, "support");
    throw new NotImplemented("support writes");
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function Support({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-5xl p-4 sm:p-6">
      <h1 className="mb-4 text-2xl font-bold">{t("support.title")}</h1>
      <nav aria-label={t("support.tabsLabel")} className="mb-6">
        <ul className="flex flex-wrap gap-1 border-b border-slate-200">
          {SUPPORT_TABS.map((tab) => (
            <li key={tab}>
              <NavLink
                to={href("/support/:tab?", { tab })}
                className="inline-flex min-h-11 items-center rounded-t-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-white aria-[current=page]:text-brand-700 aria-[current=page]:shadow-[inset_0_-3px_0_var(--color-brand-600)]"
              >
                {t(`support.tabs.${tab}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="support-tab-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="support-tab-title" className="mb-2 text-lg font-bold">
          {t(`support.tabs.${loaderData.tab}`)}
        </h2>
        <p className="text-slate-700">{t("support.comingLater")}</p>
      </section>
    </main>
  );
}
