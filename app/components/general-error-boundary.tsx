import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { ButtonLink } from "./ui/button.tsx";

/** The one error screen: a translated message, never a stack trace or server detail. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 404
      ? t("errors.notFound")
      : status === 403
        ? t("errors.forbidden")
        : status === 400
          ? t("errors.invalidRequest")
          : t("errors.unexpected");

  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-4 p-6">
      <p className="text-sm font-semibold text-slate-500">{t("errors.status", { status })}</p>
      <h1 className="text-2xl font-bold">{t("errors.title")}</h1>
      <p role="alert">{message}</p>
      <div>
        <ButtonLink to="/" reloadDocument variant="secondary">
          {t("errors.tryAgain")}
        </ButtonLink>
      </div>
    </main>
  );
}
