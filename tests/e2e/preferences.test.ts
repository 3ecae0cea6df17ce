import { expect, type Page, test } from "@playwright/test";
import { closeE2eDb, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { axeViolations } from "./support/reader-checks.ts";

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
