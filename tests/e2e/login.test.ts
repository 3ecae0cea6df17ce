import { expect, type Page, test } from "@playwright/test";
import { E2E_BASE_URL } from "./support/slot.ts";
import { openMenu } from "./support/menus.ts";

// The demo admin the e2e seed creates (tests/e2e/serve.sh sets its password).
const ADMIN = { email: "admin@demo.epaper.test", password: "E2e!Admin2026" };

async function logIn(page: Page, labels: { email: string; password: string; submit: string }, password = ADMIN.password) {
  await page.getByLabel(labels.email).fill(ADMIN.email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: labels.submit, exact: true }).click();
}

/**
 * Logs out through the main menu. The page came as server-rendered HTML (a redirect from /login):
 * a press before React has hydrated it opens nothing, so the menu is pressed until it opens.
 */
async function logOut(page: Page, menu: RegExp, item: string) {
  const opened = await openMenu(page, page.getByRole("button", { name: menu }));
  await opened.getByRole("menuitem", { name: item }).click();
}

test.describe("login in English", () => {
  test.use({ locale: "en-US" });
  const labels = { email: "E-mail address", password: "Password", submit: "Log in" };

  test("a protected address visited logged out returns there after login; logout ends the session", async ({ page }) => {
    await page.goto("/epaper");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fepaper$/);
    await logIn(page, labels);
    await expect(page).toHaveURL(/\/epaper$/);
    await expect(page.getByRole("heading", { level: 1, name: "My ePaper" })).toBeVisible();
    await expect(page.getByTestId("user-name")).toBeVisible();

    // A logged-in user who opens /login goes straight on.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/epaper$/);

    // Logout sits in the app shell's main menu (studio-admin.md §2).
    await logOut(page, /^Main menu/, "Log out");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/epaper");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fepaper$/);
  });

  test("a wrong password gets 'Invalid credentials', an unknown address is named", async ({ page }) => {
    await page.goto("/login");
    await logIn(page, labels, "Wrong!Password1");
    await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
    await page.getByLabel(labels.email).fill("nobody@example.com");
    await page.getByLabel(labels.password, { exact: true }).fill("Wrong!Password1");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("There is no account with the e-mail address nobody@example.com");
  });

  test("a redirect target on another site is ignored", async ({ page }) => {
    await page.goto("/login?redirectTo=//evil.example/steal");
    await logIn(page, labels);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/epaper`);
  });
});

test.describe("login in German", () => {
  test.use({ locale: "de-DE" });
  const labels = { email: "E-Mail-Adresse", password: "Passwort", submit: "Anmelden" };

  test("logs in and out in German, wrong password in German", async ({ page }) => {
    await page.goto("/epaper");
    await logIn(page, labels, "Falsch!Passwort1");
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await logIn(page, labels);
    await expect(page).toHaveURL(/\/epaper$/);
    await expect(page.getByRole("heading", { level: 1, name: "Meine ePaper" })).toBeVisible();
    await logOut(page, /^Hauptmenü/, "Abmelden");
    await expect(page).toHaveURL(/\/login$/);
  });
});
