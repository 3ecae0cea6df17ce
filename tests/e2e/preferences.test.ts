import { expect, type Page, test } from "@playwright/test";
import { closeE2eDb, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { openMenu } from "./support/menus.ts";

// System preferences (issue 14): the JSON editor of a preference, a value its schema refuses
// (the message names the path; the editor marks it), and a valid value saved. Only the unused
// Cronjob interval is saved here: the other preferences change the whole service and the tests
// running beside this one (maintenance has its own serial test).

test.afterAll(closeE2eDb);

async function replaceJson(page: Page, text: string) {
  const content = page.getByTestId("preference-json").locator(".cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

for (const locale of ["en-US", "de-DE"] as const) {
  test.describe(`preferences (${locale})`, () => {
    test.use({ locale });

    test("a value refused by its schema, then a valid one saved", async ({ page, context }, testInfo) => {
      const german = locale === "de-DE";
      const admin = await insertUserWithLevel("4");
      await logInAs(context, admin);
      await page.goto("/preferences/cronjob");
      await expect(page.getByTestId("preference-json")).toContainText('"cronjobsActive"');
      const confirm = page.getByRole("button", { name: german ? "Bestätigen" : "Confirm", exact: true });
      await expect(confirm).toBeDisabled();

      await replaceJson(page, '{ "cronjobsActive": { "active": true }, "intervalMinutes": 0 }');
      await confirm.click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: german ? "Bestätigen" : "Confirm" })
        .click();
      const issues = page.getByRole("alert", { name: german ? "Probleme dieses Werts" : "Problems of this value" });
      await expect(issues).toContainText("/intervalMinutes: 0 doesn't match minimum requirement of 1");
      await expect(page.getByTestId("toasts-assertive")).toContainText(
        german ? "Der Wert passt nicht zum Schema der Einstellung" : "The value does not match the preference's schema",
      );
      await expect(page.locator(".cm-lintRange-error")).toHaveCount(1);
      await page.screenshot({ path: testInfo.outputPath("preference-refused.png"), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);

      // The preference is one for the whole service and the four runs of this test (two locales,
      // two devices) run side by side: each saves its own value, different from the stored one.
      const index = (german ? 1 : 0) + (testInfo.project.name === "phone" ? 2 : 0);
      const current = await e2eDb().selectFrom("systemPreference").select("json").where("name", "=", "Cronjob").executeTakeFirstOrThrow();
      const minutes = 2 + ((Number((current.json as { intervalMinutes?: number }).intervalMinutes ?? 0) + 1 + index * 7) % 1400);
      await replaceJson(page, `{ "cronjobsActive": { "active": true }, "intervalMinutes": ${minutes} }`);
      await confirm.click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: german ? "Bestätigen" : "Confirm" })
        .click();
      // (That it is stored is proven in tests/integration/preferences.test.ts; the runs beside this one may overwrite it.)
      await expect(page.getByTestId("toasts-polite")).toContainText(
        german ? "Die Einstellung wurde gespeichert." : "The preference was saved.",
      );
    });
  });
}

test.describe("developer kit", () => {
  test.use({ locale: "en-US" });

  test("the kit lists the migrations, finds Redis keys, and forces an error on the admin's own session", async ({
    page,
    context,
  }, testInfo) => {
    const admin = await insertUserWithLevel("4", { account: { name: "Kit GmbH" } });
    await logInAs(context, admin);
    await page.goto("/epaper");
    const menu = await openMenu(page, page.getByRole("button", { name: /^Main menu/ }));
    await menu.getByRole("menuitem", { name: "Developer kit" }).click();
    const kit = page.getByRole("dialog", { name: "Developer kit" });
    await expect(kit.getByText("2026_11_26_0014_shop_debug_indexes")).toBeVisible();
    await kit.getByLabel("Key pattern").fill(`nothing-here-${testInfo.project.name}:*`);
    await kit.getByRole("button", { name: "Find" }).click();
    await expect(kit.getByText("No key matches.")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("devkit-service.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await kit.getByRole("tab", { name: "Developer" }).click();
    await kit.getByLabel("Error", { exact: true }).selectOption("Forbidden");
    await kit.getByRole("button", { name: "Force this error" }).click();
    await expect(page.getByTestId("toasts-polite")).toContainText("The error is forced on your session.");
    await expect(kit.getByText("Forced: Forbidden")).toBeVisible();
    await kit.getByRole("button", { name: "Close" }).click();
    const banner = page.getByTestId("forced-error-banner");
    await expect(banner).toContainText("every call of your session answers with the error Forbidden");

    // A write of this session now answers with the forced error, and changes nothing.
    const code = `kit-${testInfo.project.name}-${Date.now()}`;
    await page.goto("/support/shop");
    const add = page.getByRole("form", { name: "Add a code: ZIP packages (epaper)" });
    await add.getByLabel("Code").fill(code);
    await add.getByLabel("Offer text").fill("Kit offer");
    await add.getByRole("button", { name: "Add" }).click();
    await expect(page.getByTestId("toasts-assertive")).toContainText("This action is not allowed.");
    expect(await e2eDb().selectFrom("shopOrderCode").select("id").where("codeKey", "=", code).executeTakeFirst()).toBeUndefined();

    // Stopped from the banner: the same write works.
    await banner.getByRole("button", { name: "Stop" }).click();
    await expect(page.getByTestId("forced-error-banner")).toHaveCount(0);
    await add.getByLabel("Code").fill(code);
    await add.getByLabel("Offer text").fill("Kit offer");
    await add.getByRole("button", { name: "Add" }).click();
    await expect(page.getByTestId("toasts-polite")).toContainText("The code was added.");
    await e2eDb().deleteFrom("shopOrderCode").where("codeKey", "=", code).execute();
  });
});
