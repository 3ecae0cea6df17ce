import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { getLocale, i18nextMiddleware, localeCookie } from "#app/utils/i18next.server";
import type { Route } from "./+types/root";
import "./app.css";

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  // Only a choice the user stored is refreshed (a year from the last visit); a locale taken
  // from the browser is not stored, so a later change of browser language still counts.
  const stored = await localeCookie.parse(request.headers.get("Cookie"));
  const headers: HeadersInit = stored === locale ? { "Set-Cookie": await localeCookie.serialize(locale) } : {};
  return data({ locale }, { headers });
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const lang = rootData?.locale ?? i18n.language;
  return (
    <html lang={lang} dir={i18n.dir(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  const { locale } = loaderData;
  // Keeps the browser's i18next instance (an external system) on the locale the server chose.
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [i18n, locale]);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
