import { createId } from "@paralleldrive/cuid2";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { closeE2eDb, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { E2E_SLOT } from "./support/slot.ts";
import { waitForMail } from "./support/mailbox.ts";

// The support back office end to end (issue 14): a level-3 supporter finds an account by search,
// edits a contingent inline, switches into the account and back, changes a user's permission,
// and locks an ePaper found through the filter menu. The rules of every write are proven on the
// server (tests/integration/support.test.ts); this proves the journeys in a real browser.

test.afterAll(closeE2eDb);

const SWATCH = { width: 48, height: 32, channels: 3, background: "#2255aa" } as const;

async function customerWithEpaper(tag: string) {
  const customer = await insertUserWithLevel("2", { account: { name: `Kunde ${tag}`, zipContingent: 3 } });
  const epaperId = createId();
  await e2eDb()
    .insertInto("epaper")
    .values({ id: epaperId, accountId: customer.accountId, name: `Heft ${tag}`, languageCode: "de", isRendered: true })
    .execute();
  return { ...customer, epaperId };
}

test.describe("support in English", () => {
  test.use({ locale: "en-US" });

  test("find an account, edit its contingent, switch into it and back, change a permission", async ({ page, context }, testInfo) => {
    const tag = createId().slice(0, 10);
    const supporter = await insertUserWithLevel("3");
    const customer = await customerWithEpaper(tag);
    await logInAs(context, supporter);

    // The header's search (support page only) writes ?search= and closes when the path changes.
    await page.goto("/support/users");
    const searchButton = page.getByRole("banner").getByRole("button", { name: "Search" });
    const searchbox = page.getByRole("searchbox", { name: "Search" });
    // A press before hydration does nothing: press until it opens (then the page is hydrated).
    const openSearch = () =>
      expect(async () => {
        if ((await searchButton.getAttribute("aria-expanded")) !== "true") await searchButton.click();
        await expect(searchButton).toHaveAttribute("aria-expanded", "true", { timeout: 1500 });
      }).toPass({ timeout: 15_000 });
    await openSearch();
    await expect(searchbox).toBeFocused();
    // A new path (a client-side navigation) closes it; so does going back.
    await page.getByRole("link", { name: "Accounts", exact: true }).click();
    await expect(page).toHaveURL(/\/support\/accounts$/);
    await expect(searchbox).toBeHidden();
    await openSearch();
    await page.goBack();
    await expect(page).toHaveURL(/\/support\/users$/);
    await expect(searchbox).toBeHidden();
    // Escape closes it too, and the focus goes back to the button.
    await openSearch();
    await searchbox.press("Escape");
    await expect(searchbox).toBeHidden();
    await expect(searchButton).toBeFocused();
    await page.getByRole("link", { name: "Accounts", exact: true }).click();
    await expect(page).toHaveURL(/\/support\/accounts$/);
    await openSearch();
    await page.getByRole("searchbox", { name: "Search" }).fill(tag);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await expect(page.getByText(`Results for “${tag}”`)).toBeVisible();
    const table = page.getByRole("region", { name: "Accounts" });
    await expect(table.getByRole("row")).toHaveCount(2);
    const row = table.getByRole("row").nth(1);
    await expect(row.getByRole("rowheader")).toContainText(`Kunde ${tag}`);
    await expect(page.getByRole("button", { name: /^Filter: All entries \(1\)/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("support-accounts.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // Inline edit: saved on Enter.
    const contingent = row.getByRole("spinbutton", { name: `ZIP contingent of Kunde ${tag}` });
    await contingent.fill("12");
    await contingent.press("Enter");
    await expect(page.getByTestId("toasts-polite")).toContainText("Saved.");
    await expect
      .poll(
        async () =>
          (await e2eDb().selectFrom("account").select("zipContingent").where("id", "=", customer.accountId).executeTakeFirstOrThrow())
            .zipContingent,
      )
      .toBe(12);

    // The row's audit trail names who changed what, with the values before and after.
    await row.getByRole("button", { name: `Audit trail of Kunde ${tag}` }).click();
    const drawer = page.getByRole("dialog", { name: `Audit trail of Kunde ${tag}` });
    await expect(drawer.getByRole("row").nth(1)).toContainText(supporter.email);
    await expect(drawer.getByRole("row").nth(1)).toContainText("account: update:zipContingent");
    await expect(drawer.getByRole("row").nth(1)).toContainText('{"zipContingent":12}');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);

    // Switch into the account: the workspace of the customer, the administered notice, and back.
    await row.getByRole("button", { name: `Switch to Kunde ${tag}` }).click();
    await expect(page).toHaveURL(/\/epaper$/);
    const banner = page.getByTestId("administered-banner");
    await expect(banner).toContainText(`You are working in the account “Kunde ${tag}”.`);
    await expect(page.getByText(`Heft ${tag}`).first()).toBeVisible();
    await banner.getByRole("button", { name: "Back to my account" }).click();
    await expect(page).toHaveURL(/\/support\/accounts$/);
    await expect(page.getByTestId("administered-banner")).toHaveCount(0);

    // The users link of the row leads to the account's users; a permission button toggles the level.
    await page.goto(`/support/users?search=${customer.accountId}`);
    const users = page.getByRole("region", { name: "Users" });
    await expect(users.getByRole("row")).toHaveCount(2);
    const support = users.getByRole("button", { name: `Support for ${customer.email}` });
    await expect(support).toHaveAttribute("aria-pressed", "false");
    await expect(users.getByRole("button", { name: `Admin for ${customer.email}` })).toBeDisabled();
    await support.click();
    await expect(page.getByTestId("toasts-polite")).toContainText("Permission added.");
    await expect(support).toHaveAttribute("aria-pressed", "true");
    await support.click();
    await expect(page.getByTestId("toasts-polite")).toContainText("Permission removed.");
    await expect(support).toHaveAttribute("aria-pressed", "false");

    // An e-mail change by support is a request (issue 27) the user approves first (issue 44): the
    // current address is asked, the new one gets nothing until then.
    const newEmail = `moved-${tag}@e2e.epaper.test`;
    const emailField = users.getByRole("textbox", { name: `E-mail of ${customer.email}` });
    await emailField.fill(newEmail);
    await emailField.press("Enter");
    await expect(page.getByTestId("toasts-polite")).toContainText("The user was asked at the current address to approve the change");
    await expect(users.getByText(`Waiting for the user's approval: ${newEmail}`)).toBeVisible();
    await expect(users.getByRole("textbox", { name: `E-mail of ${customer.email}` })).toHaveValue(customer.email);
    const approval = await waitForMail(customer.email, { subject: /approve the change|Zustimmung|bestätigen Sie die Änderung/i });
    expect(approval.text).toContain(supporter.email);
    expect(approval.text).toContain(newEmail);
    // Opening the approval link changes nothing by itself (a mail scanner runs the page's script):
    // the page names the address and waits for a press.
    const approveLink = approval.text?.match(/https?:\/\/\S+\/auth\/email-change-approve\/with\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
    const scanner = await (await page.context().browser()?.newContext({ locale: "en-US" }))?.newPage();
    if (!scanner) throw new Error("no second browser context");
    await scanner.goto(approveLink);
    await expect(scanner.getByText(`to ${newEmail}. Do you agree?`)).toBeVisible();
    await expect(scanner.getByRole("button", { name: "Approve the change" })).toBeVisible();
    await scanner.waitForTimeout(3_000); // longer than the 2 s after which other token pages go on by themselves
    const stillPending = await e2eDb()
      .selectFrom("user")
      .select(["email", "emailChangeRequestedBy"])
      .where("id", "=", customer.userId)
      .executeTakeFirstOrThrow();
    expect(stillPending).toEqual({ email: customer.email, emailChangeRequestedBy: supporter.email });
    await scanner.context().close();
    // The customer, signed in, approves in the profile; only then does the new address get its link.
    const customerPage = await (await page.context().browser()?.newContext({ locale: "en-US" }))?.newPage();
    if (!customerPage) throw new Error("no second browser context");
    await logInAs(customerPage.context(), customer);
    await customerPage.goto("/epaper");
    const menuButton = customerPage.getByRole("button", { name: /^Main menu/ });
    const profileItem = customerPage.getByRole("menuitem", { name: "Profile", exact: true });
    await expect(async () => {
      if (!(await profileItem.isVisible())) await menuButton.click();
      await expect(profileItem).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await profileItem.click();
    const pending = customerPage.getByTestId("pending-email-change");
    await expect(pending).toContainText(`asked to change your e-mail address to ${newEmail}`);
    await pending.getByRole("button", { name: "Approve the change" }).click();
    await expect(customerPage.getByTestId("toasts-polite")).toContainText(`${newEmail} now receives a link to confirm it`);
    await expect(pending).toHaveCount(0);
    expect((await waitForMail(newEmail, { subject: /Confirm your new e-mail address|Bestätigen Sie Ihre neue/ })).text).toContain(
      supporter.email,
    );
    await customerPage.context().close();
    // A user of a higher level than the supporter's: every action on the row is disabled.
    const admin = await insertUserWithLevel("4");
    await page.goto(`/support/users?search=${admin.accountId}`);
    await expect(users.getByRole("textbox", { name: `E-mail of ${admin.email}` })).toBeDisabled();
    await expect(users.getByRole("button", { name: `Send password request e-mail to ${admin.email}` })).toBeDisabled();
    await expect(users.getByRole("button", { name: `Support for ${admin.email}` })).toBeDisabled();
    await page.goto(`/support/users?search=${customer.accountId}`);
    await expect(users.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("support-users.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("try-it accounts", () => {
  test.use({ locale: "en-US" });

  test("renew the storage time of a try-it account from its row", async ({ page, context }) => {
    const tag = createId().slice(0, 10);
    const removeAt = new Date(Date.now() + 24 * 60 * 60_000);
    const tryIt = await insertUserWithLevel("2", {
      account: { name: `Try-it ${tag}`, isGenerated: true, isTemporary: true, removeAt },
      user: { isGenerated: true, isTemporary: true },
    });
    await logInAs(context, await insertUserWithLevel("3"));
    await page.goto(`/support/accounts?search=${tryIt.accountId}`);
    const row = page.getByRole("region", { name: "Accounts" }).getByRole("row").nth(1);
    await expect(row).toContainText("Stored until");
    await page.screenshot({ path: test.info().outputPath("renew-try-it.png") });
    await row.getByRole("button", { name: `Renew the storage time of Try-it ${tag}` }).click();
    await expect(page.getByTestId("toasts-polite")).toContainText("The storage time of the try-it account starts again from now.");
    // Seven days from now, not one: the row shows the new date.
    const stored = async () =>
      (await e2eDb().selectFrom("account").select("removeAt").where("id", "=", tryIt.accountId).executeTakeFirstOrThrow()).removeAt;
    await expect.poll(async () => ((await stored())?.getTime() ?? 0) - Date.now()).toBeGreaterThan(6 * 24 * 60 * 60_000);
    await expect(row.locator("time").first()).toHaveAttribute("datetime", (await stored())?.toISOString() ?? "");
    // A registered account has no storage time: no such button on its row.
    const registered = await insertUserWithLevel("2", { account: { name: `Registered ${tag}` } });
    await page.goto(`/support/accounts?search=${registered.accountId}`);
    await expect(page.getByRole("button", { name: /Renew the storage time/ })).toHaveCount(0);
  });
});

test.describe("render server (level 4)", () => {
  test.use({ locale: "en-US" });

  test("the host of a render process opens the node's state, health and metrics", async ({ page, context }, testInfo) => {
    const tag = createId().slice(0, 10);
    const customer = await customerWithEpaper(tag);
    const documentId = `doc-${tag}`;
    // The e2e stack's own render node (tests/e2e/serve.sh) is the server this process names.
    const nodeUrl = `http://127.0.0.1:${25151 + E2E_SLOT * 10}`;
    await e2eDb()
      .insertInto("renderProcess")
      .values({ id: createId(), epaperId: customer.epaperId, documentId, renderserverUrl: nodeUrl, pageCount: 4, pageCountReady: 1 })
      .execute();
    await logInAs(context, await insertUserWithLevel("4"));
    await page.goto(`/support/renderprocesses?search=${documentId}`);
    const drawer = page.getByRole("dialog", { name: "Render server" });
    // A press before hydration does nothing: press until the drawer opens.
    await expect(async () => {
      if (!(await drawer.isVisible())) await page.getByRole("button", { name: `Render server ${nodeUrl}` }).click();
      await expect(drawer).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 15_000 });
    await expect(drawer.getByText("takes work")).toBeVisible();
    await expect(drawer.getByText(/^serving \(\d+ of \d+\)$/)).toBeVisible();
    await expect(drawer.getByRole("table", { name: "Metrics" }).getByRole("rowheader", { name: "render_node_capacity" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("render-server.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("support in German", () => {
  test.use({ locale: "de-DE" });

  test("ein ePaper über den Filter finden und sperren", async ({ page, context }, testInfo) => {
    const tag = createId().slice(0, 10);
    const supporter = await insertUserWithLevel("4");
    const customer = await customerWithEpaper(tag);
    await logInAs(context, supporter);

    await page.goto(`/support/epaper?search=${encodeURIComponent(`Heft ${tag}`)}`);
    const table = page.getByRole("region", { name: "ePaper" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await table.getByRole("button", { name: `Heft ${tag} sperren` }).click();
    await expect(page.getByTestId("toasts-polite")).toContainText("Das ePaper ist gesperrt.");
    await expect(table.getByRole("button", { name: `Heft ${tag} entsperren` })).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: /^Filter: Alle Einträge \(1\)/ }).click();
    await page.getByRole("menuitem", { name: "Gesperrt" }).click();
    await expect(page).toHaveURL(/filter=locked/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await page.getByRole("button", { name: /^Filter: Gesperrt \(1\)/ }).click();
    await page.getByRole("menuitem", { name: "Filter zurücksetzen" }).click();
    await expect(page).not.toHaveURL(/filter=/);
    const locked = await e2eDb().selectFrom("epaper").select("isLocked").where("id", "=", customer.epaperId).executeTakeFirstOrThrow();
    expect(locked.isLocked).toBe(true);
    await page.screenshot({ path: testInfo.outputPath("support-epaper.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // Das Titelbild wechselt in das Konto der Kundin und öffnet ihren Arbeitsbereich bei diesem ePaper.
    await table.getByRole("button", { name: `Heft ${tag} in seinem Konto öffnen` }).click();
    await expect(page).toHaveURL(new RegExp(`/epaper\\?epaperId=${customer.epaperId}$`));
    await expect(page.locator(`[data-epaper-id="${customer.epaperId}"]`)).toHaveAttribute("data-selected", "true");
  });
});

test.describe("Dienst-Tabellen auf Deutsch", () => {
  test.use({ locale: "de-DE" });

  test("einen Kanal deaktivieren, einen Render-Prozess beenden, eine Mail erneut senden", async ({ page, context }) => {
    const tag = createId().slice(0, 10);
    const customer = await customerWithEpaper(tag);
    const channelId = createId();
    await e2eDb()
      .insertInto("channel")
      .values({ id: channelId, accountId: customer.accountId, name: `Kanal ${tag}`, shortPath: `k-${tag}` })
      .execute();
    const processId = createId();
    await e2eDb()
      .insertInto("renderProcess")
      .values({ id: processId, epaperId: customer.epaperId, documentId: `doc-${tag}`, pageCount: 2, active: true })
      .execute();
    const recipient = `kunde-${tag}@e2e.epaper.test`;
    await e2eDb()
      .insertInto("emailJob")
      .values({
        id: createId(),
        recipientEmail: recipient,
        type: "testEmail",
        language: "de",
        templateVars: JSON.stringify({ studioUrl: "http://localhost" }),
        attempts: 1,
        mailerError: "connection refused",
      })
      .execute();
    await logInAs(context, await insertUserWithLevel("3"));

    await page.goto(`/support/channels?search=${channelId}`);
    // The switches' names are for screen readers (the column says what they do): by keyboard.
    await page.getByRole("switch", { name: `Kanal ${tag} deaktiviert` }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByTestId("toasts-polite")).toContainText("Der Kanal ist deaktiviert.");
    await expect
      .poll(
        async () => (await e2eDb().selectFrom("channel").select("disabled").where("id", "=", channelId).executeTakeFirstOrThrow()).disabled,
      )
      .toBeTruthy();

    await page.goto(`/support/renderprocesses?search=doc-${tag}`);
    await page.getByRole("switch", { name: `Render-Prozess von Heft ${tag} aktiv` }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByTestId("toasts-polite")).toContainText("Der Render-Prozess ist inaktiv.");
    await expect
      .poll(
        async () =>
          (await e2eDb().selectFrom("renderProcess").select("active").where("id", "=", processId).executeTakeFirstOrThrow()).active,
      )
      .toBeFalsy();

    // Erneut senden geht wirklich hinaus: die Mail kommt im Postfach an.
    await page.goto(`/support/emailJobs?search=${encodeURIComponent(recipient)}`);
    await page.getByRole("button", { name: `Mail an ${recipient} erneut senden` }).click();
    await expect(page.getByTestId("toasts-polite")).toContainText("Die E-Mail wird erneut gesendet.");
    await waitForMail(recipient, { timeoutMs: 20_000 });
  });
});

test.describe("news and shop codes", () => {
  test.use({ locale: "en-US" });

  test("create a news with the manager, preview it, delete it; edit the shop's offers", async ({ page, context }, testInfo) => {
    const tag = createId().slice(0, 10);
    const supporter = await insertUserWithLevel("3");
    await logInAs(context, supporter);
    await page.goto("/support/news");
    await page.getByRole("button", { name: "Create news" }).click();
    const manager = page.getByRole("dialog", { name: "Create news" });
    const save = manager.getByRole("button", { name: "Save" });
    await manager.getByLabel("Headline").fill("ab");
    await expect(manager.getByText("The headline needs 3 to 200 characters.")).toBeVisible();
    await expect(save).toBeDisabled();
    await manager.getByLabel("Headline").fill(`Release ${tag}`);
    await manager.getByTestId("rich-text-editor").locator("[contenteditable]").fill("Our new reader is here.");
    await manager.getByLabel("Language").selectOption("en");
    // Inactive: the tests running beside this one must not see it in their menus (the feed: service-wide.serial.test.ts).
    await manager.getByText("Active", { exact: true }).click();
    // The image: a JPEG is refused at once; a PNG is taken and shown in the preview.
    const imageInput = manager.getByLabel("Image (PNG, up to 2000 KB)");
    await imageInput.setInputFiles({
      name: "photo.jpg",
      mimeType: "image/jpeg",
      buffer: await sharp({ create: SWATCH }).jpeg().toBuffer(),
    });
    await expect(manager.getByRole("alert")).toHaveText("The image must be a PNG file.");
    await imageInput.setInputFiles({
      name: "release.png",
      mimeType: "image/png",
      buffer: await sharp({ create: SWATCH }).png().toBuffer(),
    });
    await expect(manager.getByText("New image: release.png")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("news-manager.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await save.click();
    await expect(page.getByTestId("toasts-polite")).toContainText("The news was created.");
    await expect(manager).toHaveCount(0);
    const row = page.getByRole("row").filter({ hasText: `Release ${tag}` });
    await expect(row).toContainText("Our new reader is here.");
    await row.getByRole("button", { name: `Preview the news “Release ${tag}”` }).click();
    const preview = page.getByRole("dialog", { name: `Release ${tag}` });
    await expect(preview).toContainText("Our new reader is here.");
    await expect(preview.locator("img")).toHaveJSProperty("naturalWidth", 48);
    await page.keyboard.press("Escape");
    await row.getByRole("button", { name: `Delete the news “Release ${tag}”` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toasts-polite")).toContainText("The news was deleted.");
    await expect(row).toHaveCount(0);

    await page.goto("/support/shop");
    const channels = page.getByRole("form", { name: "Add a code: Channels (channel)" });
    await channels.getByLabel("Code").fill(`ch-${tag}`);
    await channels.getByLabel("Offer text").fill("Channel ×5");
    await channels.getByRole("button", { name: "Add" }).click();
    await expect(page.getByTestId("toasts-polite")).toContainText("The code was added.");
    const text = page.getByRole("textbox", { name: `Text of ch-${tag}` });
    await text.fill("Channel ×5 (24 months)");
    await text.press("Enter");
    await expect(page.getByTestId("toasts-polite")).toContainText("The offer was saved.");
    const stored = await e2eDb().selectFrom("shopOrderCode").select("text").where("codeKey", "=", `ch-${tag}`).executeTakeFirstOrThrow();
    expect(stored.text).toBe("Channel ×5 (24 months)");
    // The shop debug beside the codes: what the shop reported, and the subscriptions.
    await expect(page.getByRole("table", { name: "Channel subscriptions" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Shop events received" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("support-shop.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: `Delete the code ch-${tag}` }).click();
    await expect(page.getByTestId("toasts-polite")).toContainText("The code was deleted.");
    await expect(text).toHaveCount(0);
  });
});
