import path from "node:path";
import { expect, test } from "@playwright/test";
import { CORPUS } from "../support/corpus.ts";
import { e2eDb } from "../support/e2e-users.ts";
import { atOneSize } from "./support/language-size.ts";
import { linkIn, waitForMail } from "./support/mailbox.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { fillSignup, SIGNUP_LABELS } from "./support/signup.ts";

// The first hour in one journey (issue 46 'Done means'): sign up, confirm, upload, see the cover
// while the other pages still render, open the editor on the pages there so far and watch the
// rest arrive, then publish a preview link and open it as a reader. English on a desktop, German
// on a phone. Nothing here is timed: "while the render runs" is what the pages in the database say.

const LANGUAGES = [
  {
    code: "en",
    locale: "en-US",
    signup: SIGNUP_LABELS.en,
    mail: /confirm your registration/i,
    book: "Book contingent",
    locked: "Opens once you have confirmed your registration (link in our e-mail)",
    closeTour: "Close the tour",
    create: /Create ePaper/,
    cover: (name: string) => `Cover of ${name}`,
    rendering: /of 65 pages are ready; the others appear here as they are rendered/,
    ofPages: "of 65",
    preview: "Preview",
    previewQueued: "Preview opens when all pages are ready …",
    previewTitle: (name: string) => `Preview of ${name}`,
    previewBack: "Back to editing",
    back: "Back to my ePapers",
    actions: (name: string) => `Actions for ${name}`,
    linkMenu: "Preview link",
    linkTitle: (name: string) => `Preview link of ${name}`,
    linkCreate: "Create preview link",
    gate: "Protected preview",
    password: "Password",
    gateSubmit: "View protected content",
  },
  {
    code: "de",
    locale: "de-DE",
    signup: SIGNUP_LABELS.de,
    mail: /bestätigen Sie Ihre Registrierung/i,
    book: "Kontingent buchen",
    locked: "Verfügbar, sobald Sie Ihre Registrierung bestätigt haben (Link in unserer E-Mail)",
    closeTour: "Tour schließen",
    create: /ePaper erstellen/,
    cover: (name: string) => `Titelseite von ${name}`,
    rendering: /von 65 Seiten sind fertig; die übrigen erscheinen hier, sobald sie gerendert sind/,
    ofPages: "von 65",
    preview: "Vorschau",
    previewQueued: "Vorschau öffnet sich, wenn alle Seiten fertig sind …",
    previewTitle: (name: string) => `Vorschau von ${name}`,
    previewBack: "Zurück zur Bearbeitung",
    back: "Zurück zu meinen ePapern",
    actions: (name: string) => `Aktionen für ${name}`,
    linkMenu: "Vorschau-Link",
    linkTitle: (name: string) => `Vorschau-Link von ${name}`,
    linkCreate: "Vorschau-Link erstellen",
    gate: "Geschützte Vorschau",
    password: "Passwort",
    gateSubmit: "Geschützten Inhalt ansehen",
  },
] as const;

const STRONG = "Hund&Katze42-Ufer";
const PDF = "plumber__chelsea_pdta.pdf"; // 65 pages: a render long enough to watch

for (const lang of LANGUAGES) {
  test.describe(`first run (${lang.code})`, atOneSize(lang.code), () => {
    test.use({ locale: lang.locale });

    test("sign up, confirm, upload, cover and editor while pages render, preview link opened", async ({ page, browser }, testInfo) => {
      // A signup, a 65-page render and a publish beside the other worker's tests.
      test.setTimeout(240_000);
      const byte = () => Math.floor(Math.random() * 254) + 1;
      await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.${byte()}.${byte()}.${byte()}` });
      // A new user meets the guided tours; they wait for an idle moment, and are closed when they come.
      const tour = page.locator(".driver-popover");
      await page.addLocatorHandler(tour, async () => {
        await tour.getByRole("button", { name: lang.closeTour }).click();
      });

      // Sign up, then the confirmation link from the mail (it posts at once, no forced wait).
      const email = `first-${lang.code}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      await page.goto("/signup");
      await fillSignup(page, lang.signup, email, STRONG);
      await page.getByRole("button", { name: lang.signup.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/epaper$/);
      // Before confirming, the navigation is there; what confirming opens is shown locked, saying why.
      await page.getByRole("button", { name: "ePaper", exact: true }).click();
      const locked = page.getByRole("menuitem", { name: new RegExp(lang.book) });
      await expect(locked).toBeDisabled();
      await expect(locked).toContainText(lang.locked);
      await page.keyboard.press("Escape");
      const mail = await waitForMail(email, { subject: lang.mail });
      await page.goto(linkIn(mail, "/auth/signup/with/"));
      await expect(page).toHaveURL(/\/epaper$/);

      // Upload: the cover shows on the card while the other pages still render.
      const name = `First run ${lang.code} ${Date.now()}`;
      const upload = page.getByTestId("upload-card");
      await upload.locator("input[type=file]").setInputFiles(path.join(CORPUS, PDF));
      await expect(upload.getByRole("textbox").first()).toHaveValue(/chelsea_pdta/, { timeout: 30_000 });
      await upload.getByRole("textbox").first().fill(name);
      await upload.getByRole("button").filter({ hasText: lang.create }).click();
      const card = page.getByRole("article", { name });
      await expect(card.getByRole("img", { name: lang.cover(name) })).toBeVisible({ timeout: 60_000 });
      const epaperId = (await card.getAttribute("data-epaper-id")) as string;
      const stored = async () =>
        Number(
          (
            await e2eDb()
              .selectFrom("page")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("epaperId", "=", epaperId)
              .where("renderedAt", "is not", null)
              .executeTakeFirstOrThrow()
          ).n,
        );
      await page.screenshot({ path: testInfo.outputPath(`first-run-cover-${lang.code}.png`) });

      // The editor opens on the pages there so far; the rest arrive without a reload.
      await card.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/epaper/${epaperId}`));
      const note = page.getByTestId("rendering-note");
      await expect(note).toContainText(lang.rendering);
      const isRendered = await e2eDb().selectFrom("epaper").select("isRendered").where("id", "=", epaperId).executeTakeFirstOrThrow();
      expect(Number(isRendered.isRendered), "the editor opened before the render ended").toBe(0);
      expect(await stored()).toBeLessThan(65);
      await page.screenshot({ path: testInfo.outputPath(`first-run-editor-${lang.code}.png`) });
      expect(await axeViolations(page)).toEqual([]);
      // The preview, pressed now, waits for the last page and then opens by itself.
      await page.getByRole("button", { name: lang.preview, exact: true }).click();
      await expect(page.getByRole("button", { name: lang.previewQueued })).toBeDisabled();
      await page.screenshot({ path: testInfo.outputPath(`first-run-preview-queued-${lang.code}.png`) });
      const preview = page.getByRole("dialog", { name: lang.previewTitle(name) });
      await expect(preview).toBeVisible({ timeout: 120_000 });
      await expect(note).toHaveCount(0);
      expect(await stored()).toBe(65);
      await preview.getByRole("button", { name: lang.previewBack }).click();
      await expect(page.getByRole("toolbar").getByText(lang.ofPages, { exact: true })).toBeVisible();

      // A preview link, opened by a reader with its password.
      await page.getByRole("link", { name: lang.back }).click();
      await card.getByRole("button", { name: lang.actions(name) }).click();
      await page.getByRole("menuitem", { name: lang.linkMenu }).click();
      const dialog = page.getByRole("dialog", { name: lang.linkTitle(name) });
      await dialog.getByRole("button", { name: lang.linkCreate }).click();
      const password = await dialog.getByTestId("preview-link-password").inputValue();
      const addressField = dialog.getByTestId("preview-link-address");
      await expect(addressField).toBeVisible({ timeout: 60_000 });
      const address = await addressField.inputValue();
      const visitor = await browser.newContext({
        locale: lang.locale,
        ...(testInfo.project.use.viewport ? { viewport: testInfo.project.use.viewport } : {}),
      });
      const reader = await visitor.newPage();
      await reader.goto(address);
      await expect(reader.getByRole("heading", { name: lang.gate })).toBeVisible();
      await reader.getByLabel(lang.password, { exact: true }).fill(password);
      await reader.getByRole("button", { name: lang.gateSubmit }).click();
      await expect(reader.locator(".ep-spread .ep-page[data-page-index='0'] img").first()).toBeVisible({ timeout: 20_000 });
      await reader.screenshot({ path: testInfo.outputPath(`first-run-reader-${lang.code}.png`) });
      await visitor.close();
    });
  });
}
