import { translationsVersion } from "#app/utils/translations.server";
import { resources } from "#app/locales/index";
import { isLocale } from "#app/utils/i18n";
import type { Route } from "./+types/translations";

/**
 * GET /resources/translations/:locale/:version (issue 29, ADR 0005 addendum): one language's
 * texts for the browser. The current version is kept for a year (the address changes with the
 * texts); any other version answers the current texts uncached, so a page of an earlier release
 * still hydrates. Public: the login page needs them before anyone is signed in.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!isLocale(params.locale)) throw new Response("Not Found", { status: 404 });
  const current = params.version === translationsVersion(params.locale);
  return new Response(JSON.stringify(resources[params.locale].translation), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
