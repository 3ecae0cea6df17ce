import { useMemo, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { RouterProvider } from "react-aria-components";
import { Outlet, useHref, useLocation, useNavigate, useSearchParams } from "react-router";
import { studioUserMiddleware, studioUserOf } from "#app/auth/studio-user.server";
import { MediaLibraryDialog } from "#app/components/media/media-library-dialog";
import { type AccountView, AccountDrawer, type OpenDrawer, ProfileDrawer, type ProfileView } from "#app/components/shell/account-drawers";
import { AppFooter } from "#app/components/shell/app-footer";
import { AppHeader } from "#app/components/shell/app-header";
import { StudioEventsProvider } from "#app/components/studio-events";
import { AdministeredBanner, ConfirmationAlert, ForcedErrorBanner, MaintenanceBanner } from "#app/components/shell/shell-alerts";
import { DevKitDrawer } from "#app/components/devkit/devkit-drawer";
import { loadShellReferenceData } from "#app/models/shell-reference.server";
import { currentNews } from "#app/models/news-feed.server";
import { NewsFeedDialog, NewsPrompt, type NewsView, useNewsPrompt } from "#app/components/news/news-feed";
import { db } from "#app/utils/db.server";
import { getInstance, getLocale } from "#app/utils/i18next.server";
import { computePermissions, isLockedOutByMaintenance, isUnconfirmed, PERMISSION_LEVELS } from "#app/rules/permissions";
import { buildShellMenu, isShellDialog, lockedShellMenu } from "#app/rules/shell-menu";
import { ContingentHistoryDialog } from "#app/components/shop/contingent-history-dialog";
import { ShopChannelsDialog } from "#app/components/shop/shop-channels-dialog";
import { SubdomainDialog } from "#app/components/channels/subdomain-dialog";
import type { Route } from "./+types/layout";
import { APP_VERSION } from "#app/utils/app-version.server";

/**
 * The app shell around every logged-in studio page (studio-admin.md §2). Its middleware is the
 * login gate for all of them and loads the user and the permission set once per request, for
 * the header and for every page below (studioUserOf); pages that need a permission check it in
 * their own loaders and actions (requirePagePermission).
 */
export const middleware: Route.MiddlewareFunction[] = [studioUserMiddleware(db)];

export async function loader({ context }: Route.LoaderArgs) {
  const { user, subject, permissions, maintenanceActive, session } = studioUserOf(context);
  const locale = getLocale(context);
  const [reference, news] = await Promise.all([
    loadShellReferenceData(db, locale),
    isLockedOutByMaintenance(subject) ? Promise.resolve([]) : currentNews(db, locale),
  ]);
  const levels = user.permissions.filter((p) => (PERMISSION_LEVELS as readonly string[]).includes(p)).sort();
  const account: AccountView = {
    supportId: user.accountId,
    name: user.accountName,
    customerId: user.customerId,
    zipContingent: user.zipContingent,
    channelContingent: user.channelContingent,
    pageExchangeMax: user.pageExchangeMax,
    isGenerated: user.accountIsGenerated,
    removeAt: user.accountRemoveAt,
    administered: permissions.has("administeredWarning"),
  };
  const profile: ProfileView = {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    requestedEmail: user.requestedEmail,
    emailLanguage: user.emailLanguage,
    level: levels.at(-1) ?? null,
  };
  return {
    userId: user.id,
    // A try-it user has no name, and the made-up address means nothing to them (issue 46).
    userName: user.accountIsGenerated
      ? getInstance(context).t("tryIt.userName")
      : [user.firstname, user.lastname].filter(Boolean).join(" ") || user.email,
    showConfirmationAlert: isUnconfirmed(subject),
    permissions: [...permissions],
    // Issue 46: before the registration is confirmed the header shows what confirming unlocks,
    // each such entry locked and saying so, instead of hiding the navigation.
    unlockedByConfirming: isUnconfirmed(subject)
      ? [...computePermissions({ ...subject, isTemporary: false })].filter((key) => !permissions.has(key))
      : [],
    maintenanceActive,
    lockedOut: isLockedOutByMaintenance(subject),
    news,
    forcedError: permissions.has("devKit") ? session.forcedError : null,
    account,
    profile,
    locale,
    year: new Date().getUTCFullYear(),
    version: APP_VERSION,
    ...reference,
  };
}

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState<OpenDrawer>(null);
  const [newsView, setNewsView] = useState<NewsView>(null);
  const newsPrompt = useNewsPrompt(loaderData.userId, loaderData.news);
  const openNews = (view: Exclude<NewsView, null>) => {
    newsPrompt.markSeen();
    setNewsView(view);
  };
  // Shell dialogs open through the address (?dialog=), so menu entries and links anywhere open them.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("dialog");
  const shellDialog = isShellDialog(requested) ? requested : null;
  const closeShellDialog = () =>
    setSearchParams(
      (params) => {
        params.delete("dialog");
        return params;
      },
      { preventScrollReset: true },
    );
  const permissions = useMemo(() => new Set<string>(loaderData.permissions), [loaderData.permissions]);
  const menu = useMemo(() => {
    if (loaderData.unlockedByConfirming.length === 0) return buildShellMenu(permissions, pathname);
    const confirmed = new Set([...permissions, ...loaderData.unlockedByConfirming]);
    return lockedShellMenu(buildShellMenu(permissions, pathname), buildShellMenu(confirmed, pathname));
  }, [permissions, pathname, loaderData.unlockedByConfirming]);
  const alerts = (
    <>
      {loaderData.maintenanceActive ? <MaintenanceBanner lockedOut={loaderData.lockedOut} /> : null}
      {loaderData.forcedError ? <ForcedErrorBanner name={loaderData.forcedError} /> : null}
      {loaderData.account.administered ? <AdministeredBanner accountName={loaderData.account.name} /> : null}
      {loaderData.showConfirmationAlert ? <ConfirmationAlert userId={loaderData.userId} /> : null}
    </>
  );
  return (
    // Menu items with href navigate through React Router instead of reloading the page.
    <RouterProvider navigate={(path) => navigate(path)} useHref={useHref}>
      <StudioEventsProvider lockedOut={loaderData.lockedOut} permissions={loaderData.permissions}>
        <div className="flex min-h-dvh flex-col">
          <a
            href="#main"
            className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            {t("app.skipToContent")}
          </a>
          <AppHeader
            menu={menu}
            userName={loaderData.userName}
            zipContingent={loaderData.account.zipContingent}
            locale={loaderData.locale}
            systemLanguages={loaderData.systemLanguages}
            onOpenDrawer={setDrawer}
            alerts={alerts}
            news={loaderData.news}
            onOpenNews={openNews}
          />
          <div className="flex-1">
            {loaderData.lockedOut ? (
              <main id="main" className="mx-auto max-w-3xl p-6">
                <h1 className="mb-4 text-2xl font-bold">{t("shell.maintenance.title")}</h1>
                <p className="text-slate-700">{t("shell.maintenance.lockedOut")}</p>
              </main>
            ) : (
              <Outlet />
            )}
          </div>
          <AppFooter links={loaderData.footerLinks} year={loaderData.year} version={loaderData.version} />
          {permissions.has("account") ? (
            <AccountDrawer account={loaderData.account} isOpen={drawer === "account"} onClose={() => setDrawer(null)} />
          ) : null}
          {permissions.has("profile") ? (
            <ProfileDrawer profile={loaderData.profile} isOpen={drawer === "profile"} onClose={() => setDrawer(null)} />
          ) : null}
          {permissions.has("media") ? <MediaLibraryDialog isOpen={drawer === "media"} onClose={() => setDrawer(null)} /> : null}
          {permissions.has("epaperMenu") ? (
            <ContingentHistoryDialog isOpen={shellDialog === "contingentHistory"} onClose={closeShellDialog} />
          ) : null}
          {permissions.has("channelMenu") ? (
            <ShopChannelsDialog isOpen={shellDialog === "shopChannels"} onClose={closeShellDialog} canBook={permissions.has("payment")} />
          ) : null}
          {permissions.has("subdomainManagement") ? (
            <SubdomainDialog isOpen={shellDialog === "subdomains"} onClose={closeShellDialog} />
          ) : null}
          <NewsFeedDialog news={loaderData.news} view={newsView} onClose={() => setNewsView(null)} />
          {newsPrompt.prompt && newsView === null ? (
            <NewsPrompt onOpen={() => openNews({ kind: "feed" })} onDismiss={newsPrompt.markSeen} />
          ) : null}
          {permissions.has("devKit") ? (
            <DevKitDrawer
              isOpen={shellDialog === "devKit"}
              onClose={closeShellDialog}
              email={loaderData.profile.email}
              languages={loaderData.systemLanguages}
            />
          ) : null}
        </div>
      </StudioEventsProvider>
    </RouterProvider>
  );
}
