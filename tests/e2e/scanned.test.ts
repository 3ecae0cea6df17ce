import { expect, test } from "@playwright/test";
import { insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { uploadAndRender } from "./support/editor.ts";
import { atOneSize } from "./support/language-size.ts";

// Issue 47 in a real browser: a scanner's PDF (the corpus's pdfjs__scan-bad.pdf, one page with
// no text layer) is uploaded and rendered by a real node, OCR reads it after the render, and the
// published preview finds its word and shows it in the text view.

const FILE = "pdfjs__scan-bad.pdf";

const LANGUAGES = [
  {
    code: "en",
    locale: "en-US",
    actions: (name: string) => `Actions for ${name}`,
    preview: "Preview",
    previewOf: (name: string) => `Preview of ${name}`,
    frame: (name: string) => `ePaper ${name}`,
    search: "Search",
    searchLabel: "Search in this ePaper",
    oneResult: "1 result",
    close: "Close",
    textView: "Text view",
  },
  {
    code: "de",
    locale: "de-DE",
    actions: (name: string) => `Aktionen für ${name}`,
    preview: "Vorschau",
    previewOf: (name: string) => `Vorschau von ${name}`,
    frame: (name: string) => `ePaper ${name}`,
    search: "Suche",
    searchLabel: "In diesem ePaper suchen",
    oneResult: "1 Treffer",
    close: "Schließen",
    textView: "Textansicht",
  },
] as const;

for (const lang of LANGUAGES) {
  test.describe(`a scanned PDF (${lang.code})`, atOneSize(lang.code), () => {
    test.use({ locale: lang.locale });
    test("becomes searchable: OCR reads it after the render, the preview finds its word and the text view shows it", async ({
      page,
      context,
    }) => {
      test.setTimeout(180_000);
      const user = await insertUserWithLevel("2", { user: { emailLanguage: lang.code } });
      await logInAs(context, user);
      const name = `Scan ${lang.code} ${Date.now()}`;
      const { epaper } = await uploadAndRender(page, name, FILE);
      // The card said "recognising text" from the render's end until the page was read.
      await expect(epaper.getByTestId("recognizing")).toHaveCount(0, { timeout: 60_000 });

      await epaper.getByRole("button", { name: lang.actions(name) }).click();
      await page.getByRole("menuitem", { name: lang.preview, exact: true }).click();
      await expect(page.getByRole("dialog", { name: lang.previewOf(name) })).toBeVisible({ timeout: 60_000 });
      const reader = page.frameLocator(`iframe[title="${lang.frame(name)}"]`);
      await reader.getByRole("button", { name: lang.search, exact: true }).click();
      const search = reader.getByRole("dialog", { name: lang.search });
      await search.getByRole("searchbox", { name: lang.searchLabel }).fill("pdf.js");
      await expect(search.getByRole("status")).toHaveText(lang.oneResult);
      // (Escape would first empty the search field.)
      await search.getByRole("button", { name: lang.close }).click();
      await reader.getByRole("button", { name: lang.textView, exact: true }).click();
      await expect(reader.locator("[data-testid='text-view'] article[data-page-index='0'] p")).toHaveText("pdf.js");
    });
  });
}
