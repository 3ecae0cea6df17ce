import { permissionSubject } from "#tests/support/permission-subject";
import { describe, expect, test } from "vitest";
import type { PermissionSubject } from "./permissions.ts";
import { computePermissions } from "./permissions.ts";
import { buildShellMenu, lockedShellMenu, shopOrderType } from "./shell-menu.ts";

// Users are described as the specs do (level, temporary, generated, demo account); the menu is
// built from the real permission module, so these tests also pin how the two fit together.

function menuFor(overrides: Partial<PermissionSubject>, pathname = "/epaper") {
  const subject = permissionSubject({ permissions: ["1"], ...overrides });
  return buildShellMenu(computePermissions(subject), pathname);
}

const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);

describe("app shell menu", () => {
  test("an admin sees every menu, the administration group and the shop button", () => {
    const menu = menuFor({ permissions: ["4"] });
    expect(ids(menu.epaper)).toEqual(["contingentHistory", "bookContingent", "epaperOverview"]);
    expect(ids(menu.channel)).toEqual(["bookChannels", "manageChannels", "manageSubdomains", "channelOverview"]);
    expect(menu.shop?.labelKey).toBe("shell.shop.bookContingent");
    expect(ids(menu.main.personal)).toEqual(["account", "profile", "media", "tours"]);
    expect(ids(menu.main.administration)).toEqual(["support", "preferences", "devKit"]);
    expect(menu.main.administration.map((link) => link.href)).toEqual(["/support/accounts", "/preferences/cronjob", "?dialog=devKit"]);
    expect(menu.signUp).toBeNull();
    expect(menu.search).toBe(false);
  });

  test("the search field is the support page's, for those who may be there", () => {
    expect(menuFor({ permissions: ["3"] }, "/support/epapers").search).toBe(true);
    expect(menuFor({ permissions: ["4"] }, "/support").search).toBe(true);
    expect(menuFor({ permissions: ["4"] }, "/supportive").search).toBe(false);
    expect(menuFor({ permissions: ["2"] }, "/support/epapers").search).toBe(false);
  });

  test("before the registration is confirmed, the header shows what confirming opens, locked (issue 46)", () => {
    const unconfirmed = menuFor({ permissions: ["2"], isTemporary: true });
    expect(unconfirmed.epaper).toEqual([]);
    const shown = lockedShellMenu(unconfirmed, menuFor({ permissions: ["2"] }));
    expect(ids(shown.epaper)).toEqual(["contingentHistory", "bookContingent", "epaperOverview"]);
    expect(shown.epaper.every((entry) => entry.locked)).toBe(true);
    expect(shown.channel.every((entry) => entry.locked)).toBe(true);
    // What the user may already do stays usable; the shop button waits.
    expect(shown.main.personal.filter((entry) => !entry.locked).map((entry) => entry.id)).toEqual(ids(unconfirmed.main.personal));
    expect(shown.main.personal.some((entry) => entry.locked)).toBe(true);
    expect(shown.shop).toBeNull();
  });

  test("support (level 3) gets the support area but not preferences or the developer kit", () => {
    expect(ids(menuFor({ permissions: ["3"] }).main.administration)).toEqual(["support"]);
  });

  test("an admin inside a demo account loses the system-wide tools", () => {
    expect(ids(menuFor({ permissions: ["4"], accountIsDemoAccount: true }).main.administration)).toEqual(["support"]);
  });

  test("an editor (level 1): no ePaper, channel or shop entries, no administration, but account and logout", () => {
    const menu = menuFor({ permissions: ["1"] });
    expect(menu.epaper).toEqual([]);
    expect(menu.channel).toEqual([]);
    expect(menu.shop).toBeNull();
    expect(ids(menu.main.personal)).toEqual(["account", "profile", "media", "tours"]);
    expect(menu.main.administration).toEqual([]);
    expect(menu.main.logout.id).toBe("logout");
  });

  test("a generated (try-it) user sees the sign-up button and little else", () => {
    const menu = menuFor({ permissions: ["2"], isGenerated: true, isTemporary: true });
    expect(menu.signUp?.href).toBe("/signup");
    expect(menu.epaper).toEqual([]);
    expect(menu.shop).toBeNull();
    expect(ids(menu.main.personal)).toEqual(["account"]);
  });

  test("during maintenance a customer keeps only logout", () => {
    const menu = menuFor({ permissions: ["2"], maintenanceActive: true });
    expect(menu.epaper).toEqual([]);
    expect(menu.main.personal).toEqual([]);
    expect(menu.main.administration).toEqual([]);
    expect(menu.main.logout.id).toBe("logout");
  });

  test("the shop button books for the workspace it is on, and is absent elsewhere", () => {
    expect(menuFor({ permissions: ["2"] }, "/epaper/abc").shop?.labelKey).toBe("shell.shop.bookContingent");
    expect(menuFor({ permissions: ["2"] }, "/channel").shop?.labelKey).toBe("shell.shop.bookChannels");
    expect(menuFor({ permissions: ["4"] }, "/support/accounts").shop).toBeNull();
    expect(shopOrderType("/epaper-ready")).toBeNull();
    expect(shopOrderType("/channels")).toBeNull();
  });
});
