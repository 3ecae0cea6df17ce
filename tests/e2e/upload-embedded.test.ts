import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { CORPUS } from "../support/render-farm.ts";
import { E2E_BASE_URL } from "./support/slot.ts";

// The embedded widget in a customer's page on another site: there the studio's SameSite cookies
// are not sent, so the widget must work with its own bearer token, and hand over to the studio.

/**
 * The customer's site, a real server on 127.0.0.1: another site than the studio's localhost
 * (and, unlike a name Playwright fakes, a loopback address that Chrome's private network rules
 * let frame the studio). /news-<locale>.html embeds the widget.
 */
let customer: { origin: string; close: () => Promise<void> };
test.beforeAll(async () => {
  const server = createServer((request, response) => {
    const locale = request.url?.match(/news-(\w+)\.html/)?.[1] ?? "en";
    const body = `<!doctype html><h1>Customer news</h1><iframe title="upload" src="${E2E_BASE_URL}/upload-embedded?locale=${locale}" width="260" height="260"></iframe>`;
    response.writeHead(200, { "Content-Type": "text/html" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  customer = { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
});
test.afterAll(() => customer.close());

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
  test(`the embedded widget (${lang.locale}) uploads into a new anonymous account and opens the studio`, async ({ page }) => {
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
  });
}
