/**
 * The reader's text view (issue 47 item 3), end to end in Chromium on the fixture bundle
 * (tests/support/reader-fixture.ts: page 5 is set in two columns, page 8 has words but no
 * blocks), served by a static server and once opened from the file system. English runs on the
 * desktop, German on the phone (language-size.ts). Needs the built reader.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { writeReaderBundle } from "../support/reader-fixture.ts";
import { type StaticServer, startStaticServer } from "../support/static-server.ts";
import { atOneSize } from "./support/language-size.ts";
import { axeViolations, swipe } from "./support/reader-checks.ts";

const NAME = "Spring catalogue <2026>";
const TEXTS = {
  en: { textView: "Text view", display: "Display", larger: "Larger text", dark: "Dark", contrast: "High contrast", next: "Next page" },
  de: {
    textView: "Textansicht",
    display: "Darstellung",
    larger: "Größere Schrift",
    dark: "Dunkel",
    contrast: "Hoher Kontrast",
    next: "Nächste Seite",
  },
};

let root = "";
let server: StaticServer | null = null;

test.beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "reader-text-e2e-"));
  await writeReaderBundle(path.join(root, "en"));
  await writeReaderBundle(path.join(root, "de"), { language: "de" });
  server = await startStaticServer([{ prefix: "/", target: root }]);
});

test.afterAll(async () => {
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

async function open(page: Page, language: "en" | "de", hash = "") {
  await page.addInitScript((name) => window.localStorage.setItem(`epaper-consent:${name}`, "granted"), NAME);
  await page.goto(`${server?.origin}/${language}/index.html${hash}`);
}

/** The text of one page in the text view. */
const textPage = (page: Page, index: number) => page.locator(`[data-testid="text-view"] article[data-page-index="${index}"]`);

for (const language of ["en", "de"] as const) {
  const t = TEXTS[language];
  test.describe(`text view (${language})`, atOneSize(language), () => {
    test("a two-column page reads its headings in column order, running heads left out; the toggle and deep links agree", async ({
      page,
    }) => {
      await open(page, language, "#/page/5/text");
      const five = textPage(page, 4);
      await expect(five.getByRole("heading")).toHaveText([
        language === "de" ? "Seite 5" : "Page 5",
        "Zebra crossing ahead",
        "Left column news",
        "Right column news",
      ]);
      await expect(five.getByRole("heading", { level: 3 })).toHaveText("Zebra crossing ahead");
      await expect(five.getByRole("heading", { level: 4 })).toHaveText(["Left column news", "Right column news"]);
      await expect(five.getByRole("listitem")).toHaveText(["Stripes", "Hooves"]);
      await expect(page.getByTestId("text-view")).not.toContainText("running head");
      // The static first page is gone: the text view is all there is.
      await expect(page.locator("[data-ep-static]")).toHaveCount(0);

      const toggle = page.getByRole("button", { name: t.textView, exact: true });
      await expect(toggle).toHaveAttribute("aria-pressed", "true");
      await toggle.click();
      await expect(page.locator('.ep-spread .ep-page[data-page-index="4"]')).toBeVisible();
      await expect(page).toHaveURL(/#\/page\/5$/);
      await toggle.click();
      await expect(page).toHaveURL(/#\/page\/5\/text$/);
      // The next page (spread) stays in the text view.
      await page.getByRole("button", { name: t.next }).click();
      await expect(textPage(page, 5)).toBeVisible();
      await expect(page).toHaveURL(/#\/page\/6\/text$/);
    });

    test("200 % text reflows at 320 px without sideways scrolling; axe finds nothing in the light, dark and high-contrast themes", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await open(page, language, "#/page/5/text");
      await expect(textPage(page, 4).getByRole("heading", { level: 3 })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: t.display }).click();
      const larger = page.getByTestId("text-view").getByRole("button", { name: t.larger });
      for (let step = 0; step < 4; step++) await larger.click();
      await expect(page.getByTestId("text-view").locator("output")).toHaveText("200 %");
      const fontSize = await page.getByTestId("text-view").evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
      expect(fontSize).toBe(36);
      const overflow = await page.evaluate(() => {
        const view = document.querySelector<HTMLElement>('[data-testid="text-view"]');
        return {
          view: (view?.scrollWidth ?? 0) - (view?.clientWidth ?? 0),
          page: document.documentElement.scrollWidth - window.innerWidth,
        };
      });
      expect(overflow).toEqual({ view: 0, page: 0 });
      for (const theme of [t.dark, t.contrast]) {
        await page.getByLabel(theme, { exact: true }).check();
        expect(await axeViolations(page), theme).toEqual([]);
      }
      await expect(page.getByTestId("text-view")).toHaveCSS("background-color", "rgb(0, 0, 0)");
      // The choice lasts the visit (a turned page keeps it) and is stored nowhere.
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByTestId("text-view").locator("output")).toHaveText("200 %");
      await expect(page.getByTestId("text-view")).toHaveAttribute("data-theme", "contrast");
      expect(await page.evaluate(() => [sessionStorage.length, Object.keys(localStorage), document.cookie])).toEqual([
        0,
        [`epaper-consent:${NAME}`],
        "",
      ]);
    });
  });
}

test.describe("text view on the phone", atOneSize("de"), () => {
  test("offered on first open with one tap; a swipe turns the page; declined it stays away", async ({ page }) => {
    await open(page, "de");
    const offer = page.getByRole("region", { name: "Lesetipp" });
    await offer.getByRole("button", { name: "Als Text anzeigen" }).click();
    await expect(offer).toHaveCount(0);
    await expect(textPage(page, 0)).toBeVisible();
    await expect(page).toHaveURL(/#\/page\/1\/text$/);
    const box = await page.getByTestId("text-view").boundingBox();
    if (!box) throw new Error("no text view");
    await swipe(page, box.x + box.width * 0.8, box.x + box.width * 0.2, box.y + box.height / 2);
    await expect(textPage(page, 1)).toBeVisible();
    await expect(page).toHaveURL(/#\/page\/2\/text$/);
    await swipe(page, box.x + box.width * 0.2, box.x + box.width * 0.8, box.y + box.height / 2);
    await expect(textPage(page, 0)).toBeVisible();

    await page.goto("about:blank");
    await open(page, "de");
    await offer.getByRole("button", { name: "Nein, danke" }).click();
    await expect(offer).toHaveCount(0);
    await expect(page.locator('.ep-spread .ep-page[data-page-index="0"]')).toBeVisible();
  });
});

test.describe("text view: links, pages without blocks, search, the file system", atOneSize("en"), () => {
  test("links sit in the text and work; a page without blocks shows its words; a search term is marked", async ({ page }) => {
    await open(page, "en", "#/page/2/text");
    const two = textPage(page, 1);
    // A link of the PDF without a title reads as its address; the rest by their titles, after the heading they sit below.
    await expect(two.getByRole("link", { name: "example.org/from-pdf" })).toBeVisible();
    await expect(two.locator("h3 ~ .ep-text-media")).toHaveCount(4);
    await two.getByRole("button", { name: "Jump to page 7" }).click();
    await expect(textPage(page, 6)).toBeVisible();
    await expect(page).toHaveURL(/#\/page\/7\/text$/);
    // Page 8 was rendered before blocks: its words, as one paragraph.
    await page.goto(`${server?.origin}/en/index.html#/page/8/text`);
    await expect(textPage(page, 7).locator("p")).toHaveText("Page 8 Alpha Beta Gamma8 Lorem ipsum dolor");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("searchbox", { name: "Search in this ePaper" }).fill("zebra");
    await page.getByRole("dialog", { name: "Search" }).getByRole("button").filter({ hasText: "Zebra" }).first().click();
    await expect(textPage(page, 4).locator("mark").first()).toHaveText("Zebra");
  });

  test("works from the file system", async ({ page }) => {
    await page.addInitScript((name) => window.localStorage.setItem(`epaper-consent:${name}`, "granted"), NAME);
    await page.goto(`${pathToFileURL(path.join(root, "en", "index.html")).href}#/page/5/text`);
    await expect(textPage(page, 4).getByRole("heading", { level: 3 })).toHaveText("Zebra crossing ahead");
  });
});
