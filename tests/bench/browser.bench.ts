/**
 * `npm run bench:browser` (issue 29 §3): does a dialog whose list grows with the document open as
 * fast at the largest document we accept as at a small one? The real product (tests/e2e/serve.sh
 * in slot 3: production build, worker, render node, MariaDB, Redis) renders a corpus PDF with an
 * outline (3 pages) twice; one stays as it is, the other becomes the largest document we accept:
 * 1,000 pages (page rows written to the database, each showing the first page's files) and the
 * largest table of contents the import keeps (5,000 entries). Chromium, with a 4× slowed CPU,
 * opens the editor of each, then each dialog (the TOC, the pages order and structure, the pages
 * settings with 'All' pages chosen), RUNS times, alternating; and the media library's images tab
 * of an account with 10 images and of one with 1,000 ('All' chosen; rows only, no files), and a
 * gallery of 10 images and one of 500 opened from its galleries tab. 'open' is read from the page's own
 * clock: from pressing the menu item until the dialog's first entry is visible and the page
 * answers a frame (the main thread is free again), plus, where the dialog has a pager, from
 * choosing 'All' until the page answers a frame. Playwright's checks before each action (slow on
 * a throttled page) are not counted, nor is opening the Settings menu (done first; it opens only
 * once the editor is hydrated). Each end is read after Playwright has seen the entry, so the
 * figure is an upper bound. Prints `<dialog> open ms at <size>: N` (median) and
 * `<dialog> ratio largest/small` (goal: every dialog ≤ 1,000 ms at its largest size, ratio ≤ 3).
 *
 * Environment: BROWSER_BENCH_RUNS (default 5), BROWSER_BENCH_ONLY (words of the dialogs' names). Uses E2E_SLOT 3 (port 3130, epaper_e2e_3).
 */
import { createId } from "@paralleldrive/cuid2";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "@playwright/test";
import { closeE2eDb, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { E2E_BASE_URL, E2E_SLOT } from "../e2e/support/slot.ts";
import { uploadAndRender } from "../e2e/support/editor.ts";
import { startProduct, stopProduct } from "./bench-processes.ts";

if (E2E_SLOT !== 3) throw new Error("run through `npm run bench:browser` (E2E_SLOT=3)");
const RUNS = Math.max(3, Number(process.env.BROWSER_BENCH_RUNS ?? 5));
/** BROWSER_BENCH_ONLY=media,toc (words of the names): measure only those. */
const ONLY = (process.env.BROWSER_BENCH_ONLY ?? "").split(",").filter(Boolean);
const CHROMIUM = { executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] };
const FILE = "opf__webCapture.pdf";
/** The largest outline we accept (issue 29: the import keeps 5,000 entries), and the most pages. */
const LARGEST_TOC = 5_000;
const LARGEST_PAGES = 1_000;
/** A media library's 'All' at a thousand images. */
const LARGEST_LIBRARY = 1_000;
/** A gallery of hundreds of images (issue 29 item 3). */
const LARGEST_GALLERY = 500;

type Opened = (page: Page) => Promise<void>;
/** `all`: chooses 'All' and waits until the dialog holds every one of `total` items. */
type Measured = { ready: Opened; all?: (page: Page, total: number) => Promise<void> };
/** Each dialog: its menu item, what shows its first entry, and (page dialogs) choosing 'All' pages. */
const DIALOGS: ({ name: string; item: string } & Measured)[] = [
  {
    name: "toc dialog",
    item: "Table of contents",
    ready: (page) => page.getByRole("dialog").getByRole("form", { name: "Entry 1" }).waitFor(),
  },
  {
    name: "pages structure dialog",
    item: "Page order and structure",
    ready: (page) => page.getByRole("dialog").getByRole("listitem").first().waitFor(),
    all: showAllPages,
  },
  {
    name: "pages settings dialog",
    item: "Page display and download",
    ready: (page) => page.getByRole("dialog").getByRole("textbox", { name: "Own page number of page 1", exact: true }).waitFor(),
    all: showAllPages,
  },
];

/**
 * Chooses 'All' in a dialog's pager, where there is one (more than 25 items), and waits until the
 * dialog holds all `total`: a virtual list says so in aria-setsize, a virtual table in
 * aria-rowcount (with its header row), a plain list has that many items. The answer to 'All' is
 * fetched, so the choice alone proves nothing.
 */
async function showAllPages(page: Page, total: number) {
  const size = page.getByRole("dialog").getByLabel("Pages per view");
  if ((await size.count()) === 0) return;
  await size.selectOption({ label: "All" });
  await page.waitForFunction(
    (count) => {
      const dialog = document.querySelector('[role="dialog"]');
      if (!dialog) return false;
      return (
        dialog.querySelector(`[aria-setsize="${count}"]`) !== null ||
        dialog.querySelector(`table[aria-rowcount="${count + 1}"]`) !== null ||
        dialog.querySelectorAll("li").length >= count
      );
    },
    total,
    { polling: "raf" },
  );
}

/** Replaces the ePaper's table of contents with `count` entries spread over its pages. */
async function writeToc(epaperId: string, count: number) {
  const db = e2eDb();
  const pages = await db.selectFrom("page").select("id").where("epaperId", "=", epaperId).orderBy("page").execute();
  await db.deleteFrom("tocItem").where("epaperId", "=", epaperId).execute();
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
      const index = start + offset;
      return {
        id: createId(),
        epaperId,
        pageId: (pages[Math.floor((index * pages.length) / count)] ?? pages[0])?.id as string,
        position: index,
        indent: index % 4,
        title: `Section ${index + 1}: a bookmark of a long catalogue`,
      };
    });
    await db.insertInto("tocItem").values(rows).execute();
  }
}

/** Makes the ePaper `count` pages long: page rows after its own, each showing its first page's files. */
async function writePages(epaperId: string, count: number) {
  const db = e2eDb();
  const first = await db.selectFrom("page").selectAll().where("epaperId", "=", epaperId).where("page", "=", 1).executeTakeFirstOrThrow();
  const existing = await db.selectFrom("page").select("page").where("epaperId", "=", epaperId).execute();
  const rows = [];
  for (let number = existing.length + 1; number <= count; number++) {
    const { id: _id, createdAt: _created, updatedAt: _updated, ...copy } = first;
    rows.push({
      ...copy,
      id: createId(),
      page: number,
      sourcePage: number,
      links: copy.links === null ? null : JSON.stringify(copy.links),
      renditions: copy.renditions === null ? null : JSON.stringify(copy.renditions),
    });
  }
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto("page")
      .values(rows.slice(start, start + 500))
      .execute();
  await db.updateTable("epaper").set({ pageCount: count }).where("id", "=", epaperId).execute();
}

type Storage = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** The editor with its Settings menu open (opening it is not part of 'open'; it opens once the editor is hydrated). */
async function editorMenu(page: Page, epaperId: string, item: string) {
  await page.goto(`/epaper/${epaperId}`);
  await page.getByRole("button", { name: "+ Add media item" }).waitFor();
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: /^Settings/ }).click();
  return page.getByRole("menuitem", { name: item, exact: true });
}

/** The media dialog open on its galleries (not part of 'open'): the images tab is what is pressed. */
async function mediaDialog(page: Page) {
  await page.goto("/epaper");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: /^Main menu/ }).click();
  await page.getByRole("menuitem", { name: "Media", exact: true }).click();
  return page.getByRole("dialog", { name: "Media" }).getByRole("tab", { name: "Images" });
}

/**
 * One opening in a fresh page: `before` brings the page to the press (unmeasured) and returns
 * what to press; 'open' runs from pressing it until the frame after `ready`, plus, where there
 * is a pager, from choosing 'All' until the frame after.
 */
async function openOnce(browser: Browser, size: Size, dialog: Measured) {
  const { storage, before, total } = size;
  const context = await browser.newContext({
    storageState: storage,
    locale: "en-US",
    viewport: { width: 1440, height: 900 },
    baseURL: E2E_BASE_URL,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const press = await before(page);
  await press.waitFor();
  // The page's own clock marks what the user does (pressing, choosing 'All'), so that
  // Playwright's checks before each action are not counted; the frame after the dialog shows is.
  await page.evaluate(() => {
    const marks: Record<string, number> = {};
    Object.assign(window, { benchMarks: marks });
    document.addEventListener("pointerdown", () => (marks.press ??= performance.now()), { capture: true });
    document.addEventListener("change", () => (marks.change ??= performance.now()), { capture: true });
  });
  const frame = () =>
    page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))));
  await press.click();
  await dialog.ready(page);
  const shown = await frame();
  await dialog.all?.(page, total);
  const all = await frame();
  const marks = await page.evaluate(() => (window as unknown as { benchMarks: { press?: number; change?: number } }).benchMarks);
  await context.close();
  if (marks.press === undefined) throw new Error("nothing was pressed");
  return shown - marks.press + (marks.change === undefined ? 0 : all - marks.change);
}

/** Gives the user's account `count` images in its media library (rows only: a thumbnail that is not in view is never asked for). */
async function writeImages(accountId: string, count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: createId(),
    accountId,
    name: `Image ${String(index + 1).padStart(4, "0")}.png`,
    blobKey: `bench/missing-${index}.png`,
    extension: "png",
    mimeType: "image/png",
    sizeInByte: 20_000 + index,
    width: 640,
    height: 480,
  }));
  for (let start = 0; start < rows.length; start += 500)
    await e2eDb()
      .insertInto("media")
      .values(rows.slice(start, start + 500))
      .execute();
}

/** The media dialog open on its galleries tab (not part of 'open'): the account's one gallery is what is pressed. */
async function galleriesTab(page: Page) {
  const images = await mediaDialog(page);
  await images.waitFor();
  await page.getByRole("dialog", { name: "Media" }).getByRole("tab", { name: "Galleries" }).click();
  return page.getByRole("dialog", { name: "Media" }).getByRole("button", { name: /^Bench gallery/ });
}

/** Gives the account one gallery of `count` images (rows only, as writeImages). */
async function writeGallery(accountId: string, count: number) {
  await writeImages(accountId, count);
  const galleryId = createId();
  await e2eDb().insertInto("gallery").values({ id: galleryId, accountId, name: "Bench gallery" }).execute();
  const media = await e2eDb().selectFrom("media").select("id").where("accountId", "=", accountId).orderBy("name").execute();
  const rows = media.map((item, position) => ({ id: createId(), galleryId, mediaId: item.id, position }));
  for (let start = 0; start < rows.length; start += 500)
    await e2eDb()
      .insertInto("galleryMedia")
      .values(rows.slice(start, start + 500))
      .execute();
}

/** An account per count, its media tours seen, given `count` images by `write`; signed in, with `before` to reach the press. */
async function imageAccounts(
  browser: Browser,
  counts: number[],
  write: (accountId: string, count: number) => Promise<void>,
  before: Size["before"],
): Promise<Size[]> {
  const sizes: Size[] = [];
  for (const count of counts) {
    const owner = await insertUserWithLevel("2");
    await e2eDb()
      .insertInto("userTour")
      .values(["media-tour", "gallery-tour"].map((tour) => ({ userId: owner.userId, tour })))
      .execute();
    await write(owner.accountId, count);
    const own = await browser.newContext({ locale: "en-US", baseURL: E2E_BASE_URL });
    await logInAs(own, owner);
    sizes.push({ label: `${count} images`, storage: await own.storageState(), before, total: count });
    await own.close();
  }
  return sizes;
}

/** `total`: how many items the dialog holds with 'All' chosen. */
type Size = { label: string; storage: Storage; before: (page: Page) => Promise<Locator>; total: number };

/** A warm-up opening at each size, then RUNS alternating ones; prints the medians and their ratio. */
async function measure(browser: Browser, name: string, measured: Measured, sizes: [Size, Size] | Size[]) {
  if (ONLY.length > 0 && !ONLY.some((word) => name.includes(word))) return;
  const times = sizes.map(() => [] as number[]);
  for (const size of sizes) await openOnce(browser, size, measured);
  for (let run = 0; run < RUNS; run++)
    for (const [index, size] of sizes.entries()) times[index]?.push(await openOnce(browser, size, measured));
  for (const [index, size] of sizes.entries()) console.log(`${name} open ms at ${size.label}: ${Math.round(median(times[index] ?? []))}`);
  console.log(`${name} ratio largest/small: ${(median(times.at(-1) ?? []) / median(times[0] ?? [])).toFixed(2)}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const product = await startProduct();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const user = await insertUserWithLevel("2");
    const context = await browser.newContext({ locale: "en-US", baseURL: E2E_BASE_URL });
    await logInAs(context, user);
    const page = await context.newPage();
    console.log("rendering the corpus ePapers …");
    const small = (await uploadAndRender(page, "Bench small", FILE)).epaperId;
    const large = (await uploadAndRender(page, "Bench largest", FILE)).epaperId;
    const smallCount = Number(
      (
        await e2eDb()
          .selectFrom("tocItem")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("epaperId", "=", small)
          .executeTakeFirst()
      )?.n ?? 0,
    );
    if (smallCount === 0) await writeToc(small, 10);
    await writeToc(large, LARGEST_TOC);
    await writePages(large, LARGEST_PAGES);
    const storage = await context.storageState();
    await context.close();
    const smallPages = await e2eDb().selectFrom("page").select("id").where("epaperId", "=", small).execute();
    for (const dialog of DIALOGS) {
      const toc = dialog.name.startsWith("toc");
      await measure(browser, dialog.name, dialog, [
        {
          label: toc ? `${Math.max(smallCount, 10)} entries` : `${smallPages.length} pages`,
          storage,
          before: (page) => editorMenu(page, small, dialog.item),
          total: smallPages.length,
        },
        {
          label: toc ? `${LARGEST_TOC} entries` : `${LARGEST_PAGES} pages`,
          storage,
          before: (page) => editorMenu(page, large, dialog.item),
          total: LARGEST_PAGES,
        },
      ]);
    }
    // The media library's images tab, at 10 images and at 1,000 with 'All' chosen: an account each.
    const libraries = await imageAccounts(browser, [10, LARGEST_LIBRARY], writeImages, mediaDialog);
    await measure(
      browser,
      "media library images",
      {
        ready: (page) =>
          page
            .getByRole("dialog")
            .getByRole("button", { name: /^Rename: / })
            .first()
            .waitFor(),
        all: showAllPages,
      },
      libraries,
    );
    // A gallery of the media library, at 10 images and at LARGEST_GALLERY: every image of it is listed.
    const galleries = await imageAccounts(browser, [10, LARGEST_GALLERY], writeGallery, galleriesTab);
    await measure(
      browser,
      "media library gallery",
      {
        ready: (page) =>
          page
            .getByRole("dialog")
            .getByRole("button", { name: /^Remove .* from the gallery$/ })
            .first()
            .waitFor(),
      },
      galleries,
    );
  } finally {
    await browser.close();
    await closeE2eDb();
    stopProduct(product);
  }
}

await main();
