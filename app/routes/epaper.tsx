import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { requireUser } from "#app/auth/session.server";
import { Button } from "#app/components/ui/button";
import { db } from "#app/utils/db.server";
import { getInstance } from "#app/utils/i18next.server";
import type { Route } from "./+types/epaper";

/**
 * The start route. Only logged-in users reach it (others are sent to /login and come back
 * after it). NOTE: the ePaper workspace (issue 5) replaces this page's content; until then it
 * says so plainly instead of pretending to work.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(db, request);
  return {
    metaTitle: getInstance(context).t("workspace.metaTitle"),
    name: [user.firstname, user.lastname].filter(Boolean).join(" ") || user.email,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function EpaperWorkspace({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh">
      <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3">
        <p className="font-semibold text-brand-600">{t("app.name")}</p>
        <div className="flex items-center gap-3">
          <p className="text-sm text-slate-700" data-testid="user-name">
            {loaderData.name}
          </p>
          <Form method="POST" action="/logout">
            <Button type="submit" variant="secondary">
              {t("workspace.logout")}
            </Button>
          </Form>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl p-6">
        <h1 className="mb-4 text-2xl font-bold">{t("workspace.title")}</h1>
        <p className="text-slate-700">{t("workspace.comingSoon")}</p>
      </main>
    </div>
  );
}
