import { readFile } from "node:fs/promises";
import path from "node:path";
import { type Browser, chromium, expect, type Page, type TestInfo, test } from "@playwright/test";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { addEnrichmentsOfEveryKind, addExternalLink } from "../support/enrichments.ts";
import { e2eDb } from "../support/e2e-users.ts";
import { logInWithChannel, PUBLISH_TO_CHANNEL_TEXTS, publishToChannel } from "./support/channel.ts";
import { uploadAndRender } from "./support/editor.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { E2E_DATA_DIR } from "./support/slot.ts";
import { atOneSize } from "./support/language-size.ts";

// The statistics screen end to end (issue 31 item 4; ADR 0053, ADR 0055): an ePaper with media
// elements published to a channel, read at the channel's address by someone else (another
// browser context: pages turned, a video opened, a term searched) who keeps nothing in their
// browser, then the owner opens the statistics from the card's menu and finds the reading there
// once the worker has counted it: opens, the pages reached, the element, the term, the referrer,
// the channel. The screen is checked with axe, at desktop and phone size, and its CSV carries the
// same data.

const FILE = "plumber__pdffill-demo.pdf"; // 7 pages; "Arrow" is on page 3

const LANGUAGES = [
  {
    code: "en",
    locale: "en-US",
    ...PUBLISH_TO_CHANNEL_TEXTS.en,
    statistics: "Statistics",
    title: (name: string) => `Statistics: ${name}`,
    showTable: "Show as table",
    pagesTitle: "Page by page",
    direct: "Direct",
    last7: "Last 7 days",
    download: "Download CSV",
    fromAfterTo: "The start date must not be after the end date.",
    from: "From",
    // One date format per language (issue 46 item 20), whatever the browser's locale: ISO in English.
    shownDay: "2026-03-01",
    daySegment: 2,
    show: "Show",
    readingNow: (count: number) => `Reading now: ${count}`,
    channelActions: (name: string) => `Actions for channel ${name}`,
    channelTitle: (name: string) => `Channel statistics: ${name}`,
  },
  {
    code: "de",
    locale: "de-DE",
    ...PUBLISH_TO_CHANNEL_TEXTS.de,
    statistics: "Statistik",
    title: (name: string) => `Statistik: ${name}`,
    showTable: "Als Tabelle anzeigen",
    pagesTitle: "Seite für Seite",
    direct: "Direkt",
    last7: "Letzte 7 Tage",
    download: "CSV herunterladen",
    fromAfterTo: "Das Startdatum darf nicht nach dem Enddatum liegen.",
    from: "Von",
    shownDay: "01.03.2026",
    daySegment: 0,
    show: "Anzeigen",
    readingNow: (count: number) => `Gerade am Lesen: ${count}`,
    channelActions: (name: string) => `Aktionen für Kanal ${name}`,
    channelTitle: (name: string) => `Kanalstatistik: ${name}`,
  },
] as const;

/**
 * A reader at `address` in a browser context of their own, with the project's device: its
 * User-Agent is a browser's (Chromium's own headless one names itself HeadlessChrome, which the
 * ingest counts as a bot and drops). Turns pages, opens the video on page 1, searches "Arrow" and
 * goes to its result, and shows that nothing was stored in the reader's browser. The reader stays
 * open: it sends what it collected every 15 s while visible. Answers the page and the bodies of the
 * beacons it sent (attached to the report, for a failure's diagnosis).
 */
async function readAsVisitor(browser: Browser, testInfo: TestInfo, address: string, locale: string) {
  const device = testInfo.project.use;
  const context = await browser.newContext({
    locale,
    userAgent: device.userAgent,
    viewport: device.viewport,
    deviceScaleFactor: device.deviceScaleFactor,
    isMobile: device.isMobile,
    hasTouch: device.hasTouch,
  });
  // No third party in the test: the video's player answers with an empty page.
  await context.route(/youtube-nocookie\.com|youtube\.com|vimeo\.com|example\.(com|org)/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>stub</title>" }),
  );
  const beacons: string[] = [];
  const reader = await context.newPage();
  reader.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith("/_stats")) beacons.push(request.postData() ?? "");
  });
  const pageAt = (index: number) => reader.locator(`.ep-spread .ep-page[data-page-index='${index}']`);
  // The reader counts a page shown for 300 ms or more: each one stays on screen for a second.
  const dwell = () => reader.waitForTimeout(1_000);

  await reader.goto(address);
  await expect(pageAt(0).locator("img").first()).toBeVisible({ timeout: 20_000 });
  await dwell();
  await pageAt(0).getByRole("button", { name: "Product video" }).click();
  const video = reader.getByRole("dialog", { name: "Product video" });
  await expect(video).toBeVisible();
  await reader.keyboard.press("Escape");
  // The reader's keys turn pages only while no dialog is open.
  await expect(video).toBeHidden();
  await reader.keyboard.press("ArrowRight");
  await expect(pageAt(1)).toBeVisible();
  await dwell();
  // The reader's texts are in the ePaper's language, whichever the upload card chose.
  await reader.getByRole("button", { name: /^(Search|Suche)$/ }).click();
  const search = reader.getByRole("dialog", { name: /^(Search|Suche)$/ });
  await search.getByRole("searchbox").fill("Arrow");
  await search
    .getByRole("button", { name: /^(Page|Seite) 3\b/ })
    .first()
    .click();
  await expect(search).toBeHidden();
  await expect(pageAt(2).locator("img").first()).toBeVisible();
  await dwell();
  // Turning on ends page 3's visible time: its event joins the next batch.
  await reader.keyboard.press("ArrowRight");
  await expect(pageAt(3)).toBeVisible();

  // Nothing of the reading is kept in the reader's browser (ADR 0053: no consent needed).
  const stored = await context.storageState();
  expect(stored.cookies).toEqual([]);
  expect(stored.origins.flatMap((origin) => origin.localStorage)).toEqual([]);
  expect(await reader.evaluate(() => [window.localStorage.length, window.sessionStorage.length])).toEqual([0, 0]);
  return { reader, context, beacons };
}

/**
 * A reader who looks at page 1 for three seconds and then leaves the tab's document: by typing
 * another address (`address`) or by following the page's same-tab link to another site (`link`).
 * Another reader than readAsVisitor's: a User-Agent of its own makes another day hash.
 *
 * In a browser of its own, started with that User-Agent: a leaving document's beacon goes out
 * after the document is gone, with the browser's own User-Agent, not the one an automation tool
 * set for the page (Playwright's `userAgent` is such an override). Headless Chromium's own one
 * names it HeadlessChrome, which the ingest drops as a bot: the beacon would be lost here, never
 * in a reader's real browser (README, "Statistics").
 */
async function readAndLeave(testInfo: TestInfo, address: string, epaperId: string, locale: string, how: "address" | "link") {
  const device = testInfo.project.use;
  const userAgent = `${device.userAgent} leaving-by-${how}`;
  const launch = device.launchOptions ?? {};
  const browser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--user-agent=${userAgent}`] });
  try {
    const context = await browser.newContext({
      locale,
      userAgent,
      viewport: device.viewport,
      deviceScaleFactor: device.deviceScaleFactor,
      isMobile: device.isMobile,
      hasTouch: device.hasTouch,
    });
    await context.route(/example\.(com|org)/, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>elsewhere</title>" }),
    );
    const reader = await context.newPage();
    await reader.goto(address);
    const first = reader.locator(".ep-spread .ep-page[data-page-index='0']");
    await expect(first.locator("img").first()).toBeVisible({ timeout: 20_000 });
    await reader.waitForTimeout(3_000);
    const before = await countedTotals(epaperId);
    if (how === "address") await reader.goto("https://example.org/typed");
    else await first.getByRole("link", { name: "Same-tab website" }).click();
    await expect(reader).toHaveTitle("elsewhere");
    // The leaving document's beacon (its open and page 1's time) goes out after the document is
    // gone, unseen by Playwright: the browser is closed only once the worker has counted it
    // (closed at once, a busy machine lost it now and then).
    await expect
      .poll(async () => (await countedTotals(epaperId)).opens - before.opens, { timeout: 60_000, intervals: [1_000, 2_000, 3_000] })
      .toBe(1);
  } finally {
    await browser.close();
  }
}

/** What a reader's beacons asked to count: its opens and each page's visible time. */
function sentTotals(beacons: readonly string[]) {
  let opens = 0;
  const pages = new Map<number, number>();
  for (const body of beacons) {
    for (const event of (JSON.parse(body) as { events: { t: string; p?: number; ms?: number }[] }).events) {
      if (event.t === "open") opens += 1;
      if (event.t === "page" && event.p) pages.set(event.p, (pages.get(event.p) ?? 0) + (event.ms ?? 0));
    }
  }
  return { opens, pages: [...pages].sort(([a], [b]) => a - b) };
}

/** What the worker counted of an ePaper, every source and day together. */
async function countedTotals(epaperId: string) {
  const daily = await e2eDb().selectFrom("statsDaily").select("opens").where("epaperId", "=", epaperId).execute();
  const pages = await e2eDb()
    .selectFrom("statsPages")
    .select(["page", "totalMs"])
    .where("epaperId", "=", epaperId)
    .orderBy("page")
    .execute();
  return {
    opens: daily.reduce((sum, row) => sum + Number(row.opens), 0),
    pages: pages.filter((row) => Number(row.totalMs) > 0).map((row) => [row.page, Number(row.totalMs)]),
  };
}

/** The statistics screen's figures after a reload: the worker counts within seconds of a beacon. */
async function countedReading(page: Page) {
  await page.reload();
  const opens = (await page.getByTestId("stats-total-opens").allTextContents())[0] ?? "0";
  const terms = await page.getByTestId("stats-searches").getByRole("rowheader").allTextContents();
  // The pages' table (for screen readers until shown): a row per page, readers reached first.
  const reached = async (pageNumber: number) =>
    (await page.getByTestId("stats-pages").getByRole("row").nth(pageNumber).getByRole("cell").first().allTextContents())[0] ?? "0";
  return {
    opened: Number(opens.replace(/\D/g, "")) > 0,
    searched: terms.includes("arrow"),
    firstPageReached: Number((await reached(1)).replace(/\D/g, "")) > 0,
    thirdPageReached: Number((await reached(3)).replace(/\D/g, "")) > 0,
  };
}

for (const lang of LANGUAGES) {
  test.describe(`statistics (${lang.code})`, atOneSize(lang.code), () => {
    test.use({ locale: lang.locale });

    test("a channel's reading shows on the ePaper's statistics screen, reached from its card's menu", async ({
      page,
      context,
      browser,
    }, testInfo) => {
      // A render, a publish, a reading and the worker's count, beside the other worker's tests.
      test.setTimeout(300_000);
      const channelName = `Statistics channel ${lang.code}`;
      const user = await logInWithChannel(context, lang.code, channelName);
      const name = `Statistics ${lang.code} ${testInfo.project.name} ${Date.now()}`;
      const { epaper, epaperId } = await uploadAndRender(page, name, FILE);
      await addEnrichmentsOfEveryKind(e2eDb(), new FolderBlobStore(path.resolve(E2E_DATA_DIR)), epaperId, user.accountId);
      await addExternalLink(e2eDb(), epaperId, { title: "Same-tab website", url: "https://example.org/article", displayAs: "tab_self" });

      // Published to the channel from the card, as a customer does (channels.test.ts).
      await publishToChannel(page, { epaper, name, channelName, language: lang.code });
      await page.goto("/channel");
      const address = (await page.getByRole("article", { name: channelName }).getByTestId("channel-address").textContent()) as string;
      expect(address).toMatch(/\/c\/[a-z0-9]{10}\/$/);

      // The owner opens the statistics from the card's menu before anyone reads: nobody reading now.
      // Only the screen's first heartbeat (it starts the server's watch) goes through: a later count
      // can then come over the event stream alone, not from a heartbeat's answer.
      let heartbeats = 0;
      await page.route(/\/reading-now$/, (route) => (heartbeats++ === 0 ? route.continue() : route.abort()));
      await page.goto("/epaper");
      await page
        .getByRole("article", { name })
        .getByRole("button", { name: lang.actions(name) })
        .click();
      await page.getByRole("menuitem", { name: lang.statistics, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/epaper/${epaperId}/statistics$`));
      await expect(page.getByRole("heading", { level: 1, name: lang.title(name) })).toBeVisible();
      const readingNow = page.getByTestId("stats-reading-now").getByRole("status");
      await expect(readingNow).toHaveText(lang.readingNow(0));

      const visitor = await readAsVisitor(browser, testInfo, address, lang.locale);
      // Over the event stream, without a reload: the reader's first batch (within 15 s) makes it one.
      await expect(readingNow).toHaveText(lang.readingNow(1), { timeout: 45_000 });
      await page.unroute(/\/reading-now$/);

      await expect
        .poll(() => countedReading(page), { timeout: 60_000, intervals: [2_000, 3_000, 5_000] })
        .toEqual({ opened: true, searched: true, firstPageReached: true, thirdPageReached: true });
      // An honest reading counts exactly (issue 44: the session limits take nothing from it): one open,
      // and each page's time as the reader sent it.
      await expect
        .poll(
          async () => {
            const sent = JSON.stringify(sentTotals(visitor.beacons));
            const counted = JSON.stringify(await countedTotals(epaperId));
            return sent === counted ? "exact" : `sent ${sent}, counted ${counted}`;
          },
          { timeout: 60_000, intervals: [2_000, 3_000, 5_000] },
        )
        .toBe("exact");
      expect(sentTotals(visitor.beacons).opens).toBe(1);
      await testInfo.attach(`beacons-${lang.code}-${testInfo.project.name}.txt`, { body: visitor.beacons.join("\n") });
      await visitor.context.close();

      // Readers who leave within three seconds, by another address and by a same-tab link, are
      // counted too: their open and the time on page 1, sent as the document went (issue 45).
      const before = await countedTotals(epaperId);
      const pageOneMs = (totals: Awaited<ReturnType<typeof countedTotals>>) => totals.pages.find(([p]) => p === 1)?.[1] ?? 0;
      for (const how of ["address", "link"] as const) await readAndLeave(testInfo, address, epaperId, lang.locale, how);
      await expect
        .poll(
          async () => {
            const after = await countedTotals(epaperId);
            return { opens: after.opens - before.opens, pageOneAtLeast6s: pageOneMs(after) - pageOneMs(before) >= 6_000 };
          },
          { timeout: 60_000, intervals: [2_000, 3_000, 5_000] },
        )
        .toEqual({ opens: 2, pageOneAtLeast6s: true });

      await expect(page.getByTestId("stats-elements").getByRole("rowheader", { name: "Product video" })).toBeVisible();
      await expect(page.getByTestId("stats-referrers").getByRole("rowheader", { name: lang.direct, exact: true })).toBeVisible();
      await expect(page.getByTestId("stats-sources").getByRole("cell", { name: channelName, exact: true })).toBeVisible();
      // The charts are drawn once the page has hydrated; every one keeps its data as a table.
      await expect(page.getByTestId("stats-days").getByTestId("stats-chart").locator("svg").first()).toBeVisible();
      await expect(page.getByTestId("stats-pages").getByTestId("stats-chart").locator("svg").first()).toBeVisible();
      const pagesTable = page.getByTestId("stats-pages").getByRole("table", { name: lang.pagesTitle });
      await expect(pagesTable).toHaveCount(1);
      await page.getByTestId("stats-pages").getByRole("button", { name: lang.showTable }).click();
      await expect(pagesTable).toBeVisible();
      await expect(pagesTable.getByRole("row")).toHaveCount(8); // the header and 7 pages

      // Phone-sized too: the page is never wider than the screen (tables scroll in their own frame).
      const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(width[0]).toBeLessThanOrEqual(width[1] ?? 0);
      expect(await axeViolations(page)).toEqual([]);
      await testInfo.attach(`statistics-${lang.code}-${testInfo.project.name}.png`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: "image/png",
      });

      // The CSV download carries the same range and data.
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: lang.download }).click();
      const csv = await readFile(await (await downloading).path(), "utf8");
      expect(csv).toContain('"arrow"');
      expect(csv).toContain(channelName);

      // A quick choice, and a range the rule refuses: the message, not an error page.
      await page.getByRole("link", { name: lang.last7 }).click();
      await expect(page.getByRole("link", { name: lang.last7 })).toHaveAttribute("aria-current", "true");
      await expect(page).toHaveURL(/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
      await page.goto(`/epaper/${epaperId}/statistics?from=2026-03-10&to=2026-03-01`);
      await expect(page.getByRole("alert").filter({ hasText: lang.fromAfterTo })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: lang.title(name) })).toBeVisible();
      // The range's days read in the studio's format, and the keyboard changes them.
      await page.goto(`/epaper/${epaperId}/statistics?from=2026-03-01&to=2026-03-10`);
      const from = page.getByRole("group", { name: lang.from });
      await expect(async () => {
        expect(((await from.textContent()) ?? "").replace(/[^\d.-]/g, "")).toBe(lang.shownDay);
        await from.getByRole("spinbutton").nth(lang.daySegment).press("ArrowUp");
        await expect(from.getByRole("spinbutton").nth(lang.daySegment)).toHaveText(/^0?2$/, { timeout: 1000 });
      }).toPass();
      await page.screenshot({ path: testInfo.outputPath(`statistics-range-${lang.code}.png`) });
      await page.getByRole("button", { name: lang.show, exact: true }).click();
      await expect(page).toHaveURL(/\?from=2026-03-02&to=2026-03-10$/);

      // The editor leads there as well.
      await page.goto(`/epaper/${epaperId}`);
      await page.getByRole("link", { name: lang.statistics, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/epaper/${epaperId}/statistics$`));

      // And the channel's own statistics, from its card's menu: the reading, under the ePaper it showed.
      await page.goto("/channel");
      await page
        .getByRole("article", { name: channelName })
        .getByRole("button", { name: lang.channelActions(channelName) })
        .click();
      await page.getByRole("menuitem", { name: lang.statistics, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: lang.channelTitle(channelName) })).toBeVisible();
      await expect(page.getByTestId("channel-stats-epapers").getByText(name)).toBeVisible();
      expect(Number(((await page.getByTestId("stats-total-opens").textContent()) ?? "").replace(/\D/g, ""))).toBeGreaterThan(0);
      const channelWidth = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(channelWidth[0]).toBeLessThanOrEqual(channelWidth[1] ?? 0);
      expect(await axeViolations(page)).toEqual([]);
      await testInfo.attach(`channel-statistics-${lang.code}-${testInfo.project.name}.png`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: "image/png",
      });
    });
  });
}
