import type { Key, ReactNode } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Link, useLocation, useSubmit, href } from "react-router";
import { buttonClassName } from "#app/components/ui/button";
import { BroadcastIcon, CartIcon, DocumentIcon, GlobeIcon, LogoMark, UserIcon } from "#app/components/ui/icons";
import { isLocale } from "#app/utils/i18n";
import { resetTours } from "#app/components/hooks/use-tour";
import { showToast } from "#app/components/hooks/toast-store";
import type { MenuEntry, MenuLink, ShellMenu } from "#app/rules/shell-menu";
import { NEWS_MENU_HEADLINE_MAX } from "#app/rules/news";
import { truncateText } from "#app/rules/truncate";
import type { OpenDrawer } from "./account-drawers.tsx";
import { HeaderMenu, HeaderMenuItem, HeaderMenuSection, HeaderMenuSeparator, headerControlClassName } from "./header-menu.tsx";
import { HeaderSearchButton, HeaderSearchRow, useHeaderSearch } from "./header-search.tsx";

export type AppHeaderProps = {
  menu: ShellMenu;
  userName: string;
  zipContingent: number;
  locale: string;
  systemLanguages: { code: string; name: string }[];
  onOpenDrawer: (drawer: Exclude<OpenDrawer, null>) => void;
  /** The alert banner slot: maintenance notice, confirmation alert. */
  alerts: ReactNode;
  /** The current news (the main menu's news section) and how to show one or all. */
  news: { id: string; headline: string }[];
  onOpenNews: (view: { kind: "feed" } | { kind: "single"; id: string }) => void;
};

/** Logo, horizontal menu and alert banner of every studio page (studio-admin.md §2). */
export function AppHeader({
  menu,
  userName,
  zipContingent,
  locale,
  systemLanguages,
  onOpenDrawer,
  alerts,
  news,
  onOpenNews,
}: AppHeaderProps) {
  const { t } = useTranslation();
  const search = useHeaderSearch();
  // As wide as the workspaces below it (1600 px, the same side padding), so their edges line up (issue 46).
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-[1600px] items-center gap-2 px-3 py-2 sm:px-6">
        <Link to={href("/epaper")} className="mr-auto inline-flex min-h-11 items-center gap-2 rounded-lg pr-2 font-bold text-brand-600">
          <LogoMark />
          <span className="max-sm:sr-only">{t("app.name")}</span>
        </Link>
        <nav aria-label={t("shell.navigation")}>
          <ul className="flex flex-wrap items-center justify-end gap-0.5 sm:gap-1">
            {menu.search ? (
              <li>
                <HeaderSearchButton search={search} />
              </li>
            ) : null}
            {menu.signUp ? (
              <li>
                <Link to={menu.signUp.href} className={buttonClassName("primary", "min-h-10 px-3")}>
                  {t(menu.signUp.labelKey)}
                </Link>
              </li>
            ) : null}
            {menu.epaper.length ? (
              <li>
                <EpaperMenu links={menu.epaper} zipContingent={zipContingent} />
              </li>
            ) : null}
            {menu.channel.length ? (
              <li>
                <LinkMenu label={t("shell.channelMenu.label")} icon={<BroadcastIcon />} links={menu.channel} tourTarget="channel-menu" />
              </li>
            ) : null}
            {menu.shop ? (
              <li>
                <Link to={menu.shop.href} className={headerControlClassName}>
                  <CartIcon />
                  <span className="max-sm:sr-only">{t(menu.shop.labelKey)}</span>
                </Link>
              </li>
            ) : null}
            <li>
              <LanguageMenu locale={locale} systemLanguages={systemLanguages} />
            </li>
            <li>
              <MainMenu menu={menu.main} userName={userName} onOpenDrawer={onOpenDrawer} news={news} onOpenNews={onOpenNews} />
            </li>
          </ul>
        </nav>
      </div>
      {menu.search ? <HeaderSearchRow search={search} /> : null}
      {alerts}
    </header>
  );
}

function LinkItems({ links }: { links: MenuLink[] }) {
  const { t } = useTranslation();
  return links.map((link) => (
    <HeaderMenuItem key={link.id} id={link.id} href={link.locked ? undefined : link.href} isDisabled={link.locked}>
      <EntryLabel label={t(link.labelKey)} locked={link.locked} />
    </HeaderMenuItem>
  ));
}

/** An entry's text; a locked one says that confirming the registration opens it (issue 46). */
function EntryLabel({ label, locked }: { label: string; locked?: true }) {
  const { t } = useTranslation();
  if (!locked) return label;
  return (
    <span className="flex flex-col py-1">
      <span>{label}</span>
      <span className="text-xs text-slate-600">{t("shell.lockedUntilConfirmed")}</span>
    </span>
  );
}

function LinkMenu({ label, icon, links, tourTarget }: { label: string; icon: ReactNode; links: MenuLink[]; tourTarget?: string }) {
  return (
    <HeaderMenu label={label} icon={icon} tourTarget={tourTarget}>
      <LinkItems links={links} />
    </HeaderMenu>
  );
}

function EpaperMenu({ links, zipContingent }: { links: MenuLink[]; zipContingent: number }) {
  const { t } = useTranslation();
  const contingent = zipContingent === -1 ? t("shell.account.unlimited") : String(zipContingent);
  return (
    <HeaderMenu label={t("shell.epaperMenu.label")} icon={<DocumentIcon />} tourTarget="epaper-menu">
      <HeaderMenuSection title={t("shell.epaperMenu.zipContingent", { contingent })}>
        <LinkItems links={links} />
      </HeaderMenuSection>
    </HeaderMenu>
  );
}

/** Interface language: stored in a cookie and as the user's e-mail language, then back to this page. */
function LanguageMenu({ locale, systemLanguages }: { locale: string; systemLanguages: { code: string; name: string }[] }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const location = useLocation();
  const languages = systemLanguages.filter((language) => isLocale(language.code));
  const current = languages.find((language) => language.code === locale);
  const choose = (code: Key) => {
    if (code === locale) return;
    void submit(
      { locale: String(code), redirectTo: `${location.pathname}${location.search}` },
      { method: "post", action: href("/language"), preventScrollReset: true },
    );
  };
  return (
    <HeaderMenu
      label={
        <>
          <span className="sr-only">{t("language.label")}: </span>
          {current?.name ?? locale}
        </>
      }
      icon={<GlobeIcon />}
      tourTarget="language-menu"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[locale]}
      onAction={choose}
    >
      {languages.map((language) => (
        <HeaderMenuItem key={language.code} id={language.code} textValue={language.name}>
          <span lang={language.code}>{language.name}</span>
        </HeaderMenuItem>
      ))}
    </HeaderMenu>
  );
}

function MainMenu({
  menu,
  userName,
  onOpenDrawer,
  news,
  onOpenNews,
}: {
  menu: ShellMenu["main"];
  userName: string;
  onOpenDrawer: AppHeaderProps["onOpenDrawer"];
  news: AppHeaderProps["news"];
  onOpenNews: AppHeaderProps["onOpenNews"];
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const onAction = (key: Key) => {
    if (key === "account" || key === "profile" || key === "media") onOpenDrawer(key);
    if (key === "news:all") onOpenNews({ kind: "feed" });
    else if (typeof key === "string" && key.startsWith("news:")) onOpenNews({ kind: "single", id: key.slice("news:".length) });
    // Logging out changes state: a POST to /logout (SameSite=Lax cookies guard it), never a link.
    if (key === "logout") void submit(null, { method: "post", action: href("/logout") });
    if (key === "tours")
      void resetTours().then((ok) =>
        showToast(ok ? { type: "success", messageKey: "tours.reset.done" } : { type: "error", messageKey: "tours.reset.failed" }),
      );
  };
  const entry = (item: MenuEntry) => (
    <HeaderMenuItem key={item.id} id={item.id} href={"href" in item && !item.locked ? item.href : undefined} isDisabled={item.locked}>
      <EntryLabel label={t(item.labelKey)} locked={item.locked} />
    </HeaderMenuItem>
  );
  return (
    <HeaderMenu
      label={
        <>
          <span className="sr-only">{t("shell.mainMenu.label")}: </span>
          <span data-testid="user-name">{userName}</span>
        </>
      }
      icon={<UserIcon />}
      tourTarget="main-menu"
      onAction={onAction}
    >
      {news.length ? (
        <HeaderMenuSection title={t("news.feed.menu")}>
          {news.map((item) => (
            <HeaderMenuItem key={item.id} id={`news:${item.id}`} textValue={item.headline} aria-label={item.headline}>
              {truncateText(item.headline, NEWS_MENU_HEADLINE_MAX)}
              {item.headline.length > NEWS_MENU_HEADLINE_MAX ? "…" : ""}
            </HeaderMenuItem>
          ))}
          <HeaderMenuItem id="news:all">{t("news.feed.all")}</HeaderMenuItem>
        </HeaderMenuSection>
      ) : null}
      {news.length ? <HeaderMenuSeparator /> : null}
      {menu.personal.length ? <HeaderMenuSection>{menu.personal.map(entry)}</HeaderMenuSection> : null}
      {menu.personal.length ? <HeaderMenuSeparator /> : null}
      {menu.administration.length ? (
        <HeaderMenuSection title={t("shell.mainMenu.administration")}>{menu.administration.map(entry)}</HeaderMenuSection>
      ) : null}
      {menu.administration.length ? <HeaderMenuSeparator /> : null}
      <HeaderMenuSection>{entry(menu.logout)}</HeaderMenuSection>
    </HeaderMenu>
  );
}
