import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { CORPUS } from "../support/corpus.ts";
import { scannedCopy } from "../support/scanned-pdf.ts";
import { insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { uploadAndRender } from "./support/editor.ts";
import { openMenu } from "./support/menus.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { atOneSize } from "./support/language-size.ts";

// Issue 47 in a real browser: a scanner's page (the corpus's pdfjs__scan-bad.pdf as a bare
// 300 dpi scan, without the text layer the original carries) is uploaded and rendered by a real node, OCR reads it after the render, the
// published preview finds its word and shows it in the text view, and the accessibility report
// says the page's text was recognised.

let folder = "";
let file = "";

// The corpus's scanner page also carries its word as text: a copy as a bare scan has only the picture.
test.beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "scanned-e2e-"));
  file = path.join(folder, "scanned-notice.pdf");
  await writeFile(file, await scannedCopy(path.join(CORPUS, "pdfjs__scan-bad.pdf"), 1, { widthPt: 612, heightPt: 792 }));
});

test.afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

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
    back: "Back to editing",
    accessibility: "Accessibility",
    report: (name: string) => `Accessibility of ${name}`,
    ocrNote: "1 scanned page was recognised by OCR",
    tocWarn: "Table of contents · Worth a look",
    openEditor: "Open the editor",
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
    back: "Zurück zur Bearbeitung",
    accessibility: "Barrierefreiheit",
    report: (name: string) => `Barrierefreiheit von ${name}`,
    ocrNote: "1 gescannte Seite wurde per Texterkennung gelesen",
    tocWarn: "Inhaltsverzeichnis · Ansehen",
    openEditor: "Editor öffnen",
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
      const { epaper } = await uploadAndRender(page, name, file);
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
      await page.getByRole("button", { name: lang.back }).click();

      // The accessibility report (issue 47 item 5): the page has text, read by OCR; no table of contents.
      await openMenu(page, epaper.getByRole("button", { name: lang.actions(name) }));
      await page.getByRole("menuitem", { name: lang.accessibility }).click();
      const report = page.getByRole("dialog", { name: lang.report(name) });
      const text = report.locator("[data-check='text']");
      await expect(text).toHaveAttribute("data-status", "pass");
      await expect(text).toContainText(lang.ocrNote);
      const toc = report.locator("[data-check='toc']");
      await expect(toc.getByRole("heading")).toHaveText(lang.tocWarn);
      await expect(toc.getByRole("link", { name: lang.openEditor })).toBeVisible();
      await expect
        .poll(() => report.evaluate((element) => getComputedStyle(element.closest("[role=dialog]") ?? element).opacity))
        .toBe("1");
      expect(await axeViolations(page, "[role=dialog]")).toEqual([]);
    });
  });
}
