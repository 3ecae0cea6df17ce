import { expect, type Page, test } from "@playwright/test";
import { insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { openInEditor, openSettingsDialog } from "./support/editor.ts";
import { axeViolations } from "./support/reader-checks.ts";

// Issue 12, table of contents, in a real browser: the PDF's outline is the first TOC; a user
// edits an entry, sees the title rule, adds an entry, switches the TOC on, and finds it in the
// freshly published preview.

async function openToc(page: Page, name: string, labels: { settings: RegExp; toc: string }) {
  await openInEditor(page, name, "opf__webCapture.pdf");
  await openSettingsDialog(page, { menu: labels.settings, item: labels.toc });
}

test.describe("table of contents in English", () => {
  test.use({ locale: "en-US" });

  test("the outline is the TOC; edit, add, switch on, and see it in the reader", async ({ page, context }, testInfo) => {
    test.setTimeout(180_000);
    await logInAs(context, await insertUserWithLevel("2"));
    const name = `Contents ${testInfo.project.name} ${Date.now()}`;
    await openToc(page, name, { settings: /^Settings/, toc: "Table of contents" });
    const dialog = page.getByRole("dialog", { name: `Table of contents of ${name}` });
    const entries = dialog.getByRole("form", { name: /^Entry \d+$/ });
    await expect(entries.first()).toBeVisible();
    const first = dialog.getByRole("form", { name: "Entry 1" });
    const title = first.getByRole("textbox", { name: "Title", exact: true });
    await title.fill("   ");
    await title.press("Tab");
    await expect(first.getByText("Please enter a title.")).toBeVisible();
    await title.fill("Welcome");
    await title.press("Enter");
    await expect(dialog.getByText("Saved.")).toBeVisible();
    await expect(first.getByText("Please enter a title.")).toBeHidden();

    // 'Add entry' is never disabled (issue 46): sent empty, it says why and focuses the title.
    const fresh = dialog.getByRole("form", { name: "New entry" });
    await fresh.getByRole("button", { name: "Add entry" }).click();
    await expect(fresh.getByText("Please enter a title.")).toBeVisible();
    await expect(fresh.getByRole("textbox", { name: "Title", exact: true })).toBeFocused();
    await fresh.getByRole("textbox", { name: "Title", exact: true }).fill("Appendix");
    await fresh.getByRole("textbox", { name: "Page", exact: true }).fill("3");
    await expect(fresh.getByRole("img", { name: "Page 3" })).toBeVisible();
    await fresh.getByRole("button", { name: "Add entry" }).click();
    // Kept in page order: page 3 is the last page, so the new entry is the last one.
    await expect(entries.last().getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Appendix");
    // Focus stays in the dialog, ready for the next entry (issue 46: it fell to <body>).
    await expect(fresh.getByRole("textbox", { name: "Title", exact: true })).toBeFocused();
    await expect(first.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Welcome");
    // A PDF with an outline starts with the table of contents on; switched off and on again here.
    const enabled = dialog.getByRole("checkbox", { name: "Show the table of contents in the reader" });
    await expect(enabled).toBeChecked();
    await dialog.getByText("Show the table of contents in the reader", { exact: true }).click();
    await expect(enabled).not.toBeChecked();
    await expect(dialog.getByText("The reader does not show these entries: the table of contents is switched off.")).toBeVisible();
    await dialog.getByText("Show the table of contents in the reader", { exact: true }).click();
    await expect(enabled).toBeChecked();
    await page.screenshot({ path: testInfo.outputPath("toc.png") });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.getByRole("dialog", { name: new RegExp(`^Preview of ${name}`) });
    await expect(preview).toBeVisible({ timeout: 60_000 });
    const reader = preview.frameLocator("iframe");
    await reader.getByRole("button", { name: /^(Table of contents|Inhaltsverzeichnis)$/ }).click({ timeout: 30_000 });
    await expect(reader.getByText("Welcome")).toBeVisible();
    await expect(reader.getByText("Appendix")).toBeVisible();
  });
});

test.describe("Inhaltsverzeichnis auf Deutsch", () => {
  test.use({ locale: "de-DE" });

  test("ein leerer Titel wird auf Deutsch abgelehnt", async ({ page, context }, testInfo) => {
    test.setTimeout(120_000);
    await logInAs(context, await insertUserWithLevel("2", { user: { emailLanguage: "de" } }));
    const name = `Inhalt ${testInfo.project.name} ${Date.now()}`;
    await openToc(page, name, { settings: /^Einstellungen/, toc: "Inhaltsverzeichnis" });
    const dialog = page.getByRole("dialog", { name: `Inhaltsverzeichnis von ${name}` });
    const title = dialog.getByRole("form", { name: "Eintrag 1" }).getByRole("textbox", { name: "Titel", exact: true });
    await title.fill("");
    await title.press("Tab");
    await expect(dialog.getByText("Bitte einen Titel eingeben.")).toBeVisible();

    // Switched off by the customer: the dialog says the entries are not shown, the publish dialog
    // says the publication will have no table of contents (issue 46).
    await dialog.getByText("Inhaltsverzeichnis im Reader zeigen", { exact: true }).click();
    await expect(dialog.getByText("Der Reader zeigt diese Einträge nicht: Das Inhaltsverzeichnis ist ausgeschaltet.")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("toc-off-de.png") });
    await page.goto("/epaper");
    await page.getByRole("button", { name: `Aktionen für ${name}` }).click();
    await page.getByRole("menuitem", { name: "Vorschau-Link" }).click();
    const publish = page.getByRole("dialog", { name: `Vorschau-Link von ${name}` });
    await expect(publish.getByText(/Diese Veröffentlichung hat kein Inhaltsverzeichnis/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("no-toc-publish-de.png") });
  });
});
