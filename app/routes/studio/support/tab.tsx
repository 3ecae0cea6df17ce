import { useTranslation } from "react-i18next";
import { href, redirect } from "react-router";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import { NotImplemented } from "#app/errors/app-error";
import { withErrorToasts } from "#app/errors/responses.server";
import { isSupportTab } from "#app/rules/admin-tabs";
import type { Route } from "./+types/tab";

/**
 * /support/:tab: one tab of the back office. The tables arrive with a later release; until then
 * the tab says so. Every loader checks the permission itself: loaders run side by side, and none
 * may hand out data because its parent refused.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  requirePagePermission(studioUserOf(context), request, "support");
  if (!isSupportTab(params.tab)) throw redirect(href("/page-not-found"));
  return { tab: params.tab };
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

export default function SupportTab({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="support-tab-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="support-tab-title" className="mb-2 text-lg font-bold">
        {t(`support.tabs.${loaderData.tab}`)}
      </h2>
      <p className="text-slate-700">{t("support.comingLater")}</p>
    </section>
  );
}
