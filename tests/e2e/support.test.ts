import { createId } from "@paralleldrive/cuid2";
import { expect, test } from "@playwright/test";
import { closeE2eDb, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { axeViolations } from "./support/reader-checks.ts";

// The support back office end to end (issue 14): a level-3 supporter finds an account by search,
// edits a contingent inline, switches into the account and back, changes a user's permission,
// and locks an ePaper found through the filter menu. The rules of every write are proven on the
// server (tests/integration/support.test.ts); this proves the journeys in a real browser.

test.afterAll(closeE2eDb);

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

    await page.goto("/support/accounts");
    await page.getByRole("searchbox", { name: "Search" }).fill(tag);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
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
    await page.screenshot({ path: testInfo.outputPath("support-users.png"), fullPage: true });
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
  });
});
