import { useTranslation } from "#app/components/hooks/use-translation";
import { Link, useRevalidator, useSearchParams } from "react-router";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import { ChannelCard } from "#app/components/channels/channel-card";
import { useStudioEvent } from "#app/components/studio-events";
import { Pagination } from "#app/components/ui/pagination";
import { listChannels } from "#app/models/channels.server";
import { shopPath } from "#app/rules/shell-menu";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { getInstance } from "#app/utils/i18next.server";
import type { Route } from "./+types/channel";

/**
 * The channel workspace /channel (studio-core.md §2; needs channelWorkspace): the account's
 * channels newest first, 20 per page; ?channelId= selects one and is kept in the address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const studio = requirePagePermission(studioUserOf(context), request, "channelWorkspace");
  const url = new URL(request.url);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
  const list = await listChannels(db, studio.subject, { page });
  return {
    metaTitle: getInstance(context).t("channel.metaTitle"),
    ...list,
    contentUrl: getEnv().CONTENT_URL,
    demoManagement: studio.permissions.has("demoManagement"),
    subdomainManagement: studio.permissions.has("subdomainManagement"),
    canBook: studio.permissions.has("payment"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function Channels({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const selectedId = searchParams.get("channelId");
  useStudioEvent((event) => {
    if (event.type === "channelProcess" || event.type === "publishedToChannel" || event.type === "channelRemoved") {
      void revalidator.revalidate();
      // A finished publish selects its channel (studio-core.md §4).
      if (event.type === "publishedToChannel")
        setSearchParams(
          (params) => {
            params.set("channelId", event.channelId);
            return params;
          },
          { replace: true },
        );
    }
  });
  return (
    <main id="main" className="mx-auto flex w-full max-w-[1600px] flex-1 flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold text-slate-900">{t("channel.title")}</h1>
      {loaderData.cards.length === 0 ? (
        <div className="flex max-w-xl flex-col items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <p className="text-slate-700">{t("channel.empty")}</p>
          {loaderData.canBook ? (
            <Link to={shopPath("channel")} className="font-semibold text-brand-700 underline">
              {t("channel.book")}
            </Link>
          ) : null}
        </div>
      ) : (
        <ul className="flex flex-wrap gap-3" aria-label={t("channel.title")}>
          {loaderData.cards.map((card) => (
            <li key={card.id} className="w-full sm:w-auto">
              <ChannelCard
                card={card}
                contentUrl={loaderData.contentUrl}
                selected={card.id === selectedId}
                demoManagement={loaderData.demoManagement}
                subdomainManagement={loaderData.subdomainManagement}
                onSelect={() =>
                  setSearchParams(
                    (params) => {
                      params.set("channelId", card.id);
                      return params;
                    },
                    { replace: true },
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      {loaderData.pageCount > 1 ? <Pagination page={loaderData.page} pageCount={loaderData.pageCount} /> : null}
    </main>
  );
}
