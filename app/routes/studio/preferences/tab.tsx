import { useTranslation } from "react-i18next";
import { redirect, href } from "react-router";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import { findPreferenceValue } from "#app/preferences/system-preference.server";
import { preferenceOfTab } from "#app/rules/admin-tabs";
import { withErrorToasts } from "#app/errors/responses.server";
import { db } from "#app/utils/db.server";
import { NotImplemented } from "#app/errors/app-error";
import type { Route } from "./+types/tab";

/**
 * /preferences/:tab: one system preference, shown read-only; the validated JSON editor arrives
 * with a later release. Every loader checks the permission itself (see support/tab.tsx).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  requirePagePermission(studioUserOf(context), request, "preferences");
  const preference = preferenceOfTab(params.tab);
  if (!preference) throw redirect(href("/page-not-found"));
  const value = await findPreferenceValue(db, preference.name);
  return {
    tab: preference.tab,
    name: preference.name,
    // Pretty-printed here, so the browser gets text and not a value it could render differently.
    json: value === undefined ? null : JSON.stringify(value, null, 2),
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

export default function PreferenceTab({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
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
  );
}
