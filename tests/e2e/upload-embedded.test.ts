import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { expect, type Page, test } from "@playwright/test";
import { closeE2eDb, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { CORPUS } from "../support/render-farm.ts";
import { atOneSize } from "./support/language-size.ts";
import { E2E_BASE_URL } from "./support/slot.ts";

// The embedded widget in a customer's page on another site: there the studio's SameSite cookies
// are not sent, so the widget must work with its own bearer token, and hand over to the studio.

/**
 * The customer's site, a real server on 127.0.0.1: another site than the studio's localhost
 * (and, unlike a name Playwright fakes, a loopback address that Chrome's private network rules
 * let frame the studio). /news-<locale>.html embeds the widget; /pasted-<id>.html is a page
 * into which a test pasted the widget code it copied in the studio.
 */
let customer: { origin: string; close: () => Promise<void> };
const pasted = new Map<string, string>();
test.beforeAll(async () => {
  const server = createServer((request, response) => {
    const pastedId = request.url?.match(/^\/pasted-(\w+)\.html$/)?.[1];
    if (pastedId !== undefined) {
      const body = `<!doctype html><html lang="en"><title>Customer shop</title><h1>Our shop</h1>${pasted.get(pastedId) ?? ""}</html>`;
      response.writeHead(200, { "Content-Type": "text/html" }).end(body);
      return;
    }
    const locale = request.url?.match(/news-(\w+)\.html/)?.[1] ?? "en";
    const body = `<!doctype html><h1>Customer news</h1><iframe title="upload" src="${E2E_BASE_URL}/upload-embedded?locale=${locale}" width="260" height="260"></iframe>`;
    response.writeHead(200, { "Content-Type": "text/html" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  customer = { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
});
test.afterAll(async () => {
  await customer.close();
  await closeE2eDb();
});

for (const lang of [
  {
    locale: "de",
    title: "PDF hochladen",
    create: "ePaper erstellen",
    error: "Diese Datei ist kein PDF",
    welcome: "Willkommen im ePaper Studio!",
  },
  { locale: "en", title: "Upload PDF", create: "Create ePaper", error: "This file is not a PDF", welcome: "Welcome to ePaper Studio!" },
] as const) {
  test(
    `the embedded widget (${lang.locale}) uploads into a new anonymous account and opens the studio`,
    atOneSize(lang.locale),
    async ({ page }) => {
      test.slow();
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.99.0.${lang.locale === "de" ? 1 : 2}` });
      await page.goto(`${customer.origin}/news-${lang.locale}.html`);
      const widget = page.frameLocator("iframe[title=upload]");
      await expect(widget.getByRole("heading", { name: lang.title })).toBeVisible();
      // No global messages region inside the widget.
      await expect(widget.getByRole("region", { name: /Notifications|Benachrichtigungen/ })).toHaveCount(0);

      // An error shows in an overlay with OK.
      await widget.locator("input[type=file]").setInputFiles(path.join(CORPUS, "opf__renamed_lorem-ipsum.htm.pdf"));
      const overlay = widget.getByRole("alertdialog");
      await expect(overlay).toContainText(lang.error);
      await overlay.getByRole("button", { name: "OK" }).click();
      await expect(overlay).toBeHidden();

      await widget.locator("input[type=file]").setInputFiles(path.join(CORPUS, "qpdf__link-annots.pdf"));
      await widget.getByRole("button", { name: lang.create }).click();
      // The studio opens in the top window, logged in as the widget's try-it user, at the new ePaper.
      await expect(page).toHaveURL(new RegExp(`^${E2E_BASE_URL}/epaper\\?epaperId=`), { timeout: 20_000 });
      await expect(page.getByRole("heading", { name: lang.welcome })).toBeVisible();
      const card = page.getByRole("article", { name: "qpdf__link-annots" });
      await expect(card).toHaveAttribute("data-selected", "true");
    },
  );
}

/** The account drawer, through the main menu (pressed again until hydration lets it open). */
async function openAccountDrawer(page: Page) {
  const menuButton = page.getByRole("button", { name: /^Main menu/ });
  const item = page.getByRole("menuitem", { name: "Account", exact: true });
  await expect(async () => {
    if (!(await item.isVisible())) await menuButton.click();
    await expect(item).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await item.click();
  const drawer = page.getByRole("dialog", { name: "Account", exact: true });
  await expect(drawer).toBeVisible();
  return drawer;
}

test.describe("the widget code from the studio (issue 30 item 5, ADR 0052)", () => {
  test.use({ locale: "en-US" });

  test("an owner copies the code in the account drawer; pasted into a page of another site it uploads for their account", async ({
    page,
    context,
    browser,
  }) => {
    test.slow();
    const owner = await insertUserWithLevel("2");
    await logInAs(context, owner);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/epaper");
    const drawer = await openAccountDrawer(page);

    await drawer.getByLabel("Language of the widget").selectOption("en");
    const returnField = drawer.getByRole("textbox", { name: "Return address (optional)" });
    // A script address is refused with a translated message, before anything is sent.
    await returnField.fill("javascript:alert(1)");
    await drawer.getByRole("button", { name: "Create code" }).click();
    await expect(drawer.getByText("Please enter a complete web address that starts with https:// or http://")).toBeVisible();
    const returnUrl = `${customer.origin}/thanks.html`;
    await returnField.fill(returnUrl);
    await drawer.getByRole("button", { name: "Create code" }).click();

    // The code names the studio's public address; it arrives focused, then goes to the clipboard.
    const codeField = drawer.getByRole("textbox", { name: "HTML code for your website" });
    await expect(codeField).toHaveValue(
      new RegExp(`^<iframe src="${E2E_BASE_URL}/upload-embedded\\?locale=en&amp;affiliate=[\\w-]{22}&amp;return=`),
    );
    await expect(codeField).toBeFocused();
    await drawer.getByRole("button", { name: "Copy code" }).click();
    await expect(drawer.getByRole("status").filter({ hasText: "The code has been copied to the clipboard." })).toBeVisible();
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    expect(snippet).toBe(await codeField.inputValue());

    // Pasted into a page of the customer's site (another origin), seen by a visitor of that site.
    const id = createId();
    pasted.set(id, snippet);
    const visitor = await browser.newContext({ locale: "en-US", extraHTTPHeaders: { "X-Forwarded-For": "10.99.0.3" } });
    try {
      const visit = await visitor.newPage();
      await visit.goto(`${customer.origin}/pasted-${id}.html`);
      const widget = visit.frameLocator('iframe[title="Upload a PDF to ePaper Studio"]');
      await expect(widget.getByRole("heading", { name: "Upload PDF" })).toBeVisible();
      await widget.locator("input[type=file]").setInputFiles(path.join(CORPUS, "qpdf__link-annots.pdf"));
      await widget.getByRole("button", { name: "Create ePaper" }).click();
      // The visitor's try-it account in the studio, with the way back to the customer's page.
      await expect(visit).toHaveURL(new RegExp(`^${E2E_BASE_URL}/epaper\\?epaperId=`), { timeout: 20_000 });
      await expect(visit.getByRole("heading", { name: "Welcome to ePaper Studio!" })).toBeVisible();
      await expect(visit.getByRole("link", { name: `Back to ${new URL(customer.origin).host}` })).toHaveAttribute("href", returnUrl);
    } finally {
      await visitor.close();
    }

    // The try-it account counts for the owner's account, and the drawer says so.
    const referred = await e2eDb()
      .selectFrom("account")
      .select(["isGenerated", "widgetReturnUrl"])
      .where("referredByAccountId", "=", owner.accountId)
      .execute();
    expect(referred).toEqual([{ isGenerated: true, widgetReturnUrl: returnUrl }]);
    await page.reload();
    const again = await openAccountDrawer(page);
    const trying = again.locator("dt", { hasText: "Accounts from your widget, still testing" }).locator("xpath=following-sibling::dd[1]");
    await expect(trying).toHaveText("1");
  });
});
