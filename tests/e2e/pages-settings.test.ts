import { expect, test } from "@playwright/test";
import { insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { openInEditor, openSettingsDialog } from "./support/editor.ts";
import { axeViolations } from "./support/reader-checks.ts";

// Issue 12, pages settings, in a real browser: own page number, hidden pages, the last visible
// page kept, PDF download for all pages, and the reader of the next preview showing them.

test.describe("pages settings in English", () => {
  test.use({ locale: "en-US" });

  test("own page number, hidden pages, PDF download, seen in the reader", async ({ page, context }, testInfo) => {
    test.setTimeout(180_000);
    await logInAs(context, await insertUserWithLevel("2"));
    const name = `Pages ${testInfo.project.name} ${Date.now()}`;
    await openInEditor(page, name, "opf__webCapture.pdf");
    await openSettingsDialog(page, { menu: /^Settings/, item: "Page display and download" });
    const dialog = page.getByRole("dialog", { name: `Page display and download of ${name}` });

    const own = dialog.getByRole("textbox", { name: "Own page number of page 1" });
    await own.fill("Front page");
    await expect(dialog.getByText("At most 8 characters.")).toBeVisible();
    await own.fill("Cover");
    await own.press("Enter");
    await expect(dialog.getByText("Saved.")).toBeVisible();
    await dialog.getByRole("checkbox", { name: "Hide page 2" }).locator("xpath=ancestor::label[1]").click();
    await expect(dialog.getByRole("checkbox", { name: "Hide page 2" })).toBeChecked();
    await dialog.getByRole("checkbox", { name: "Hide page 3" }).locator("xpath=ancestor::label[1]").click();
    await expect(dialog.getByRole("checkbox", { name: "Hide page 3" })).toBeChecked();
    await dialog.getByRole("checkbox", { name: "Hide page 1" }).locator("xpath=ancestor::label[1]").click();
    await expect(dialog.getByText("The last visible page cannot be hidden.")).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: "Hide page 1" })).not.toBeChecked();
    await dialog.getByRole("button", { name: "PDF download for all pages" }).click();
    await expect(dialog.getByRole("checkbox", { name: "PDF download of page 1" })).toBeChecked();
    await page.screenshot({ path: testInfo.outputPath("pages-settings.png") });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.getByRole("dialog", { name: new RegExp(`^Preview of ${name}`) });
    await expect(preview).toBeVisible({ timeout: 60_000 });
    const reader = preview.frameLocator("iframe");
    await expect(reader.getByRole("link", { name: /^(Download page Cover as PDF|Seite Cover als PDF herunterladen)$/ })).toBeVisible({
      timeout: 30_000,
    });
  });
});

test.describe("Seiteneinstellungen auf Deutsch", () => {
  test.use({ locale: "de-DE" });

  test("die eigene Seitenzahl hat höchstens 8 Zeichen", async ({ page, context }, testInfo) => {
    test.setTimeout(120_000);
    await logInAs(context, await insertUserWithLevel("2", { user: { emailLanguage: "de" } }));
    const name = `Seiten ${testInfo.project.name} ${Date.now()}`;
    await openInEditor(page, name, "opf__webCapture.pdf");
    await openSettingsDialog(page, { menu: /^Einstellungen/, item: "Seitenanzeige und Download" });
    const dialog = page.getByRole("dialog", { name: `Seitenanzeige und Download von ${name}` });
    await dialog.getByRole("textbox", { name: "Eigene Seitenzahl von Seite 1" }).fill("Titelseite");
    await expect(dialog.getByText("Höchstens 8 Zeichen.")).toBeVisible();
  });
});
