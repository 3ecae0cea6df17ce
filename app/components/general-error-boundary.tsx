import { useEffect } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { ButtonLink } from "./ui/button.tsx";

/** A 503 (the database or Redis is away) tries again by itself after this long (its Retry-After). */
const UNAVAILABLE_RETRY_MS = 15_000;

/** The one error screen: a translated message, never a stack trace or server detail. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const unavailable = status === 503;
  // An outage passes: the page loads again by itself (the server answered with Retry-After).
  useEffect(() => {
    if (!unavailable) return;
    const timer = setTimeout(() => window.location.reload(), UNAVAILABLE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [unavailable]);
  const message = unavailable
    ? t("errors.unavailable")
    : status === 404
      ? t("errors.notFound")
      : status === 403
        ? t("errors.forbidden")
        : status === 400
          ? t("errors.invalidRequest")
          : t("errors.unexpected");

  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-4 p-6">
      <p className="text-sm font-semibold text-slate-500">{t("errors.status", { status })}</p>
      <h1 className="text-2xl font-bold">{unavailable ? t("errors.unavailableTitle") : t("errors.title")}</h1>
      <p role="alert">{message}</p>
      <div>
        {/* An outage passes: the same page again; anything else starts over from the start page. */}
        <ButtonLink to={unavailable ? `${location.pathname}${location.search}` : "/"} reloadDocument variant="secondary">
          {t("errors.tryAgain")}
        </ButtonLink>
      </div>
    </main>
  );
}
