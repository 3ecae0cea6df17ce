import { useTranslation } from "#app/components/hooks/use-translation";
import { data } from "react-router";
import { ButtonLink, buttonClassName } from "#app/components/ui/button";
import { getEnv } from "#app/utils/env.server";
import { getInstance } from "#app/utils/i18next.server";
import type { Route } from "./+types/page-not-found";

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  // 404 status so crawlers and monitors see a missing page, not a successful one.
  return data({ landingUrl: getEnv().LANDING_URL, metaTitle: t("notFound.metaTitle") }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function PageNotFound({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-6 p-6 text-center">
      <p aria-hidden="true" className="text-6xl font-black text-brand-600">
        404
      </p>
      <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="text-slate-700">{t("notFound.text")}</p>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <a href={loaderData.landingUrl} className={buttonClassName("secondary")}>
          {t("notFound.toLandingPage")}
        </a>
        <ButtonLink to="/">{t("notFound.backToStudio")}</ButtonLink>
      </div>
    </main>
  );
}
