import { writeFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { axeViolations } from "./support/reader-checks.ts";

// Issue 12, the media library in a real browser: a gallery created, a batch upload reported as
// succeeded/total and failed/total, images ordered and removed, the image filters, rename, and
// deletion refused while an image is used.

async function openMedia(page: Page, menu: RegExp, item: string) {
  await page.goto("/epaper");
  const menuButton = page.getByRole("button", { name: menu });
  const entry = page.getByRole("menuitem", { name: item, exact: true });
  // A press before hydration opens nothing: press again until the menu is there.
  await expect(async () => {
    if (!(await entry.isVisible())) await menuButton.click();
    await expect(entry).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await entry.click();
}

/** The guided tour's popover (driver.js), above the dialog. */
const tourOf = (page: Page) => page.locator(".driver-popover");

async function image(path: string, color: string) {
  await writeFile(
    path,
    await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );
  return path;
}

test.describe("media library in English", () => {
  test.use({ locale: "en-US" });

  test("galleries, batch upload, order, filters, rename and deletion refused while used", async ({ page, context }, testInfo) => {
    test.setTimeout(120_000);
    await logInAs(context, await insertUserWithLevel("2"));
    await openMedia(page, /^Main menu/, "Media");
    const dialog = page.getByRole("dialog", { name: "Media" });
    const tour = tourOf(page);
    await expect(dialog.getByRole("tab", { name: "Galleries" })).toBeVisible();

    // The media tour runs once, a second after the dialog shows.
    await expect(tour.getByText("Galleries and images", { exact: true })).toBeVisible({ timeout: 10_000 });
    await page.screenshot({ path: testInfo.outputPath("media-tour.png") });
    await tour.getByRole("button", { name: "Next" }).click();
    await expect(tour.getByText("Create a gallery", { exact: true })).toBeVisible();
    await tour.getByRole("button", { name: "Done" }).click();
    await expect(tour.getByText("Create a gallery", { exact: true })).toBeHidden();

    await dialog.getByRole("textbox", { name: "Name of a new gallery" }).fill("Holiday");
    await dialog.getByRole("button", { name: "Create gallery" }).click();
    await expect(dialog.getByText("Gallery created.")).toBeVisible();
    await dialog.getByRole("button", { name: /^Holiday/ }).click();
    // The gallery tour, closed at its first step: it counts as seen.
    await expect(tour.getByText("Upload several images at once", { exact: true })).toBeVisible({ timeout: 10_000 });
    await tour.getByRole("button", { name: "Close the tour" }).click();
    await expect(tour.getByText("Upload several images at once", { exact: true })).toBeHidden();

    const red = await image(testInfo.outputPath("red.png"), "#cc0000");
    const blue = await image(testInfo.outputPath("blue.png"), "#0000cc");
    const broken = testInfo.outputPath("broken.png");
    await writeFile(broken, "this is not an image");
    await dialog.getByLabel("Upload images").setInputFiles([red, blue, broken]);
    await expect(page.getByText("2/3 images added.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("1/3 images could not be added.")).toBeVisible();
    const gallery = dialog.getByRole("list", { name: "Holiday" });
    await expect(gallery.getByRole("listitem")).toHaveCount(2);
    await expect(gallery.getByRole("listitem").first()).toContainText("red.png");

    await dialog.getByRole("button", { name: "Move blue.png forward" }).click();
    await expect(gallery.getByRole("listitem").first()).toContainText("blue.png");
    await dialog.getByRole("button", { name: "Remove red.png from the gallery" }).click();
    await expect(gallery.getByRole("listitem")).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath("media-gallery.png") });
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole("tab", { name: "Images" }).click();
    await dialog.getByLabel("Show").selectOption("unassigned");
    await expect(dialog.getByText("red.png")).toBeVisible();
    await expect(dialog.getByText("blue.png")).toBeHidden();
    await dialog.getByRole("button", { name: "Rename: red.png" }).click();
    const rename = dialog.getByRole("region", { name: "Rename red.png" });
    await rename.getByRole("textbox", { name: "Name" }).fill(" ");
    await expect(rename.getByText("Please enter a name.")).toBeVisible();
    await rename.getByRole("textbox", { name: "Name" }).fill("Red square");
    await rename.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Saved.")).toBeVisible();
    await expect(dialog.getByText("Red square")).toBeVisible();

    await dialog.getByLabel("Show").selectOption("gallery");
    await expect(dialog.getByText("in 1 gallery(ies)")).toBeVisible();
    await dialog.getByRole("button", { name: "Delete: blue.png" }).click();
    await dialog.getByRole("region", { name: "Delete blue.png?" }).getByRole("button", { name: "Delete" }).click();
    await expect(dialog.getByText("Deletion not possible: the image is in use. Remove it from its uses first.")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("media-images-list.png") });

    await dialog.getByLabel("Show").selectOption("unassigned");
    await dialog.getByRole("button", { name: "Delete: Red square" }).click();
    await dialog.getByRole("region", { name: "Delete Red square?" }).getByRole("button", { name: "Delete" }).click();
    await expect(dialog.getByText("Media item removed.")).toBeVisible();
    await expect(dialog.getByText("No images here yet.")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("media-images.png") });

    // Seen tours do not come back.
    await openMedia(page, /^Main menu/, "Media");
    await dialog.getByRole("button", { name: /^Holiday/ }).click();
    await page.waitForTimeout(2_500);
    await expect(tour.getByText("Galleries and images", { exact: true })).toHaveCount(0);
    await expect(tour.getByText("Upload several images at once", { exact: true })).toHaveCount(0);
  });
});

test.describe("Mediathek auf Deutsch", () => {
  test.use({ locale: "de-DE" });

  test("eine Galerie anlegen und umbenennen, der Name ist Pflicht", async ({ page, context }, testInfo) => {
    test.setTimeout(90_000);
    await logInAs(context, await insertUserWithLevel("2", { user: { emailLanguage: "de" } }));
    await openMedia(page, /^Hauptmenü/, "Medien");
    const dialog = page.getByRole("dialog", { name: "Medien" });
    const tour = tourOf(page);
    await expect(tour.getByText("Galerien und Bilder", { exact: true })).toBeVisible({ timeout: 10_000 });
    await tour.getByRole("button", { name: "Tour schließen" }).click();
    await dialog.getByRole("textbox", { name: "Name einer neuen Galerie" }).fill("Sommer");
    await dialog.getByRole("button", { name: "Galerie anlegen" }).click();
    await expect(dialog.getByText("Galerie angelegt.")).toBeVisible();
    await dialog.getByRole("button", { name: /^Sommer/ }).click();
    await expect(tour.getByText("Mehrere Bilder auf einmal hochladen", { exact: true })).toBeVisible({ timeout: 10_000 });
    await tour.getByRole("button", { name: "Tour schließen" }).click();
    await dialog.getByRole("textbox", { name: "Galerie umbenennen" }).fill(" ");
    await expect(dialog.getByText("Bitte geben Sie einen Namen ein.")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Galerie umbenennen" }).fill("Sommer 2026");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Name der Galerie geändert.")).toBeVisible();
    await dialog.getByRole("button", { name: "Galerie löschen" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
    await expect(page.getByText("Galerie gelöscht.")).toBeVisible();
    await expect(dialog.getByText("Noch keine Galerien.", { exact: false })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("mediathek.png") });
  });
});
