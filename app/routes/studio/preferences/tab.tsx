import { lazy, Suspense } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { data, href, redirect } from "react-router";
import { z } from "zod";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import { MaintenanceSwitch } from "#app/components/preferences/maintenance-switch";
import { withErrorToasts } from "#app/errors/responses.server";
import { loadPreferenceForEdit, PreferenceRefused, savePreference, setMaintenance } from "#app/models/preferences.server";
import { preferenceOfTab } from "#app/rules/admin-tabs";
import { parseIntent } from "#app/rules/intents";
import { db } from "#app/utils/db.server";
import { queues } from "#app/jobs/producer.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import { toastSetCookie } from "#app/utils/toast.server";
import type { Route } from "./+types/tab";

const PreferenceEditor = lazy(() => import("#app/components/preferences/preference-editor"));

/**
 * /preferences/:tab: one system preference in a JSON editor (studio-admin.md §2, §5; issue 14),
 * validated on the server against its stored schema; the Maintenance tab adds the switch with its
 * confirmation. Every loader checks the permission itself (see support/tab.tsx).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const studio = requirePagePermission(studioUserOf(context), request, "preferences");
  const preference = preferenceOfTab(params.tab);
  if (!preference) throw redirect(href("/page-not-found"));
  const stored = await loadPreferenceForEdit(db, studio.subject, preference.name);
  return { tab: preference.tab, name: preference.name, json: stored?.json ?? null, maintenanceActive: studio.maintenanceActive };
}

export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), json: z.string().max(100_000) }),
  z.object({ intent: z.literal("setMaintenance"), active: z.enum(["true", "false"]), confirmed: z.string().optional() }),
]);

/** Save (JSON checked against the schema; the refusal's issues come back for the editor) and the maintenance switch. */
export async function action({ params, request, context }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const studio = requirePagePermission(studioUserOf(context), request, "preferences");
    const preference = preferenceOfTab(params.tab);
    if (!preference) throw redirect(href("/page-not-found"));
    const form = parseIntent(await readForm(request), intents);
    try {
      if (form.intent === "save") await savePreference({ db, redis, queues }, studio.subject, preference.name, form.json);
      else await setMaintenance({ db, redis }, studio.subject, form.active === "true", form.confirmed === "on");
    } catch (error) {
      if (!(error instanceof PreferenceRefused)) throw error;
      const cookie = await toastSetCookie({ type: "error", messageKey: error.messageKey, params: error.params });
      return data({ ok: false as const, issues: error.issues }, { status: 422, headers: { "Set-Cookie": cookie } });
    }
    const cookie = await toastSetCookie({ type: "success", messageKey: "preferences.saved" });
    return data({ ok: true as const, issues: [] }, { headers: { "Set-Cookie": cookie } });
  });
}

export default function PreferenceTab({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="mb-4 text-lg font-bold">{loaderData.name}</h2>
      {loaderData.tab === "maintenance" ? <MaintenanceSwitch active={loaderData.maintenanceActive} /> : null}
      {loaderData.json === null ? (
        <p className="text-slate-700">{t("preferences.missing")}</p>
      ) : (
        <Suspense fallback={<pre data-testid="preference-json">{loaderData.json}</pre>}>
          <PreferenceEditor key={`${loaderData.name}:${loaderData.json}`} name={loaderData.name} json={loaderData.json} />
        </Suspense>
      )}
    </div>
  );
}
