import { useTranslation } from "#app/components/hooks/use-translation";
import { href, redirect } from "react-router";
import { CookieList } from "#app/components/shell/cookie-settings";
import { ButtonLink } from "#app/components/ui/button";
import { getInstance } from "#app/utils/i18next.server";
import { LEGAL_PAGES } from "#db/seed-data";
import type { Route } from "./+types/legal";

type LegalPage = (typeof LEGAL_PAGES)[number];
const isLegalPage = (value: string): value is LegalPage => (LEGAL_PAGES as readonly string[]).includes(value);

/**
 * /legal/:page: the default terms, privacy policy, imprint and help centre of a fresh
 * installation, in the page's language (issue 15): the seeded footer and terms links point here,
 * so none of them is a 404. The operator replaces a page by pointing its link elsewhere. The
 * privacy policy lists the studio's cookies, as the footer's cookie settings do (ADR 0050).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  if (!isLegalPage(params.page)) throw redirect(href("/page-not-found"));
  return { page: params.page, metaTitle: getInstance(context).t(`legal.${params.page}.title`) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-2xl flex-col gap-4 p-6">
      <h1 className="text-2xl font-bold">{t(`legal.${loaderData.page}.title`)}</h1>
      <p className="text-slate-800">{t(`legal.${loaderData.page}.body`)}</p>
      {loaderData.page === "privacy" ? (
        // What published ePapers (a zip package included) collect about their readers, and where it goes (ADR 0053).
        <section aria-labelledby="readers" className="flex flex-col gap-3">
          <h2 id="readers" className="text-xl font-bold">
            {t("legal.privacy.readersHeading")}
          </h2>
          <p className="text-slate-800">{t("legal.privacy.readers")}</p>
        </section>
      ) : null}
      {loaderData.page === "privacy" ? (
        <section aria-labelledby="cookies" className="flex flex-col gap-3">
          <h2 id="cookies" className="text-xl font-bold">
            {t("legal.cookies.title")}
          </h2>
          <CookieList />
        </section>
      ) : null}
      <p className="text-sm text-slate-600">{t("legal.notice")}</p>
      <div>
        <ButtonLink to="/" variant="secondary">
          {t("legal.back")}
        </ButtonLink>
      </div>
    </main>
  );
}
