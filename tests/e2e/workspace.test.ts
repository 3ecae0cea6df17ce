import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { CORPUS } from "../support/render-farm.ts";
import { e2eDb, insertUserWithLevel, logInAs, readSessionUser } from "../support/e2e-users.ts";
import { atOneSize } from "./support/language-size.ts";

// The ePaper workspace against the real stack: uploads go through /upload-pdf to the blob store,
// a real render node analyses and renders them, progress arrives over /events.

const corpus = (file: string) => path.join(CORPUS, file);
const MULTI_PAGE = { file: "pdfjs__TAMReview.pdf", pages: 23 };
const PASSWORD_PROTECTED = "opf__encryption_openpassword.pdf";
const NOT_A_PDF = "opf__renamed_lorem-ipsum.docx.pdf";

const LANGUAGES = [
  {
    code: "en",
    locale: "en-US",
    language: "ePaper language",
    name: "Name",
    create: "Create ePaper",
    processed: (total: number) => new RegExp(`\\d+ of ${total} pages processed`),
    ready: /Ready · 23 pages/,
    passwordProtected: "This PDF is password-protected. Remove the password and upload it again.",
    notAPdf: "This file is not a PDF. Please upload a PDF file.",
    actions: (name: string) => `Actions for ${name}`,
    rename: "Rename",
    delete: "Delete",
  },
  {
    code: "de",
    locale: "de-DE",
    language: "ePaper-Sprache",
    name: "Name",
    create: "ePaper erstellen",
    processed: (total: number) => new RegExp(`\\d+ von ${total} Seiten verarbeitet`),
    ready: /Fertig · 23 Seiten/,
    passwordProtected: "Dieses PDF ist passwortgeschützt",
    notAPdf: "Diese Datei ist kein PDF",
    actions: (name: string) => `Aktionen für ${name}`,
    rename: "Umbenennen",
    delete: "Löschen",
  },
] as const;

async function choosePdf(page: Page, file: string) {
  await page.getByTestId("upload-card").locator("input[type=file]").setInputFiles(corpus(file));
}

async function leftovers(accountId: string) {
  const uploads = await e2eDb().selectFrom("upload").select("id").where("accountId", "=", accountId).execute();
  const epapers = await e2eDb().selectFrom("epaper").select("id").where("accountId", "=", accountId).execute();
  return { uploads: uploads.length, epapers: epapers.length };
}

for (const lang of LANGUAGES) {
  test.describe(`workspace (${lang.code})`, atOneSize(lang.code), () => {
    test.use({ locale: lang.locale });

    test("upload a multi-page PDF, name it, watch the pages being processed, see the cover", async ({ page, context }) => {
      // A whole render (and a publish) beside the other worker's tests: ~60 s on a loaded 2-core machine.
      test.setTimeout(180_000);
      const user = await insertUserWithLevel("2", { user: { emailLanguage: lang.code } });
      await logInAs(context, user);
      await page.goto("/epaper");
      await choosePdf(page, MULTI_PAGE.file);
      const card = page.getByTestId("upload-card");
      // The answer comes after a render node has analysed the PDF (seconds on a busy machine).
      await expect(card.getByLabel(lang.name)).toHaveValue("pdfjs__TAMReview", { timeout: 30_000 });
      const name = `Quarterly review ${lang.code}`;
      await card.getByLabel(lang.name).fill(name);
      await card.getByLabel(lang.language).selectOption(lang.code);
      // Leaving now would drop the uploaded PDF: the page asks first (issue 46); once created, not.
      const asksBeforeLeaving = () =>
        page.evaluate(() => {
          const event = new Event("beforeunload", { cancelable: true });
          window.dispatchEvent(event);
          return event.defaultPrevented;
        });
      expect(await asksBeforeLeaving()).toBe(true);
      await card.getByRole("button", { name: lang.create }).click();

      const epaper = page.getByRole("article", { name });
      await expect.poll(asksBeforeLeaving).toBe(false);
      await expect(epaper).toBeVisible();
      await expect(epaper.getByTestId("process-text")).toHaveText(lang.processed(MULTI_PAGE.pages), { timeout: 30_000 });
      await expect(epaper).toHaveAttribute("data-state", "ready", { timeout: 60_000 });
      await expect(epaper.getByText(lang.ready)).toBeVisible();
      const cover = epaper.getByRole("img");
      await expect(cover).toBeVisible();
      // The cover is a real image from the render (it loads lazily once the card shows it).
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await leftovers(user.accountId)).toEqual({ uploads: 1, epapers: 1 });

      // Rename and delete from the card's menu.
      await epaper.getByRole("button", { name: lang.actions(name) }).click();
      await page.getByRole("menuitem", { name: lang.rename }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(lang.name).fill(`${name} (final)`);
      await dialog.getByRole("button", { name: lang.rename }).click();
      const renamed = page.getByRole("article", { name: `${name} (final)` });
      await expect(renamed).toBeVisible();
      await renamed.getByRole("button", { name: lang.actions(`${name} (final)`) }).click();
      await page.getByRole("menuitem", { name: lang.delete }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: lang.delete }).click();
      await expect(renamed).toBeHidden();
    });

    test("a password-protected PDF and a renamed non-PDF show their message and leave nothing behind", async ({ page, context }) => {
      const user = await insertUserWithLevel("2", { user: { emailLanguage: lang.code } });
      await logInAs(context, user);
      await page.goto("/epaper");
      // The check runs on a render node, which may be busy rendering for another test: seconds.
      const checked = { timeout: 30_000 };
      await choosePdf(page, PASSWORD_PROTECTED);
      await expect(page.getByTestId("upload-card").getByRole("alert")).toContainText(lang.passwordProtected, checked);
      await choosePdf(page, NOT_A_PDF);
      await expect(page.getByTestId("upload-card").getByRole("alert")).toContainText(lang.notAPdf, checked);
      expect(await leftovers(user.accountId)).toEqual({ uploads: 0, epapers: 0 });
    });
  });
}

test.describe("try-it upload (en)", () => {
  test.use({ locale: "en-US" });

  test("a generated user sees the cooldown countdown after an upload", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.88.0.1" });
    await page.goto("/try-it");
    await expect(page).toHaveURL(/\/epaper$/);
    await choosePdf(page, "qpdf__link-annots.pdf");
    const card = page.getByTestId("upload-card");
    await card.getByRole("button", { name: "Create ePaper" }).click();
    await card.getByRole("button", { name: "Reset and upload new PDF" }).click();
    const countdown = card.getByTestId("upload-cooldown");
    await expect(countdown).toBeVisible();
    await expect(countdown.getByRole("progressbar")).toHaveAttribute("aria-valuenow", /\d+/);
    await expect(countdown).toContainText(/\d+ s/);
    const { accountId } = await readSessionUser(page.context());
    // The cooldown holds on the server too: a reload still shows it.
    await page.reload();
    await expect(page.getByTestId("upload-cooldown")).toBeVisible();
    expect((await leftovers(accountId)).epapers).toBe(1);
  });
});
