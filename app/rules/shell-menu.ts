import type { TranslationKey } from "#app/locales/translation-key";
import type { PermissionKey } from "./permissions.ts";

/**
 * What the app shell's header offers a user (studio-admin.md §2 "App shell and header"), from
 * the permission set alone, so the header shows exactly what the server allows and a test can
 * read the rules without rendering anything.
 */

/** `locked`: shown, not usable until the registration is confirmed (issue 46). */
export type MenuLink = { id: string; labelKey: TranslationKey; href: string; locked?: true };
/** Entries that open a drawer or post a form instead of leading to a page. */
export type MenuAction = { id: "account" | "profile" | "media" | "tours" | "logout"; labelKey: TranslationKey; locked?: true };
export type MenuEntry = MenuLink | MenuAction;

export type ShellMenu = {
  /** Empty when the user has no ePaper menu. */
  epaper: MenuLink[];
  /** Empty when the user has no channel menu. */
  channel: MenuLink[];
  /** The shop button, on ePaper and channel pages only. */
  shop: MenuLink | null;
  main: { personal: MenuEntry[]; administration: MenuLink[]; logout: MenuAction };
  /** Generated (try-it) users see a sign-up button. */
  signUp: MenuLink | null;
  /** The header's search field (§2): on the support page only, for those who may be there. */
  search: boolean;
};

export const SUPPORT_START = "/support/accounts";

/** Dialogs of the app shell that any studio page opens through its address (`?dialog=`), so a link can open them. */
export const SHELL_DIALOGS = ["contingentHistory", "shopChannels", "subdomains", "devKit"] as const;
export type ShellDialog = (typeof SHELL_DIALOGS)[number];
export const isShellDialog = (value: unknown): value is ShellDialog => (SHELL_DIALOGS as readonly unknown[]).includes(value);
export const shellDialogHref = (dialog: ShellDialog) => `?dialog=${dialog}`;

/** The shop page of an order type (the shop button, 'book …' entries and every 'to order' link). */
export const shopPath = (orderType: "epaper" | "channel", epaperId?: string) =>
  `/shop/${orderType}${epaperId ? `?epaperId=${encodeURIComponent(epaperId)}` : ""}`;
export const PREFERENCES_START = "/preferences/cronjob";

type Rule<T> = { when: PermissionKey; entry: T };

const EPAPER_MENU: Rule<MenuLink>[] = [
  {
    when: "epaperMenu",
    entry: { id: "contingentHistory", labelKey: "shell.epaperMenu.contingentHistory", href: shellDialogHref("contingentHistory") },
  },
  {
    when: "payment",
    entry: { id: "bookContingent", labelKey: "shell.epaperMenu.bookContingent", href: shopPath("epaper") },
  },
  { when: "epaperMenu", entry: { id: "epaperOverview", labelKey: "shell.epaperMenu.overview", href: "/epaper" } },
];

const CHANNEL_MENU: Rule<MenuLink>[] = [
  { when: "payment", entry: { id: "bookChannels", labelKey: "shell.channelMenu.bookChannels", href: shopPath("channel") } },
  {
    when: "channelMenu",
    entry: { id: "manageChannels", labelKey: "shell.channelMenu.manageChannels", href: shellDialogHref("shopChannels") },
  },
  {
    when: "subdomainManagement",
    entry: { id: "manageSubdomains", labelKey: "shell.channelMenu.manageSubdomains", href: shellDialogHref("subdomains") },
  },
  {
    when: "channelWorkspace",
    entry: { id: "channelOverview", labelKey: "shell.channelMenu.overview", href: "/channel" },
  },
];

const PERSONAL: Rule<MenuEntry>[] = [
  { when: "account", entry: { id: "account", labelKey: "shell.mainMenu.account" } },
  { when: "profile", entry: { id: "profile", labelKey: "shell.mainMenu.profile" } },
  { when: "media", entry: { id: "media", labelKey: "shell.mainMenu.media" } },
  // §4 'Tours and news': users with the tutorial permission can see the guided tours again.
  { when: "tutorial", entry: { id: "tours", labelKey: "tours.reset.menu" } },
];

const ADMINISTRATION: Rule<MenuLink>[] = [
  { when: "support", entry: { id: "support", labelKey: "shell.mainMenu.support", href: SUPPORT_START } },
  { when: "preferences", entry: { id: "preferences", labelKey: "shell.mainMenu.preferences", href: PREFERENCES_START } },
  { when: "devKit", entry: { id: "devKit", labelKey: "shell.mainMenu.devKit", href: shellDialogHref("devKit") } },
];

function allowed<T>(rules: Rule<T>[], permissions: ReadonlySet<string>): T[] {
  return rules.filter((rule) => permissions.has(rule.when)).map((rule) => rule.entry);
}

/** Which workspace a path belongs to; the shop button books for it (order type epaper or channel). */
export function shopOrderType(pathname: string): "epaper" | "channel" | null {
  if (pathname === "/epaper" || pathname.startsWith("/epaper/")) return "epaper";
  if (pathname === "/channel" || pathname.startsWith("/channel/")) return "channel";
  return null;
}

export function buildShellMenu(permissions: ReadonlySet<string>, pathname: string): ShellMenu {
  // A menu whose own key is missing stays hidden even if single entries would pass.
  const epaper = permissions.has("epaperMenu") ? allowed(EPAPER_MENU, permissions) : [];
  const channel = permissions.has("channelMenu") ? allowed(CHANNEL_MENU, permissions) : [];
  const orderType = permissions.has("payment") ? shopOrderType(pathname) : null;
  const shop: MenuLink | null =
    orderType === "epaper"
      ? { id: "shop", labelKey: "shell.shop.bookContingent", href: shopPath("epaper") }
      : orderType === "channel"
        ? { id: "shop", labelKey: "shell.shop.bookChannels", href: shopPath("channel") }
        : null;
  return {
    epaper,
    channel,
    shop,
    main: {
      personal: allowed(PERSONAL, permissions),
      administration: allowed(ADMINISTRATION, permissions),
      // Everyone can log out, whatever else they may do (even during maintenance).
      logout: { id: "logout", labelKey: "shell.mainMenu.logout" },
    },
    signUp: permissions.has("signUp") ? { id: "signUp", labelKey: "shell.signUp", href: "/signup" } : null,
    search: permissions.has("support") && (pathname === "/support" || pathname.startsWith("/support/")),
  };
}

/**
 * The header of a user who has not confirmed the registration yet (issue 46): the menu confirming
 * would give, each entry the user cannot use yet marked `locked` (the header shows it disabled and
 * says why). The shop button, a plain link, is left out until then. Only shown: every page and
 * action checks the real permissions on the server.
 */
export function lockedShellMenu(current: ShellMenu, confirmed: ShellMenu): ShellMenu {
  const lock = <T extends MenuEntry>(entries: T[], allowed: MenuEntry[]): T[] =>
    entries.map((entry) => (allowed.some((own) => own.id === entry.id) ? entry : { ...entry, locked: true as const }));
  return {
    ...current,
    epaper: lock(confirmed.epaper, current.epaper),
    channel: lock(confirmed.channel, current.channel),
    main: { ...current.main, personal: lock(confirmed.main.personal, current.main.personal) },
  };
}
