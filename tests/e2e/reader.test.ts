/**
 * The published reader, end to end in Chromium: a fixture bundle (tests/support/reader-fixture.ts)
 * served by a tiny static server, and once opened from the file system. Needs the built reader:
 * `npm run build -w publisher`.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { READER_DIST, writeReaderBundle } from "../support/reader-fixture.ts";
import { axeViolations, swipe } from "./support/reader-checks.ts";
import { type StaticServer, startStaticServer } from "../support/static-server.ts";

const NAME = "Spring catalogue <2026>";

let root = "";
let base = "";
let server: StaticServer | null = null;

test.beforeAll(async ({ browserName }, _testInfo) => {
  expect(browserName).toBe("chromium");
  if (!existsSync(path.join(READER_DIST, "reader.js"))) {
    throw new Error("publisher/dist/reader/reader.js is missing: build the reader first with `npm run build -w publisher`.");
  }
  root = await mkdtemp(path.join(os.tmpdir(), "reader-e2e-"));
  await writeReaderBundle(path.join(root, "en"));
  await writeReaderBundle(path.join(root, "de"), { language: "de" });
  await writeReaderBundle(path.join(root, "rtl"), { language: "ar", direction: "rtl" });
  await writeReaderBundle(path.join(root, "toc"), { tocAutostart: true });
  server = await startStaticServer([{ prefix: "/", target: root }]);
  base = server.origin;
});

test.afterAll(async () => {
  await server?.close();
  if (root) {
    await rm(root, { recursive: true, force: true });
  }
});

/** Opens a bundle with cookie consent already given (the banner would cover the pages), offline. */
async function open(page: Page, bundle = "en", hash = "", options: { consent?: boolean } = {}) {
  // Context-wide, so that popups are answered too.
  await page
    .context()
    .route(/googletagmanager\.com|youtube-nocookie\.com|example\.(com|org)/, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>stub</title>" }),
    );
  if (options.consent !== false) {
    await page.addInitScript((name) => window.localStorage.setItem(`epaper-consent:${name}`, "granted"), NAME);
  }
  await page.goto(`${base}/${bundle}/index.html${hash}`);
  await expect(page.locator(".ep-spread .ep-page").first()).toBeVisible();
}

/** The pages on screen, settled (after any page-turn), in DOM order. */
async function expectPages(page: Page, indices: number[]) {
  for (const index of indices) {
    await expect(page.locator(`.ep-spread .ep-page[data-page-index="${index}"]`)).toBeVisible();
  }
  await expect(page.locator(".ep-spread .ep-page")).toHaveCount(indices.length);
}

/** Where the page is once it has come to rest: a turned page slides in (280 ms), and a box read while it slides is off to one side. */
async function pageBox(page: Page, index: number) {
  const target = page.locator(`.ep-spread .ep-page[data-page-index="${index}"]`);
  await target.evaluate((element) =>
    // A slide cut short by the next turn is cancelled: its `finished` rejects, and the page is at rest all the same.
    Promise.all((element.closest(".ep-spread")?.getAnimations() ?? []).map((animation) => animation.finished.catch(() => undefined))),
  );
  const box = await target.boundingBox();
  if (!box) {
    throw new Error(`page ${index} has no box`);
  }
  return box;
}

const isDesktop = (project: string) => project === "desktop";

/**
 * Two touch taps at one point, dispatched inside the page in one go: the reader counts a double
 * tap within 320 ms, and two separate Playwright taps can drift apart on a loaded machine.
 */
async function doubleTap(page: Page, x: number, y: number) {
  await page.evaluate(
    ({ x, y }) => {
      const target = document.elementFromPoint(x, y);
      if (!target) throw new Error("nothing to tap there");
      const init = { pointerId: 7, pointerType: "touch", isPrimary: true, clientX: x, clientY: y, bubbles: true, cancelable: true };
      for (let tap = 0; tap < 2; tap++) {
        target.dispatchEvent(new PointerEvent("pointerdown", init));
        target.dispatchEvent(new PointerEvent("pointerup", init));
      }
    },
    { x, y },
  );
}

test.describe("first paint", () => {
  test("index.html shows the first page before any script runs", async ({ page }) => {
    await page.route("**/assets/reader.js", (route) => route.abort());
    await page.goto(`${base}/en/index.html`);
    const image = page.locator("[data-ep-static] img");
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("fetchpriority", "high");
    await expect(image).toHaveAttribute("src", "pages/1/w800.webp");
    await expect(image).toHaveAttribute("alt", NAME);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle(NAME);
    await expect(page.locator('meta[name="x-custom-head"]')).toHaveCount(1);
    await expect(page.locator('meta[name="author"]')).toHaveAttribute("content", "Example & Sons");
    await expect(page.locator("section.ep-visually-hidden article")).toHaveCount(8);
    await expect(page.locator("section.ep-visually-hidden article").nth(4)).toContainText("Zebra crossing ahead");
  });

  test("the reader takes over, loads only the next spread ahead and never a PDF", async ({ page }, testInfo) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await open(page);
    await expectPages(page, [0]);
    await expect(page.locator("[data-ep-static]")).toHaveCount(0);
    await expect.poll(() => requested.some((file) => file.includes("/pages/2/w"))).toBe(true);
    if (isDesktop(testInfo.project.name)) {
      await expect.poll(() => requested.some((file) => file.includes("/pages/3/w"))).toBe(true);
    }
    await expect(page.locator(".ep-page[data-page-index='0'] .ep-text-layer span").first()).toHaveText("Page");
    const pageImages = requested.filter((file) => /\/pages\/\d+\/w\d+\.webp$/.test(file));
    expect(pageImages.filter((file) => !/\/pages\/[123]\//.test(file))).toEqual([]);
    expect(requested.filter((file) => file.endsWith(".pdf"))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __customScriptRan?: boolean }).__customScriptRan)).toBe(true);
  });
});

test.describe("at a permanent address", () => {
  test("with a <base> naming the revision, the page keeps its own address and links within the page stay in it", async ({ page }) => {
    // The content origin answers a channel's permanent address with index.html and a <base> for
    // its files (ADR 0049): here the bundle's folder, while the page's own address is index.html.
    await page.route(`${base}/en/index.html`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("<head>", `<head><base href="${base}/en/">`);
      await route.fulfill({ response, body: html });
    });
    await open(page, "en", "#/page/2");
    await page.evaluate(() => {
      (window as unknown as { __samePage?: boolean }).__samePage = true;
      document.body.insertAdjacentHTML(
        "beforeend",
        '<a id="ep-jump" href="#ep-target" style="position:fixed;top:0;left:0;z-index:99">jump</a><div id="ep-target">target</div>',
      );
    });
    await page.locator("#ep-jump").click();
    await page.getByRole("button", { name: "Next page" }).click();
    // Turning pages writes the page into this address, not the base's; no reload happened.
    await expect.poll(() => page.url()).toMatch(/\/en\/index\.html#\/page\/\d+$/);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });
});

test.describe("takeover", () => {
  test("the first page stays where the static page put it when the reader takes over", async ({ page }) => {
    // Without the reader's script: where index.html alone shows the first page.
    await page.route("**/assets/reader.js", (route) => route.abort());
    await page.goto(`${base}/en/index.html`);
    const still = page.locator("[data-ep-static] img");
    await expect.poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const before = await still.boundingBox();
    await page.unroute("**/assets/reader.js");
    await open(page);
    await expect(page.locator("[data-ep-static]")).toHaveCount(0);
    const after = await page.locator(".ep-spread .ep-page[data-page-index='0'] img").first().boundingBox();
    expect(before && after).toBeTruthy();
    // Within a few pixels: shadows and rounding, not a jump.
    for (const key of ["x", "y", "width", "height"] as const) expect(Math.abs((before?.[key] ?? 0) - (after?.[key] ?? 0))).toBeLessThan(4);
  });
});

test.describe("reading", () => {
  test("desktop: spreads with covers alone, keys and buttons, live region", async ({ page }, testInfo) => {
    test.skip(!isDesktop(testInfo.project.name), "spreads need a wide screen");
    await open(page);
    await expectPages(page, [0]);
    await expect(page.getByTestId("page-announcement")).toHaveText("Page 1 of 8");
    await page.keyboard.press("ArrowRight");
    await expectPages(page, [1, 2]);
    expect((await pageBox(page, 1)).x).toBeLessThan((await pageBox(page, 2)).x);
    await expect(page).toHaveURL(/#\/page\/2$/);
    await expect(page.getByTestId("page-announcement")).toHaveText("Pages 2–3 of 8");
    await page.getByRole("button", { name: "Next page" }).click();
    await expectPages(page, [3, 4]);
    await page.keyboard.press("End");
    await expectPages(page, [7]);
    await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();
    await page.keyboard.press("PageUp");
    await expectPages(page, [5, 6]);
    await page.getByRole("button", { name: "Previous page" }).click();
    await expectPages(page, [3, 4]);
    await page.keyboard.press("Home");
    await expectPages(page, [0]);
  });

  test("phone: single pages, swipe and keys", async ({ page }, testInfo) => {
    test.skip(isDesktop(testInfo.project.name), "swiping is for touch screens");
    await open(page);
    await expectPages(page, [0]);
    await page.keyboard.press("ArrowRight");
    await expectPages(page, [1]);
    const box = await pageBox(page, 1);
    const y = box.y + box.height * 0.8;
    await swipe(page, box.x + box.width * 0.8, box.x + box.width * 0.2, y);
    await expectPages(page, [2]);
    await expect(page).toHaveURL(/#\/page\/3$/);
    await swipe(page, box.x + box.width * 0.2, box.x + box.width * 0.8, y);
    await expectPages(page, [1]);
    await page.getByRole("button", { name: "Next page" }).click();
    await expectPages(page, [2]);
  });

  test("a deep link survives reload and follows the pages", async ({ page }, testInfo) => {
    await open(page, "en", "#/page/5");
    const desktop = isDesktop(testInfo.project.name);
    await expectPages(page, desktop ? [3, 4] : [4]);
    await page.reload();
    await expectPages(page, desktop ? [3, 4] : [4]);
    await expect(page).toHaveURL(/#\/page\/5$/);
    await page.keyboard.press("ArrowRight");
    await expectPages(page, desktop ? [5, 6] : [5]);
    await expect(page).toHaveURL(/#\/page\/6$/);
    await page.goto(`${base}/en/index.html#/page/99`);
    await expectPages(page, [7]);
  });

  test("the page-turn animates, and not when reduced motion is asked for", async ({ page }, testInfo) => {
    test.skip(!isDesktop(testInfo.project.name), "the leaf turns on spreads");
    const countLeaves = () =>
      page.evaluate(() => {
        const found = { leaves: 0 };
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (node instanceof Element && (node.matches(".ep-leaf") || node.querySelector(".ep-leaf"))) {
                found.leaves++;
              }
            }
          }
        }).observe(document.body, { childList: true, subtree: true });
        (window as unknown as { __leaves: typeof found }).__leaves = found;
      });
    const leaves = () => page.evaluate(() => (window as unknown as { __leaves: { leaves: number } }).__leaves.leaves);
    await open(page);
    await countLeaves();
    await page.keyboard.press("ArrowRight");
    await expectPages(page, [1, 2]);
    expect(await leaves()).toBeGreaterThan(0);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await expect(page.locator(".ep-spread .ep-page").first()).toBeVisible();
    await countLeaves();
    await page.keyboard.press("ArrowRight");
    await expectPages(page, [3, 4]);
    expect(await leaves()).toBe(0);
  });

  test("zooming loads the larger rendition; pinch and double-tap zoom on phones", async ({ page }, testInfo) => {
    await open(page);
    const image = page.locator(".ep-spread .ep-page[data-page-index='0'] img");
    if (isDesktop(testInfo.project.name)) {
      // 600 px tall page at device pixel ratio 1: the 800 px rendition suffices until zoomed.
      await expect(image).toHaveAttribute("src", "pages/1/w800.webp");
      await page.getByRole("button", { name: "Zoom in" }).click();
      await page.getByRole("button", { name: "Zoom in" }).click();
      await expect(image).toHaveAttribute("src", "pages/1/w1600.webp");
      await page.keyboard.press("Escape");
      await expect(page.locator(".ep-book")).toHaveAttribute("style", /scale\(1\)/);
      await page.keyboard.press("+");
      await expect(page.locator(".ep-book")).toHaveAttribute("style", /scale\(1\.5\)/);
      return;
    }
    // Pixel 7: 2.625 device pixels per CSS pixel need the large rendition from the start.
    await expect(image).toHaveAttribute("src", "pages/1/w1600.webp");
    const box = await pageBox(page, 0);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height * 0.8;
    await doubleTap(page, cx, cy);
    await expect(page.locator(".ep-book")).toHaveAttribute("style", /scale\(2\.5\)/);
    await doubleTap(page, cx, cy);
    await expect(page.locator(".ep-book")).toHaveAttribute("style", /scale\(1\)/);
    const cdp = await page.context().newCDPSession(page);
    const fingers = (spread: number) => [
      { x: cx - spread, y: cy, id: 1 },
      { x: cx + spread, y: cy, id: 2 },
    ];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(30) });
    for (const spread of [50, 70, 90]) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(spread) });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(page.locator(".ep-book")).toHaveAttribute("style", /scale\(3\)/);
  });

  test("thumbnails: a keyboard-navigable grid that jumps to the page", async ({ page }, testInfo) => {
    await open(page);
    const opener = page.getByRole("button", { name: "Page overview", exact: true });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Page overview" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Page 1", exact: true })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("button", { name: "Page 2", exact: true })).toBeFocused();
    await page.keyboard.press("End");
    await expect(dialog.getByRole("button", { name: "Page 8", exact: true })).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expectPages(page, isDesktop(testInfo.project.name) ? [5, 6] : [6]);
    await expect(opener).toBeFocused();
  });

  test("table of contents: indented entries, keyboard, jump", async ({ page }) => {
    await open(page);
    await page.getByRole("button", { name: "Table of contents" }).click();
    const dialog = page.getByRole("dialog", { name: "Table of contents" });
    const section = dialog.getByRole("listitem").filter({ hasText: "Section one point one" });
    await expect(section).toHaveCSS("padding-inline-start", "20px");
    await expect(dialog.getByRole("listitem").filter({ hasText: "Chapter one" })).toHaveCSS("padding-inline-start", "0px");
    await expect(dialog.locator(".ep-toc-entry img")).toHaveCount(5);
    await dialog.getByRole("button", { name: /Cover/ }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByRole("button", { name: /Chapter one/ })).toBeFocused();
    await dialog.getByRole("button", { name: /Zebra story/ }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator(".ep-spread .ep-page[data-page-index='4']")).toBeVisible();
  });
});

test.describe("table of contents on start", () => {
  test("with autostart the reader opens on the table of contents, which closes to the cover", async ({ page }) => {
    await open(page, "toc");
    const dialog = page.getByRole("dialog", { name: "Table of contents" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Chapter one/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.locator(".ep-spread .ep-page[data-page-index='0']")).toBeVisible();
  });
});

test.describe("text", () => {
  test("search finds the page, lists a snippet and highlights the hit", async ({ page }) => {
    await open(page);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    const input = dialog.getByRole("searchbox", { name: "Search in this ePaper" });
    await expect(input).toBeFocused();
    await input.fill("zebra");
    await expect(dialog.getByRole("status")).toHaveText("1 result");
    const result = dialog.getByRole("button", { name: /Page 5/ });
    await expect(result.locator("mark")).toHaveText("Zebra");
    await result.click();
    await expect(dialog).toHaveCount(0);
    const hit = page.locator(".ep-spread .ep-page[data-page-index='4'] .ep-hit");
    await expect(hit).toHaveCount(1);
    await expect(hit).toBeVisible();
    await expect(page.locator(".ep-spread .ep-page[data-page-index='4'] .ep-text-layer span").nth(2)).toHaveText("Zebra");
  });
});

test.describe("enrichments", () => {
  test("links: mailto, internal jump, PDF link area, new tab with a popup", async ({ page }, testInfo) => {
    await open(page, "en", "#/page/2");
    const pageTwo = page.locator(".ep-spread .ep-page[data-page-index='1']");
    await expect(pageTwo.getByRole("link", { name: "Write to us" })).toHaveAttribute(
      "href",
      "mailto:info@example.com?subject=Hello%20%26%20welcome&body=Line%20one",
    );
    const pdfArea = pageTwo.getByRole("link", { name: "Open link" });
    await expect(pdfArea).toHaveAttribute("href", "https://example.org/from-pdf");
    await expect(pdfArea).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await expect(pageTwo.getByRole("link", { name: "Write to us" })).toHaveCSS("background-color", "rgba(37, 99, 235, 0.25)");

    const external = pageTwo.getByRole("link", { name: "Example website" });
    await expect(external).toHaveAttribute("rel", "noopener noreferrer");
    const popup = page.waitForEvent("popup");
    await external.click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toBe("https://example.com/blank");

    const bar = page.getByRole("region", { name: "Media on this page" });
    await expect(bar.getByRole("link", { name: "Example website" })).toContainText("Example website");
    await pageTwo.getByRole("button", { name: "Jump to page 7" }).click();
    await expectPages(page, isDesktop(testInfo.project.name) ? [5, 6] : [6]);
  });

  test("overlays: external page, video, custom HTML in a sandbox", async ({ page }) => {
    await open(page, "en", "#/page/2");
    const opener = page.locator(".ep-spread .ep-page[data-page-index='1']").getByRole("button", { name: "Opening hours" });
    await opener.click();
    const overlay = page.getByRole("dialog", { name: "Opening hours" });
    await expect(overlay.locator("iframe")).toHaveAttribute("src", "media/overlay.html");
    await expect(page.frameLocator(".ep-media-dialog iframe").locator("#hours")).toHaveText("Open Monday to Friday");
    await page.keyboard.press("Escape");
    await expect(overlay).toHaveCount(0);
    await expect(opener).toBeFocused();

    await page.goto(`${base}/en/index.html#/page/3`);
    const pageThree = page.locator(".ep-spread .ep-page[data-page-index='2']");
    await pageThree.getByRole("button", { name: "Product video" }).click();
    await expect(page.getByRole("dialog", { name: "Product video" }).locator("iframe")).toHaveAttribute(
      "src",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    );
    await page.getByRole("button", { name: "Close" }).click();

    await pageThree.getByRole("button", { name: "Price calculator" }).click();
    const html = page.getByRole("dialog", { name: "Price calculator" }).locator("iframe");
    await expect(html).toHaveAttribute("sandbox", "allow-scripts allow-popups");
    await expect(page.frameLocator(".ep-media-dialog iframe").locator("#calc")).toHaveText("Calculator");
    const frame = await (await html.elementHandle())?.contentFrame();
    expect(frame).toBeTruthy();
    await expect.poll(() => frame?.evaluate(() => document.body.dataset.ran)).toBe("yes");
    // Without allow-same-origin the custom HTML cannot reach the reader.
    expect(
      await frame?.evaluate(() => {
        try {
          return String(window.parent.document.title);
        } catch {
          return "blocked";
        }
      }),
    ).toBe("blocked");
    await page.keyboard.press("Escape");

    const embedded = pageThree.locator(".ep-area--embedded iframe");
    await expect(embedded).toHaveAttribute("title", "Embedded poll");
    await expect(embedded).toHaveAttribute("sandbox", "allow-scripts allow-popups");
    // A video file (mp4, mov, m4v) plays in the browser's own player, not in an iframe.
    await page.goto(`${base}/en/index.html#/page/6`);
    await page.locator(".ep-spread .ep-page[data-page-index='5']").getByRole("button", { name: "Assembly clip" }).click();
    const clip = page.getByRole("dialog", { name: "Assembly clip" });
    await expect(clip.locator("video[controls]")).toHaveCount(1);
    await expect(clip.locator("video source")).toHaveAttribute("src", "media/clip.mp4");
    await expect(clip.locator("video source")).toHaveAttribute("type", "video/mp4");
    await expect(clip.locator("iframe")).toHaveCount(0);
  });

  test("gallery lightbox with keyboard and buttons", async ({ page }) => {
    await open(page, "en", "#/page/3");
    const opener = page.locator(".ep-spread .ep-page[data-page-index='2']").getByRole("button", { name: "Photo gallery" });
    await opener.click();
    const lightbox = page.getByRole("dialog", { name: "Photo gallery" });
    await expect(lightbox.getByRole("img", { name: "Factory picture 1" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(lightbox.getByRole("img", { name: "Factory picture 2" })).toBeVisible();
    await lightbox.getByRole("button", { name: "Next image" }).click();
    await expect(lightbox.getByText("Image 3 of 3")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(lightbox.getByRole("img", { name: "Factory picture 1" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(lightbox).toHaveCount(0);
    await expect(opener).toBeFocused();
    const bar = page.getByRole("region", { name: "Media on this page" });
    await expect(bar.getByRole("button", { name: "Photo gallery" })).toContainText("Three pictures of the factory");
  });
});

test.describe("settings", () => {
  test("cookie banner: the Google tag loads only after consent, which is remembered", async ({ page }) => {
    const tagRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("googletagmanager.com")) {
        tagRequests.push(request.url());
      }
    });
    await open(page, "en", "", { consent: false });
    const banner = page.getByRole("region", { name: "Cookie notice" });
    await expect(banner).toContainText("We use cookies for statistics.");
    expect(tagRequests).toEqual([]);
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(() => tagRequests.length).toBe(1);
    expect(tagRequests[0]).toContain("id=G-TEST12345");
    await page.reload();
    await expect(page.locator(".ep-spread .ep-page").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookie notice" })).toHaveCount(0);
    await expect.poll(() => tagRequests.length).toBe(2);
  });

  test("imprint and privacy overlays, share links, PDF download", async ({ page }) => {
    await open(page, "en", "#/page/4");
    const imprint = page.getByRole("button", { name: "Imprint" });
    await imprint.click();
    await expect(page.getByRole("dialog", { name: "Imprint" })).toContainText("Example GmbH, Main street 1");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Imprint" })).toHaveCount(0);
    await expect(imprint).toBeFocused();
    await page.getByRole("button", { name: "Privacy policy" }).click();
    await expect(page.getByRole("dialog", { name: "Privacy policy" })).toContainText("without consent");
    await page.keyboard.press("Escape");

    // Share (issue 46): the publication's address, or this page's deep link when asked for; copy
    // link beside the customer's networks.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Share" }).click();
    const share = page.getByRole("dialog", { name: "Share" });
    const address = page.url().split("#")[0] ?? "";
    await expect(share.getByRole("link")).toHaveCount(8);
    await expect(share.getByRole("textbox", { name: "Link" })).toHaveValue(address);
    await expect(share.getByRole("link", { name: "Share via Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(address)}`,
    );
    await share.getByRole("checkbox", { name: "Link to page 4" }).check();
    await expect(share.getByRole("link", { name: "Share via Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${address}#/page/4`)}`,
    );
    await share.getByRole("button", { name: "Copy link" }).click();
    await expect(share.getByRole("status")).toHaveText("The link was copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${address}#/page/4`);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    const download = page.getByRole("link", { name: "Download page 4 as PDF" });
    await expect(download).toHaveAttribute("href", "pages/4/page.pdf");
    await expect(download).toHaveAttribute("download", "");
    const pdf = await page.request.get(`${base}/en/pages/4/page.pdf`);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("right-to-left: mirrored spreads, reversed keys and swipes", async ({ page }, testInfo) => {
    await open(page, "rtl");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectPages(page, [0]);
    if (isDesktop(testInfo.project.name)) {
      await page.keyboard.press("ArrowLeft");
      await expectPages(page, [1, 2]);
      expect((await pageBox(page, 1)).x).toBeGreaterThan((await pageBox(page, 2)).x);
      await page.keyboard.press("ArrowRight");
      await expectPages(page, [0]);
      return;
    }
    const box = await pageBox(page, 0);
    const y = box.y + box.height * 0.8;
    await swipe(page, box.x + box.width * 0.2, box.x + box.width * 0.8, y);
    await expectPages(page, [1]);
    await page.keyboard.press("ArrowRight");
    await expectPages(page, [0]);
  });

  test("texts follow the ePaper language: German and English", async ({ page }) => {
    await open(page, "de", "", { consent: false });
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("button", { name: "Nächste Seite" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Suche", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Impressum" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookie-Hinweis" }).getByRole("button", { name: "Akzeptieren" })).toBeVisible();
    await expect(page.getByTestId("page-announcement")).toHaveText("Seite 1 von 8");
    await page.goto(`${base}/en/index.html`);
    await expect(page.getByRole("button", { name: "Next page" })).toBeVisible();
    await expect(page.getByTestId("page-announcement")).toHaveText("Page 1 of 8");
  });
});

test.describe("accessibility and file://", () => {
  test("axe finds no violations, with and without a dialog open", async ({ page }) => {
    await open(page, "en", "", { consent: false });
    const violations = () => axeViolations(page);
    expect(await violations()).toEqual([]);
    await page.getByRole("button", { name: "Page overview", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Page overview" })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("works from the file system: pages, text layer and search", async ({ page }, testInfo) => {
    test.skip(!isDesktop(testInfo.project.name), "once is enough");
    await page.addInitScript((name) => window.localStorage.setItem(`epaper-consent:${name}`, "granted"), NAME);
    await page.goto(`${pathToFileURL(path.join(root, "en", "index.html")).href}#/page/5`);
    await expectPages(page, [3, 4]);
    await expect(page.locator(".ep-spread .ep-page[data-page-index='4'] .ep-text-layer span").nth(2)).toHaveText("Zebra");
    await page.keyboard.press("ArrowRight");
    await expectPages(page, [5, 6]);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("searchbox", { name: "Search in this ePaper" }).fill("lorem");
    await expect(page.getByRole("dialog", { name: "Search" }).getByRole("status")).toHaveText("8 results");
  });
});
