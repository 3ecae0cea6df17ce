import { href } from "react-router";
import { useRef } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { UploadCard } from "#app/components/workspace/upload-card";
import { listEpaperLanguages } from "#app/models/epaper-grid.server";
import { AFFILIATE_PARAM, isAffiliateDigest, RETURN_URL_PARAM, returnUrlOrNull } from "#app/rules/upload-widget";
import { db } from "#app/utils/db.server";
import { getInstance, getLocale } from "#app/utils/i18next.server";
import type { Route } from "./+types/upload-embedded";

/**
 * /upload-embedded (studio-core.md §2): a 260 × 260 px PDF upload widget for other sites' pages
 * (?locale=de|en). No header, footer, global messages or cookie consent. Browsers withhold the
 * studio's SameSite cookies in other sites' frames, so the widget creates its anonymous try-it
 * account on first use and authenticates with that session as a bearer token; 'create ePaper'
 * then opens the studio in the top window through a one-time login link. The widget code from
 * the account drawer adds ?affiliate= (the account the try-it account counts for) and ?return=
 * (the customer's page the studio links back to); the session route checks both (ADR 0052).
 */
export const handle = { bare: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const affiliate = url.searchParams.get(AFFILIATE_PARAM) ?? "";
  return {
    metaTitle: getInstance(context).t("embedded.metaTitle"),
    languages: await listEpaperLanguages(db),
    locale: getLocale(context),
    affiliate: isAffiliateDigest(affiliate) ? affiliate : "",
    returnUrl: returnUrlOrNull(url.searchParams.get(RETURN_URL_PARAM)) ?? "",
  };
}

export const headers: Route.HeadersFunction = () => ({ "Content-Security-Policy": "frame-ancestors *" });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }, { name: "robots", content: "noindex" }];

async function post(locale: string, body: Record<string, string>, token?: string): Promise<Record<string, unknown>> {
  // The locale travels along: the new account's e-mail language is the widget's language.
  const response = await fetch(`${href("/upload-embedded/session")}?locale=${encodeURIComponent(locale)}`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw (json.error as object) ?? { messageKey: "errors.unexpected" };
  return json;
}

export default function UploadEmbedded({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const token = useRef<Promise<string> | null>(null);
  const authorization = () => {
    // One anonymous account per widget visit, created when the first upload starts.
    token.current ??= post(loaderData.locale, { intent: "account", affiliate: loaderData.affiliate, returnUrl: loaderData.returnUrl }).then(
      (json) => String(json.token),
    );
    token.current.catch(() => {
      token.current = null;
    });
    return token.current;
  };
  const onCreated = async (epaperId: string) => {
    const { url } = await post(loaderData.locale, { intent: "continue", epaperId }, await authorization());
    // Opens the studio in the top window (studio-core.md §2), leaving the customer's page.
    window.open(String(url), "_top");
  };
  return (
    <main className="flex h-[260px] w-[260px] items-center justify-center" aria-label={t("embedded.metaTitle")}>
      <UploadCard
        languages={loaderData.languages}
        defaultLanguage={loaderData.locale}
        folderId={null}
        generated={false}
        cooldownFrom={null}
        embedded={{ authorization, onCreated: (id) => void onCreated(id) }}
      />
    </main>
  );
}
