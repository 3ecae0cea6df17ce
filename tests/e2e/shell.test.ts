import { expect, test } from "@playwright/test";
import { insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { E2E_BASE_URL, E2E_LANDING_URL } from "./support/slot.ts";

test.describe("health", () => {
  test("/healthz reports MySQL and Redis as reachable", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.json();
    expect(body.status).toBe("ok");
    expect(body.checks.mysql.ok).toBe(true);
    expect(body.checks.redis.ok).toBe(true);
  });
});

test.describe("first visit", () => {
  test.use({ locale: "en-US" });

  test("a fresh browser logs in and reaches the workspace without a console error or a failed request", async ({ page, context }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    const user = await insertUserWithLevel("2");
    await context.clearCookies();
    await page.goto("/login");
    await logInAs(context, user);
    await page.goto("/epaper");
    await expect(page.getByTestId("upload-card")).toBeVisible();
    // Hydrated: the upload card's picker reacts (a page without its JavaScript would not).
    await expect(page.getByTestId("upload-card").getByRole("button").first()).toBeEnabled();
    expect(problems).toEqual([]);
  });
});

test.describe("not-found page", () => {
  test.use({ locale: "en-US" });

  test("an unknown address leads to the not-found page with its two buttons", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(new URL(page.url()).pathname).toBe("/page-not-found");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This page does not exist" })).toBeVisible();
    await expect(page.getByRole("link", { name: "To the landing page" })).toHaveAttribute("href", E2E_LANDING_URL);
    await expect(page.getByRole("link", { name: "Back to the studio" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found");
  });

  test("/404 is an alias of /page-not-found", async ({ page }) => {
    const response = await page.goto("/404");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This page does not exist" })).toBeVisible();
  });

  test("the back-to-studio button leads into the studio by keyboard", async ({ page }) => {
    await page.goto("/page-not-found");
    await page.getByRole("link", { name: "Back to the studio" }).focus();
    await page.keyboard.press("Enter");
    // "/" is the start route, which sends a logged-out visitor to the login and back afterwards.
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fepaper$/);
  });
});

test.describe("login page in German by default", () => {
  test.use({ locale: "fr-FR" });

  test("a browser in an unsupported language gets German", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
    await expect(page.getByLabel("E-Mail-Adresse")).toBeVisible();
    await expect(page.getByLabel("Passwort", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle("Anmelden");
  });

  test("German validation messages appear for wrong input", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("E-Mail-Adresse").fill("keine-adresse");
    await page.getByLabel("Passwort", { exact: true }).fill("kurz");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByText("Die E-Mail-Adresse ist ungültig")).toBeVisible();
    await expect(page.getByText("Passwort zu kurz (mindestens 10 Zeichen)")).toBeVisible();
  });
});

test.describe("login page in English", () => {
  test.use({ locale: "en-US" });

  test("an English browser gets English", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
  });

  test("the password can be shown and hidden with the keyboard", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("Secret!Pass1");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).focus();
    await page.keyboard.press("Enter");
    await expect(password).toHaveAttribute("type", "text");
    const hide = page.getByRole("button", { name: "Hide password" });
    await expect(hide).toBeVisible();
    // An icon of the set, not an emoji (an empty box in Debian's Chromium, issue 46).
    await expect(hide.locator("svg")).toHaveCount(1);
    await expect(hide).toHaveText("");
  });
});

test.describe("stored language", () => {
  test.use({ locale: "de-DE" });

  test("a stored choice wins over the browser, and a browser language is never stored", async ({ page, context }) => {
    const first = await page.goto("/login");
    // headers() hides Set-Cookie; allHeaders() shows it.
    expect((await first?.allHeaders())?.["set-cookie"] ?? "").not.toContain("lng=");

    // React Router stores a cookie value as base64 of its JSON.
    const value = Buffer.from(JSON.stringify("en")).toString("base64");
    await context.addCookies([{ name: "lng", value, url: E2E_BASE_URL }]);
    const second = await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    expect((await second?.allHeaders())?.["set-cookie"] ?? "").toContain("lng=");
  });
});
