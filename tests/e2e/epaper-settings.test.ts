import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { openInEditor } from "./support/editor.ts";
import { axeViolations } from "./support/reader-checks.ts";

// Issue 12, ePaper settings dialog, in a real browser: a user changes settings on every tab,
// sees the §5 messages, and finds the settings in the freshly published preview.

const openEditor = (page: Page, name: string) => openInEditor(page, name, "pypdf__habibi.pdf");

/** Types into a field and leaves it: the dialog saves a text when it is left. */
async function fillAndLeave(page: Page | Locator, name: string | RegExp, value: string) {
  const scope = "getByRole" in page && "goto" in page ? page.getByRole("dialog") : page;
  const field = scope.getByRole("textbox", { name, exact: true });
  await field.fill(value);
  await field.press("Tab");
}

test.describe("ePaper settings in English", () => {
  test.use({ locale: "en-US" });

  test("every tab saves, shows its messages, and the preview shows the settings", async ({ page, context }, testInfo) => {
    test.setTimeout(180_000);
    await logInAs(context, await insertUserWithLevel("2"));
    const name = `Settings ${testInfo.project.name} ${Date.now()}`;
    await openEditor(page, name);
    await page.getByRole("button", { name: /^Settings/ }).click();
    await page.getByRole("menuitem", { name: "ePaper settings" }).click();
    const dialog = page.getByRole("dialog", { name: `Settings of ${name}` });
    const saved = dialog.getByText("Saved.");

    // General: cookie banner and search engines.
    await dialog.getByText("Show a cookie banner", { exact: true }).click();
    await expect(saved).toBeVisible();
    await fillAndLeave(page, "Text", "This ePaper counts its readers.");
    await dialog.getByRole("combobox", { name: "Search engines may" }).selectOption("noindex,nofollow");
    await expect(saved).toBeVisible();

    // Appearance: a wrong colour is refused with its message; a dark colour switches the controls.
    await dialog.getByRole("tab", { name: "Appearance" }).click();
    await fillAndLeave(page, "Interface colour", "navy");
    await expect(dialog.getByText("Hex color code is not valid (example: #d5bca2)")).toBeVisible();
    await fillAndLeave(page, "Interface colour", "#1D2B5C");
    await expect(dialog.getByText("Hex color code is not valid (example: #d5bca2)")).toBeHidden();
    await expect(saved).toBeVisible();
    const dark = dialog.getByRole("checkbox", { name: "Dark controls" });
    if (!(await dark.isChecked())) await dialog.getByText("Dark controls", { exact: true }).click();
    await expect(dialog.getByText(/dark controls would be hard to read: the reader shows light controls/)).toBeVisible();
    const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: "#c2410c" } })
      .png()
      .toBuffer();
    await dialog.getByLabel(/^Upload an image .* 5000 KB/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await expect(dialog.getByRole("img", { name: "logo.png" })).toBeVisible();
    await fillAndLeave(page, "Logo link (optional)", "example.com");
    await expect(dialog.getByText("Please enter a web address starting with http:// or https://, or leave it empty.")).toBeVisible();
    await fillAndLeave(page, "Logo link (optional)", "https://example.com/");
    await page.screenshot({ path: testInfo.outputPath("settings-appearance.png") });
    expect(await axeViolations(page)).toEqual([]);

    // Menu bar: the imprint switch waits for its size and text.
    await dialog.getByRole("tab", { name: "Menu bar" }).click();
    const imprint = dialog.getByRole("checkbox", { name: "Show the imprint in the menu bar" });
    await expect(imprint).toBeDisabled();
    const imprintGroup = dialog.getByRole("group", { name: "Imprint" });
    await fillAndLeave(imprintGroup, "Overlay width (px)", "600");
    await fillAndLeave(imprintGroup, "Overlay height (px)", "400");
    await fillAndLeave(imprintGroup, "Text", "Example Ltd, 1 Main Street");
    await expect(imprint).toBeEnabled();
    await dialog.getByText("Show the imprint in the menu bar", { exact: true }).click();
    await expect(imprint).toBeChecked();
    await expect(saved).toBeVisible();

    // Statistics and Advanced: their formats.
    await dialog.getByRole("tab", { name: "Statistics" }).click();
    await fillAndLeave(page, "Google tag ID", "UA-12345");
    await expect(dialog.getByText("Please enter a Google tag ID like G-XXXXXXXXXX.")).toBeVisible();
    // A zip package counts nothing until switched on; its own endpoint must be https (ADR 0053).
    const endpoint = dialog.getByRole("textbox", { name: "Address of your endpoint (https)" });
    await expect(endpoint).toHaveCount(0);
    await dialog.getByText("Count the readers of the zip package", { exact: true }).click();
    await dialog.getByText("At my own endpoint", { exact: true }).click();
    const notHttps = dialog.getByText("Please enter an https:// address: statistics are sent encrypted only.");
    await fillAndLeave(page, "Address of your endpoint (https)", "http://stats.example.com/epaper");
    await expect(notHttps).toBeVisible();
    await fillAndLeave(page, "Address of your endpoint (https)", "https://stats.example.com/epaper");
    await expect(notHttps).toBeHidden();
    await expect(saved).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("settings-statistics.png") });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("tab", { name: "Advanced" }).click();
    await fillAndLeave(page, "CSS (without <style> tags)", "<style>.ep-title { color: red }</style>");
    await expect(dialog.getByText("Please leave out the <style> tags.")).toBeVisible();
    await fillAndLeave(page, "CSS (without <style> tags)", ".ep-title { letter-spacing: 0.01em }");
    await expect(saved).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("settings-advanced.png") });
    await dialog.getByRole("button", { name: "Close" }).click();

    // The preview shows them: cookie banner text, imprint, logo, robots.
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.getByRole("dialog", { name: new RegExp(`^Preview of ${name}`) });
    await expect(preview).toBeVisible({ timeout: 60_000 });
    const reader = preview.frameLocator("iframe");
    await expect(reader.getByText("This ePaper counts its readers.")).toBeVisible({ timeout: 30_000 });
    await expect(reader.getByRole("button", { name: /^(Imprint|Impressum)$/ })).toBeVisible();
    await expect(reader.locator("img.ep-logo")).toBeVisible();
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex,nofollow");
  });
});

test.describe("ePaper-Einstellungen auf Deutsch", () => {
  test.use({ locale: "de-DE" });

  test("Meldungen auf Deutsch", async ({ page, context }, testInfo) => {
    test.setTimeout(120_000);
    await logInAs(context, await insertUserWithLevel("2", { user: { emailLanguage: "de" } }));
    const name = `Einstellungen ${testInfo.project.name} ${Date.now()}`;
    await openEditor(page, name);
    await page.getByRole("button", { name: /^Einstellungen/ }).click();
    await page.getByRole("menuitem", { name: "ePaper-Einstellungen" }).click();
    const dialog = page.getByRole("dialog", { name: `Einstellungen von ${name}` });
    await dialog.getByRole("tab", { name: "Aussehen" }).click();
    await fillAndLeave(page, "Farbe der Oberfläche", "blau");
    await expect(dialog.getByText("Hex-Farbcode ist nicht gültig (Beispiel: #d5bca2)")).toBeVisible();
    await dialog.getByRole("tab", { name: "Menüleiste" }).click();
    await expect(dialog.getByRole("checkbox", { name: "Impressum in der Menüleiste zeigen" })).toBeDisabled();
    await expect(dialog.getByText(/Geben Sie Breite, Höhe und einen Text mit 3 bis 20000 Zeichen ein/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
