import { createId } from "@paralleldrive/cuid2";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { openInEditor, openSettingsDialog } from "./support/editor.ts";
import { atOneSize } from "./support/language-size.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { textsIn } from "./support/texts.ts";

// Issue 46 'Done means': axe over every studio screen and dialog, not only the main screens. The
// journeys of each feature check their own screens; this sweep opens the dialogs no journey
// checks (the card's dialogs, folder dialogs, confirmations, drawers, support's and the
// preferences' confirmations) and asks axe about each while it is open. Nothing is confirmed:
// every dialog is closed again with Escape.

/** Presses `trigger` until `opened` shows (a press before hydration does nothing), then checks the page with axe and closes with Escape. */
async function check(page: Page, trigger: () => Promise<void>, opened: Locator) {
  await expect(async () => {
    if (!(await opened.isVisible())) await trigger();
    await expect(opened).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  // react-aria shows a modal at opacity 0 for its first frames (it measures its entrance); axe
  // counts a transparent dialog as no dialog and then misses the page's main and h1 behind it.
  await expect
    .poll(() =>
      opened.evaluate((dialog) => {
        for (let element: Element | null = dialog; element; element = element.parentElement)
          if (getComputedStyle(element).opacity !== "1") return false;
        return true;
      }),
    )
    .toBe(true);
  expect(await axeViolations(page), (await opened.getAttribute("aria-label").catch(() => null)) ?? "").toEqual([]);
  await page.keyboard.press("Escape");
  await expect(opened).toBeHidden();
}

/** A menu item of a menu that `button` opens. */
const fromMenu = (page: Page, button: Locator, item: string | RegExp) => async () => {
  if (!(await page.getByRole("menu").isVisible())) await button.click();
  await page.getByRole("menuitem", { name: item, exact: typeof item === "string" }).click();
};

test.describe("axe sweep (en)", atOneSize("en"), () => {
  test.use({ locale: "en-US" });

  test("the workspace, its card, folder, shell dialogs and drawers", async ({ page, context }) => {
    test.setTimeout(120_000);
    const admin = await insertUserWithLevel("4", { user: { emailLanguage: "en", demoActive: true }, account: { zipContingent: 0 } });
    const name = `Sweep ${createId().slice(0, 8)}`;
    await e2eDb()
      .insertInto("epaper")
      .values({ id: createId(), accountId: admin.accountId, name, languageCode: "en", isRendered: true, pageCount: 1 })
      .execute();
    await logInAs(context, admin);
    await page.goto("/epaper");
    await expect(page.getByRole("article", { name })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const card = page.getByRole("article", { name });
    const actions = card.getByRole("button", { name: `Actions for ${name}` });
    await check(page, fromMenu(page, actions, "Rename"), page.getByRole("dialog", { name: "Rename ePaper" }));
    await check(page, fromMenu(page, actions, "Delete"), page.getByRole("alertdialog", { name: "Delete ePaper?" }));
    await check(page, fromMenu(page, actions, "Mark as demo"), page.getByRole("alertdialog", { name: "Mark as demo?" }));
    // Without zip packages, the dialog lists what the shop offers, with prices (issue 46).
    const zip = page.getByRole("dialog", { name: `Zip package of ${name}` });
    await fromMenu(page, actions, "Zip package")();
    await expect(zip.getByTestId("zip-offers").getByRole("listitem").first()).toHaveText("1 ZIP package · €19");
    await expect(zip.getByText("You have no zip packages yet.", { exact: false })).toBeVisible();
    await page.keyboard.press("Escape");
    await check(page, fromMenu(page, actions, "Zip package"), page.getByRole("dialog", { name: `Zip package of ${name}` }));
    await check(
      page,
      fromMenu(page, actions, "Publish to channel"),
      page.getByRole("dialog", { name: /^(Publish to channel|No channels available)$/ }),
    );

    // Folders: a new one, then its own menu's dialogs.
    const folder = `Folder ${createId().slice(0, 6)}`;
    await check(
      page,
      () => page.getByRole("button", { name: "New folder", exact: true }).click(),
      page.getByRole("dialog", { name: "New folder in “My ePaper”" }),
    );
    await page.getByRole("button", { name: "New folder", exact: true }).click();
    const create = page.getByRole("dialog", { name: "New folder in “My ePaper”" });
    await create.getByRole("textbox", { name: "Folder name" }).fill(folder);
    await create.getByRole("button", { name: "Create" }).click();
    await expect(create).toBeHidden();
    const folderMenu = page.getByRole("button", { name: `Actions for folder ${folder}`, exact: true });
    await check(page, fromMenu(page, folderMenu, "Rename"), page.getByRole("dialog", { name: "Rename folder" }));
    await check(page, fromMenu(page, folderMenu, /^Move to/), page.getByRole("dialog", { name: `Move “${folder}”` }));
    await check(page, fromMenu(page, folderMenu, "Delete"), page.getByRole("alertdialog", { name: `Delete folder “${folder}”?` }));

    // The shell: footer, drawers and the confirmations they hold.
    const banner = page.getByRole("banner");
    const main = banner.getByRole("button", { name: /^Main menu/ });
    await check(
      page,
      () => page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click(),
      page.getByRole("dialog", { name: "Cookie settings" }),
    );
    await check(page, fromMenu(page, main, "Profile"), page.getByRole("dialog", { name: "Profile", exact: true }));
    await check(page, fromMenu(page, main, "Account"), page.getByRole("dialog", { name: "Account", exact: true }));
    const account = page.getByRole("dialog", { name: "Account", exact: true });
    await fromMenu(page, main, "Account")();
    await check(
      page,
      () => account.getByRole("button", { name: "Delete account" }).click(),
      page.getByRole("alertdialog", { name: /^(Delete the account\?|Active channel subscriptions)$/ }),
    );
    await page.keyboard.press("Escape");
    await page.goto("/epaper?dialog=devKit");
    const kit = page.getByRole("dialog", { name: "Developer kit" });
    await expect(kit).toBeVisible();
    await kit.getByRole("tab", { name: "Developer" }).click();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("support's drawers and confirmations, and the preferences' confirmation", async ({ page, context }) => {
    const admin = await insertUserWithLevel("4", { user: { emailLanguage: "en" } });
    const customer = await insertUserWithLevel("2", { account: { name: `Sweep customer ${createId().slice(0, 6)}` } });
    const epaperName = `Sweep issue ${createId().slice(0, 6)}`;
    const epaperId = createId();
    await e2eDb()
      .insertInto("epaper")
      .values({ id: epaperId, accountId: customer.accountId, name: epaperName, languageCode: "en", isRendered: true })
      .execute();
    await logInAs(context, admin);

    await page.goto(`/support/accounts?search=${customer.accountId}`);
    const accounts = page.getByRole("region", { name: "Accounts" });
    await expect(accounts.getByRole("row")).toHaveCount(2);
    await check(
      page,
      () => page.getByRole("button", { name: "Service notification" }).click(),
      page.getByRole("dialog", { name: "Send a service notification" }),
    );
    await check(
      page,
      () => accounts.getByRole("button", { name: /^API keys of / }).click(),
      page.getByRole("dialog", { name: /^API keys of / }),
    );
    await check(
      page,
      () => accounts.getByRole("button", { name: /^Delete all ePapers of / }).click(),
      page.getByRole("alertdialog", { name: "Delete all ePapers?" }),
    );
    await check(
      page,
      () => accounts.getByRole("button", { name: /^Delete account / }).click(),
      page.getByRole("alertdialog", { name: "Delete this account?" }),
    );

    await page.goto(`/support/users?search=${customer.userId}`);
    await check(
      page,
      () => page.getByRole("button", { name: `Delete user ${customer.email}` }).click(),
      page.getByRole("alertdialog", { name: "Delete this user?" }),
    );

    await page.goto(`/support/epaper?search=${epaperId}`);
    await check(
      page,
      () => page.getByRole("button", { name: epaperName, exact: true }).click(),
      page.getByRole("dialog", { name: "ePaper details" }),
    );
    await check(
      page,
      () => page.getByRole("button", { name: `Delete ${epaperName}` }).click(),
      page.getByRole("alertdialog", { name: "Delete this ePaper?" }),
    );

    await page.goto("/preferences/tour");
    const content = page.getByTestId("preference-json").locator(".cm-content");
    await content.click();
    await page.keyboard.press("End");
    await page.keyboard.insertText(" ");
    const save = page.getByRole("alertdialog", { name: "Save the preference Tour?" });
    await check(page, () => page.getByRole("button", { name: "Confirm", exact: true }).click(), save);
  });
});

// The same kind of sweep in German on the phone (issue 46: every language and size): the channel
// workspace and the editor, their labels by key.
for (const lang of ["de"] as const) {
  test.describe(`axe sweep (${lang})`, atOneSize(lang), () => {
    test.use({ locale: "de-DE" });

    test("the channel workspace's dialogs and the channel shop", async ({ page, context }) => {
      const t = await textsIn(lang);
      const user = await insertUserWithLevel("2", { user: { emailLanguage: lang } });
      const channel = `Sweep channel ${createId().slice(0, 6)}`;
      await e2eDb()
        .insertInto("channel")
        .values({ id: createId(), accountId: user.accountId, name: channel, shortPath: createId().slice(0, 10) })
        .execute();
      await logInAs(context, user);
      await page.goto("/channel");
      const actions = page.getByRole("article", { name: channel }).getByRole("button", { name: t("channel.actions", { name: channel }) });
      await check(
        page,
        fromMenu(page, actions, t("channel.menu.qr")),
        page.getByRole("dialog", { name: t("channel.qr.title", { name: channel }) }),
      );
      await check(page, fromMenu(page, actions, t("channel.menu.rename")), page.getByRole("dialog", { name: t("channel.rename.title") }));
      await check(
        page,
        fromMenu(page, actions, t("channel.menu.renewUrl")),
        page.getByRole("alertdialog", { name: t("channel.confirm.renewTitle") }),
      );
      await check(
        page,
        fromMenu(page, actions, t("channel.menu.renewDisconnect")),
        page.getByRole("alertdialog", { name: t("channel.confirm.renewDisconnectTitle") }),
      );
      await page.goto("/shop/channel");
      await expect(page.getByRole("heading", { level: 1, name: t("shop.channel.title") })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test("the editor's note of pages to check, its colour and settings dialogs", async ({ page, context }) => {
      test.setTimeout(120_000);
      const t = await textsIn(lang);
      const user = await insertUserWithLevel("2", { user: { emailLanguage: lang } });
      await logInAs(context, user);
      const name = `Sweep editor ${createId().slice(0, 6)}`;
      const epaperId = await openInEditor(page, name, "pypdf__habibi.pdf");
      // A page the render had to stand in for (issue 46): the card and the editor name it.
      await e2eDb().updateTable("page").set({ supervision: "high" }).where("epaperId", "=", epaperId).where("page", "=", 1).execute();
      await page.goto("/epaper");
      await expect(page.getByRole("article", { name }).getByTestId("pages-to-check")).toHaveText(
        ` · ${t("epaper.card.pagesToCheck", { count: 1 })}`,
      );
      await page.goto(`/epaper/${epaperId}`);
      const note = page.getByRole("region", { name: t("editor.pagesToCheck.title") });
      await expect(note).toContainText(t("editor.pagesToCheck.blank", { count: 1 }).split(";")[0] ?? "");
      await expect(note.getByRole("button", { name: t("editor.pagesToCheck.goTo", { page: 1 }) })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      const menu = new RegExp(`^${t("media.settings.menu")}`);
      await check(
        page,
        () => openSettingsDialog(page, { menu, item: t("media.settings.clickAreaColors") }),
        page.getByRole("dialog", { name: t("media.settings.clickAreaColors") }),
      );
      await check(
        page,
        () => openSettingsDialog(page, { menu, item: t("settings.menuItem") }),
        page.getByRole("dialog", { name: t("settings.title", { name }) }),
      );
    });
  });
}
