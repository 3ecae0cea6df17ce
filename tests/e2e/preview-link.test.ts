import { expect, test } from "@playwright/test";
import { insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { waitForMail } from "./support/mailbox.ts";
import { uploadAndRender } from "./support/editor.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { atOneSize } from "./support/language-size.ts";

// The password-protected preview link end to end (issue 13; ADR 0038): created from the card, the
// password shown once, the link mailed; a visitor without a studio session gets the password
// page, a wrong password is refused, the right one opens the reader on the content origin, and
// when the hour of the unlock is over (Playwright's clock, no real wait) the password is asked again.

const LANGUAGES = [
  {
    code: "en",
    locale: "en-US",
    actions: (name: string) => `Actions for ${name}`,
    menu: "Preview link",
    title: (name: string) => `Preview link of ${name}`,
    create: "Create preview link",
    generated: (name: string) => `The preview link of “${name}” is ready.`,
    mail: /Your preview link/,
    page: "Protected preview",
    password: "Password",
    submit: "View protected content",
    required: "Please enter your password",
    wrong: /Wrong password\. Please check the password you received with the link/,
  },
  {
    code: "de",
    locale: "de-DE",
    actions: (name: string) => `Aktionen für ${name}`,
    menu: "Vorschau-Link",
    title: (name: string) => `Vorschau-Link von ${name}`,
    create: "Vorschau-Link erstellen",
    generated: (name: string) => `Der Vorschau-Link von „${name}“ ist fertig.`,
    mail: /Ihr Vorschau-Link/,
    page: "Geschützte Vorschau",
    password: "Passwort",
    submit: "Geschützten Inhalt ansehen",
    required: "Bitte geben Sie Ihr Passwort ein",
    wrong: /Falsches Passwort\. Bitte prüfen Sie das Passwort, das Sie mit dem Link erhalten haben/,
  },
] as const;

for (const lang of LANGUAGES) {
  test.describe(`preview link (${lang.code})`, atOneSize(lang.code), () => {
    test.use({ locale: lang.locale });

    test("created from the card, opened by a visitor with its password, asked again after the hour", async ({
      page,
      context,
      browser,
    }, testInfo) => {
      test.setTimeout(180_000);
      const user = await insertUserWithLevel("2", { user: { emailLanguage: lang.code } });
      await logInAs(context, user);
      const name = `Link ${lang.code} ${testInfo.project.name} ${Date.now()}`;
      const { epaper } = await uploadAndRender(page, name, "pypdf__habibi.pdf");

      await epaper.getByRole("button", { name: lang.actions(name) }).click();
      await page.getByRole("menuitem", { name: lang.menu }).click();
      const dialog = page.getByRole("dialog", { name: lang.title(name) });
      await dialog.getByRole("button", { name: lang.create }).click();
      // The password, once; the address once the link is published (live, over SSE).
      const password = await dialog.getByTestId("preview-link-password").inputValue();
      expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
      const addressField = dialog.getByTestId("preview-link-address");
      await expect(addressField).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText(lang.generated(name))).toBeVisible();
      const address = await addressField.inputValue();
      expect(address).toMatch(/\/protected-sharing\/previewlink\/[a-z0-9]{40,}$/);
      await testInfo.attach(`preview-link-dialog-${lang.code}-${testInfo.project.name}.png`, {
        body: await page.screenshot(),
        contentType: "image/png",
      });
      expect(await axeViolations(page)).toEqual([]);
      // The mail carries the link, never the password.
      const mail = await waitForMail(user.email, { subject: lang.mail });
      expect(mail.text).toContain(address);
      expect(mail.text).not.toContain(password);

      // A visitor: no studio session.
      const visitor = await browser.newContext({
        locale: lang.locale,
        ...(testInfo.project.use.viewport ? { viewport: testInfo.project.use.viewport } : {}),
      });
      const reader = await visitor.newPage();
      await reader.clock.install();
      await reader.goto(address);
      await expect(reader.getByRole("heading", { name: lang.page })).toBeVisible();
      const field = reader.getByLabel(lang.password, { exact: true });
      const submit = reader.getByRole("button", { name: lang.submit });
      // The button is never disabled (issue 46): an empty submit says why and keeps focus on the field.
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(reader.getByText(lang.required)).toBeVisible();
      await expect(field).toBeFocused();
      // A short wrong password is checked like any other and answered "wrong password" (Enter submits).
      await field.fill("wrong");
      await field.press("Enter");
      await expect(reader.getByText(lang.wrong)).toBeVisible();
      await field.fill("WrongPassword123");
      await submit.click();
      await expect(reader.getByText(lang.wrong)).toBeVisible();
      await testInfo.attach(`protected-sharing-${lang.code}-${testInfo.project.name}.png`, {
        body: await reader.screenshot(),
        contentType: "image/png",
      });
      expect(await axeViolations(reader)).toEqual([]);
      await field.fill(password);
      await submit.click();
      await expect(reader).toHaveURL(/\/previewlink\/[a-z0-9]+\/[a-z0-9]+\/index\.html/, { timeout: 20_000 });
      const firstPage = reader.locator(".ep-spread .ep-page[data-page-index='0'] img").first();
      await expect(firstPage).toBeVisible({ timeout: 20_000 });
      expect(new URL(reader.url()).origin).not.toBe(new URL(address).origin);

      // One hour later the reader gives way to the password page.
      await reader.clock.fastForward("01:00:01");
      await expect(reader.getByRole("heading", { name: lang.page })).toBeVisible({ timeout: 20_000 });
      expect(reader.url()).toBe(address);
      await visitor.close();
    });
  });
}
