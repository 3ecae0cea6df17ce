import { expect, request, test } from "@playwright/test";
import { closeE2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { openAccountDrawer } from "./support/account-drawer.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { atOneSize } from "./support/language-size.ts";
import { E2E_BASE_URL } from "./support/slot.ts";

// The public API's keys as a customer meets them (issue 32, ADR 0056): made in the account
// drawer, the secret shown once, used by an outside program (a request context that holds no
// cookie of the studio), revoked, and refused at once; and the API reference page.

test.afterAll(closeE2eDb);

for (const lang of [
  {
    code: "en",
    locale: "en-US",
    menu: /^Main menu/,
    account: "Account",
    title: "API keys",
    name: "Name",
    create: "Create key",
    done: "Done",
  },
  {
    code: "de",
    locale: "de-DE",
    menu: /^Hauptmenü/,
    account: "Konto",
    title: "API-Schlüssel",
    name: "Name",
    create: "Schlüssel erstellen",
    done: "Fertig",
  },
] as const) {
  test.describe(`API keys (${lang.code})`, atOneSize(lang.code), () => {
    test.use({ locale: lang.locale });

    test("a key made in the account drawer reads the account's ePapers until it is revoked", async ({ page, context }, testInfo) => {
      const user = await insertUserWithLevel("2", { user: { emailLanguage: lang.code } });
      await logInAs(context, user);
      await page.goto("/epaper");
      const drawer = await openAccountDrawer(page, { ...lang, heading: lang.title });

      const keyName = `Shop export ${testInfo.project.name}`;
      await drawer.getByLabel(lang.name, { exact: true }).fill(keyName);
      await drawer.getByRole("button", { name: lang.create }).click();
      const secret = drawer.locator("#api-key-secret");
      await expect(secret).toHaveValue(/^ep_live_/);
      const token = await secret.inputValue();
      expect(await axeViolations(page)).toEqual([]);
      await drawer.getByRole("button", { name: lang.done }).click();
      // Shown once: gone from the page, the list names it by its prefix.
      await expect(secret).toHaveCount(0);
      await expect(drawer.getByRole("list", { name: lang.title }).getByText(keyName)).toBeVisible();
      expect(await page.content()).not.toContain(token);

      // An outside program: no cookies, the key as a bearer token.
      const outside = await request.newContext({ baseURL: E2E_BASE_URL });
      const listed = await outside.get("/api/v1/epapers", { headers: { Authorization: `Bearer ${token}` } });
      expect(listed.status()).toBe(200);
      expect(await listed.json()).toMatchObject({ items: [] });
      expect((await outside.get("/api/v1/epapers")).status()).toBe(401);

      // Revoked in the drawer: the next call is refused.
      await drawer.getByRole("button", { name: new RegExp(keyName) }).click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: /^(Revoke|Widerrufen)$/ })
        .click();
      await expect(drawer.getByRole("list", { name: lang.title }).getByText(keyName)).toHaveCount(0);
      const refused = await outside.get("/api/v1/epapers", { headers: { Authorization: `Bearer ${token}` } });
      expect(refused.status()).toBe(401);
      expect(refused.headers()["content-type"]).toContain("application/problem+json");
      await outside.dispose();
    });
  });
}

test("the API reference renders the generated document from the studio itself", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one page without a user: the desktop run says it all");
  const outside: string[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).origin !== E2E_BASE_URL) outside.push(sent.url());
  });
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.goto("/api/docs");
  await expect(page.getByText("/api/v1/epapers/{epaperId}").first()).toBeVisible({ timeout: 20_000 });
  expect(outside).toEqual([]);
  expect(problems).toEqual([]);
});
