import { useTranslation } from "react-i18next";
import { redirect, href } from "react-router";
import { START_ROUTE } from "#app/rules/login-redirect";
import { ButtonLink } from "#app/components/ui/button";
import { isComingLaterFeature } from "#app/rules/coming-later";
import { getInstance } from "#app/utils/i18next.server";
import type { Route } from "./+types/coming-later";

/**
 * The one page every header entry of a feature that is not built yet leads to: it names the
 * feature and says plainly that it arrives with a later release (docs/decisions/0014-app-shell.md).
 */
// The studio layout's middleware is the login gate.
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isComingLaterFeature(params.feature)) throw redirect(href("/page-not-found"));
  const t = getInstance(context).t;
  const feature = t(`shell.comingLater.features.${params.feature}`);
  return { feature: params.feature, metaTitle: feature };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function ComingLater({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-3xl p-6">
      <h1 className="mb-4 text-2xl font-bold">{t(`shell.comingLater.features.${loaderData.feature}`)}</h1>
      <p className="mb-6 text-slate-700">{t("shell.comingLater.text")}</p>
      <ButtonLink to={START_ROUTE} variant="secondary">
        {t("shell.comingLater.back")}
      </ButtonLink>
    </main>
  );
}
