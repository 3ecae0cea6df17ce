import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { startZoom } from "#app/rules/editor-pages";
import { CORPUS } from "../support/corpus.ts";
import { insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { axeViolations } from "./support/reader-checks.ts";

// Issue 11, the editor's first part: a rendered ePaper opens from its card into the detail
// workspace; the page strip shows its thumbnails, the canvas the page at the zoom, the toolbar
// changes page and zoom. On phones the strip is a panel behind 'Pages: n of N'.

const FILE = path.join(CORPUS, "pdfjs__tracemonkey.pdf");

async function renderedEpaper(page: Page, name: string) {
  await page.goto("/epaper");
  const card = page.getByTestId("upload-card");
  await card.locator("input[type=file]").setInputFiles(FILE);
  await expect(card.getByLabel("Name")).toHaveValue(/tracemonkey/, { timeout: 30_000 });
  await card.getByLabel("Name").fill(name);
  await card.getByRole("button", { name: "Create ePaper" }).click();
  const epaper = page.getByRole("article", { name });
  await expect(epaper).toHaveAttribute("data-state", "ready", { timeout: 90_000 });
  return epaper;
}

const canvasWidth = (page: Page) => page.getByTestId("page-canvas").evaluate((element) => element.getBoundingClientRect().width);

test.describe("the editor in English", () => {
  test.use({ locale: "en-US" });

  test("opens from the card; the strip, the page number and the zoom choose what the canvas shows", async ({ page, context }, testInfo) => {
    test.setTimeout(180_000);
    const phone = testInfo.project.name === "phone";
    await logInAs(context, await insertUserWithLevel("2"));
    const name = `Trace ${testInfo.project.name} ${Date.now()}`;
    const epaper = await renderedEpaper(page, name);
    await epaper.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/epaper\/[a-z0-9]+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const canvas = page.getByRole("figure", { name: "Page 1 with its click areas" });
    await expect(canvas.getByRole("img", { name: "Page 1" })).toBeVisible();
    await expect
      .poll(() => canvas.getByRole("img", { name: "Page 1" }).evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByText("This page has no media elements yet.")).toBeVisible();

    // The strip: every page a button, the current one marked.
    if (phone) {
      await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
      await expect(async () => {
        await page.getByRole("button", { name: "Pages: 1 of 14" }).click({ timeout: 1000 });
        await expect(page.getByRole("dialog", { name: "Pages" })).toBeVisible({ timeout: 1000 });
      }).toPass();
    }
    const strip = page.getByRole("navigation", { name: "Pages" });
    await expect(strip.getByRole("button", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
    await page.screenshot({ path: testInfo.outputPath("editor-strip.png") });
    await strip.getByRole("radio", { name: "4 columns" }).click();
    await expect(strip.getByRole("radio", { name: "4 columns" })).toBeChecked();
    await strip.getByRole("button", { name: "Page 3", exact: true }).click();
    await expect(page).toHaveURL(/\?page=3$/);
    if (phone) await expect(page.getByRole("dialog", { name: "Pages" })).toBeHidden();
    await expect(page.getByRole("figure", { name: "Page 3 with its click areas" })).toBeVisible();

    // The page number is clamped to the page count; next and previous step through.
    const number = page.getByRole("textbox", { name: "Page number" });
    await number.fill("99");
    await number.press("Enter");
    await expect(page).toHaveURL(/\?page=14$/);
    await page.getByRole("button", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\?page=13$/);
    await expect(number).toHaveValue("13");

    // Zoom: 80 % to start (on a phone the largest step that shows the whole page width), steps of 10, 'actual size' is 100 %.
    const room = await page.locator('[data-tour="editor-canvas"]').evaluate((element) => element.clientWidth);
    const initial = phone ? startZoom(room, 612) : 80;
    const zoomGroup = page.getByRole("group", { name: "Zoom" });
    if (phone) expect(initial).toBeLessThan(80);
    await expect(zoomGroup.locator("output")).toHaveText(`${initial} %`);
    const start = await canvasWidth(page);
    expect(start).toBeLessThanOrEqual(room);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect(zoomGroup.locator("output")).toHaveText(`${initial + 10} %`);
    await zoomGroup.getByRole("button", { name: "Actual size (100 %)" }).click();
    await expect(zoomGroup.locator("output")).toHaveText("100 %");
    // Letter size: 612 points wide, one CSS pixel per point at 100 %.
    await expect.poll(() => canvasWidth(page)).toBeCloseTo(612, 0);
    expect(start).toBeCloseTo((612 * initial) / 100, 0);
    await page.screenshot({ path: testInfo.outputPath("editor.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  test("another account's ePaper sends the user back to the start with a message", async ({ page, context }) => {
    const stranger = await insertUserWithLevel("2");
    await logInAs(context, stranger);
    await page.goto("/epaper/doesnotexist123");
    await expect(page).toHaveURL(/\/epaper$/);
    await expect(page.getByText("This ePaper does not exist (any more).")).toBeVisible();
  });
});
