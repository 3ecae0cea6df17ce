import { useEffect } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { useNonce } from "#app/components/nonce";
import { Toaster } from "#app/components/toaster";
import { findSupportEmail } from "#app/preferences/system-preference.server";
import { db } from "#app/utils/db.server";
import { getLocale, i18nextMiddleware, localeCookie } from "#app/utils/i18next.server";
import { translationsUrls } from "#app/utils/translations.server";
import { browserTexts } from "#app/utils/browser-texts";
import { readToast } from "#app/utils/toast.server";
import { serviceOutageMiddleware } from "#app/utils/service-outage.server";
import type { loader as studioLoader } from "#app/routes/studio/layout";
import type { Route } from "./+types/root";
// The studio's stylesheet as an address, rendered below with a precedence: React then writes it
// before the hoisted script preloads, so the render-blocking CSS is requested first (issue 29).
import appCss from "./app.css?url";

// The outage answer wraps everything below it; the locale is known by then (the 503 page is translated).
export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, ...serviceOutageMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  // Only a choice the user stored is refreshed (a year from the last visit); a locale taken
  // from the browser is not stored, so a later change of browser language still counts.
  const stored = await localeCookie.parse(request.headers.get("Cookie"));
  const headers = new Headers();
  if (stored === locale) headers.append("Set-Cookie", await localeCookie.serialize(locale));
  // A toast flashed by the previous response (redirectWithToast, withErrorToasts): shown once.
  const { toast, clearCookie } = await readToast(request);
  if (clearCookie) headers.append("Set-Cookie", clearCookie);
  // The report link of an unexpected error needs the support address; the app shell loads it
  // anyway, pages outside it only when such a toast is there.
  const supportEmail = toast?.report ? await findSupportEmail(db) : null;
  return data({ locale, toast, supportEmail, translations: translationsUrls() }, { headers });
}

/**
 * After a failed action (4xx/5xx) React Router revalidates no loader by default; the root one
 * must run, because withErrorToasts left the error's toast in the flash cookie.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || (actionStatus !== undefined && actionStatus >= 400);

/** Zod reads its configuration from this global (zod/v4/core); set before its modules run. No quotes, `<` or `&`: React writes it as it is. */
const ZOD_JITLESS = "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  const lang = rootData?.locale ?? i18n.language;
  return (
    <html lang={lang} dir={i18n.dir(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* What a search result shows of the public pages (login, signup, try-it); the same on every page. */}
        <meta name="description" content={t("app.description")} />
        <Meta />
        {/* With a precedence React puts it first in <head>, ahead of the 25 module preloads it hoists
            (a plain <link> came after them: facebook/react#26705, first paint a round trip later). */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Links />
        {/* The page's texts, fetched beside the entry script (entry.client.tsx waits for them). */}
        {rootData ? (
          <link rel="preload" as="fetch" crossOrigin="anonymous" href={rootData.translations[rootData.locale]} data-translations="" />
        ) : null}
      </head>
      <body className="min-h-dvh bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        {/* Before any module builds a Zod schema: Zod's faster parser compiles with `new Function`,
            which this CSP refuses (no 'unsafe-eval', ADR 0027), and its probe for it was a CSP
            violation on every page (Lighthouse best practices). The browser parses small forms. */}
        <script nonce={nonce} suppressHydrationWarning>
          {ZOD_JITLESS}
        </script>
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  const { locale, translations } = loaderData;
  const studio = useRouteLoaderData<typeof studioLoader>("studio");
  // Keeps the browser's i18next instance (an external system) on the locale the server chose.
  useEffect(() => {
    if (i18n.language === locale) return;
    // The browser holds the page's language only (entry.client.tsx): the other one is loaded first.
    void (async () => {
      if (!i18n.hasResourceBundle(locale, "translation"))
        i18n.addResourceBundle(locale, "translation", await browserTexts(translations[locale], locale));
      await i18n.changeLanguage(locale);
    })();
  }, [i18n, locale, translations]);
  // A page whose route says `handle: { bare: true }` (the embedded upload widget) shows no global messages.
  const bare = useMatches().some((match) => (match.handle as { bare?: boolean } | undefined)?.bare);
  return (
    <>
      <Outlet />
      {bare ? null : (
        <Toaster
          flashed={loaderData.toast}
          supportEmail={studio?.supportEmail ?? loaderData.supportEmail}
          supportId={studio?.account.supportId ?? null}
        />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
