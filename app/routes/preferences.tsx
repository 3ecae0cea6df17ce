import { useTranslation } from "react-i18next";
import { NavLink, redirect, href } from "react-router";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import { findPreferenceValue } from "#app/preferences/system-preference.server";
import { PREFERENCE_TABS, preferenceOfTab } from "#app/rules/admin-tabs";
import { withErrorToasts } from "#app/errors/responses.server";
import { db } from "#app/utils/db.server";
import { NotImplemented } from "#app/errors/app-error";
import { getInstance } from "#app/utils/i18next.server";
import type { Route } from "./+types/preferences";

/**
 * /preferences/:tab (studio-admin.md §2): one tab per system preference, level 4 outside demo
 * accounts only; everyone else is sent to the start route by this loader. Shows the stored
 * value read-only; the validated JSON editor arrives with a later release.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  requirePagePermission(studioUserOf(context), request, "preferences");
  if (!params.tab) throw redirect(href("/preferences/:tab?", { tab: "cronjob" }));
  const preference = preferenceOfTab(params.tab);
  if (!preference) throw redirect(href("/page-not-found"));
  const value = await findPreferenceValue(db, preference.name);
  return {
    tab: preference.tab,
    name: preference.name,
    // Pretty-printed here, so the browser gets text and not a value it could render differently.
    json: value === undefined ? null : JSON.stringify(value, null, 2),
    metaTitle: getInstance(context).t("preferences.metaTitle"),
  };
}

/**
 * Writes of this page arrive with its back-office tables (editor). Until then a POST is refused
 * honestly: 403 without the permission, otherwise NotImplemented; both as a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    requirePagePermission(studioUserOf(context), request, "preferences");
    throw new NotImplemented("preferences writes");
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function Preferences({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-5xl p-4 sm:p-6">
      <h1 className="mb-4 text-2xl font-bold">{t("preferences.title")}</h1>
      <nav aria-label={t("preferences.tabsLabel")} className="mb-6">
        <ul className="flex flex-wrap gap-1 border-b border-slate-200">
          {PREFERENCE_TABS.map(({ tab, name }) => (
            <li key={tab}>
              <NavLink
                to={href("/preferences/:tab?", { tab })}
                className="inline-flex min-h-11 items-center rounded-t-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-white aria-[current=page]:text-brand-700 aria-[current=page]:shadow-[inset_0_-3px_0_var(--color-brand-600)]"
              >
                {name}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="preference-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="preference-title" className="mb-2 text-lg font-bold">
          {loaderData.name}
        </h2>
        {loaderData.json === null ? (
          <p className="text-slate-700">{t("preferences.missing")}</p>
        ) : (
          <figure>
            <figcaption className="mb-2 text-sm text-slate-600">{t("preferences.currentValue")}</figcaption>
            <pre data-testid="preference-json" className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-50">
              {loaderData.json}
            </pre>
          </figure>
        )}
        <p className="mt-4 text-slate-700">{t("preferences.editingLater")}</p>
      </section>
    </main>
  );
}
