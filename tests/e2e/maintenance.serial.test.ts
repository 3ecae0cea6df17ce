import { expect, test } from "@playwright/test";
import { closeE2eDb, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";

// Maintenance (issue 14; studio-admin.md §4): an admin turns it on after ticking the confirmation;
// a customer's open page turns into the maintenance screen at once, without a reload; turning it
// off asks the customer to reload and brings the workspace back. It runs alone (project
// 'service-wide'): maintenance locks out every customer of the service.

test.afterAll(async () => {
  await e2eDb()
    .updateTable("systemPreference")
    .set({ json: JSON.stringify({ maintenanceActive: { active: false } }) })
    .where("name", "=", "Maintenance")
    .execute();
  await closeE2eDb();
});

test.use({ locale: "en-US" });

test("maintenance on and off, seen from a customer's open page", async ({ page, context, browser }, testInfo) => {
  const admin = await insertUserWithLevel("4");
  await logInAs(context, admin);
  const customerContext = await browser.newContext({ locale: "de-DE" });
  const customer = customerContext.newPage();
  await logInAs(customerContext, await insertUserWithLevel("2"));
  const customerPage = await customer;
  await customerPage.goto("/epaper");
  await expect(customerPage.getByRole("heading", { level: 1, name: "Meine ePaper" })).toBeVisible();

  await page.goto("/preferences/maintenance");
  const maintenance = page.getByRole("switch", { name: "Maintenance mode" });
  await expect(maintenance).toBeDisabled();
  await page.getByText("I understand that customers cannot use the studio while maintenance is on.").click();
  await page.getByText("Maintenance mode", { exact: true }).last().click();
  await expect(page.getByTestId("toasts-polite")).toContainText("The preference was saved.");
  await expect(maintenance).toBeChecked();
  // Support and admins keep working, with the banner.
  await expect(page.getByTestId("maintenance-banner")).toBeVisible();

  // The customer's open page follows at once.
  await expect(customerPage.getByRole("heading", { level: 1, name: "Wartung" })).toBeVisible();
  await customerPage.screenshot({ path: testInfo.outputPath("maintenance-customer.png"), fullPage: true });

  await page.getByText("Maintenance mode", { exact: true }).last().click();
  await expect(maintenance).not.toBeChecked();
  await expect(customerPage.getByText("Die Wartung ist beendet. Bitte laden Sie die Seite neu.")).toBeVisible();
  await expect(customerPage.getByRole("heading", { level: 1, name: "Meine ePaper" })).toBeVisible();
  await customerContext.close();
});
