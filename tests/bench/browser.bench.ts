/**
 * `npm run bench:browser` (issue 29 §3): does a dialog whose list grows with the document open as
 * fast at the largest document we accept as at a small one? The real product (tests/e2e/serve.sh
 * in slot 3: production build, worker, render node, MariaDB, Redis) renders a corpus PDF with an
 * outline (3 pages) twice; one stays as it is, the other becomes the largest document we accept:
 * 1,000 pages (page rows written to the database, each showing the first page's files) and the
 * largest table of contents the import keeps (5,000 entries). Chromium, with a 4× slowed CPU,
 * opens the editor of each, then each dialog (the TOC, the pages order and structure, the pages
 * settings with 'All' pages chosen), RUNS times, alternating. 'open' is read from the page's own
 * clock: from pressing the menu item until the dialog's first entry is visible and the page
 * answers a frame (the main thread is free again), plus, where the dialog has a pager, from
 * choosing 'All' until the page answers a frame. Playwright's checks before each action (slow on
 * a throttled page) are not counted, nor is opening the Settings menu (done first; it opens only
 * once the editor is hydrated). Each end is read after Playwright has seen the entry, so the
 * figure is an upper bound. Prints `<dialog> open ms at <size>: N` (median) and
 * `<dialog> ratio largest/small` (goal: every dialog ≤ 1,000 ms at its largest size, ratio ≤ 3).
 *
 * Environment: BROWSER_BENCH_RUNS (default 5). Uses E2E_SLOT 3 (port 3130, epaper_e2e_3).
 */
import { createId } from "@paralleldrive/cuid2";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { closeE2eDb, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { E2E_BASE_URL, E2E_SLOT } from "../e2e/support/slot.ts";
import { uploadAndRender } from "../e2e/support/editor.ts";
import { startProduct, stopProduct } from "./bench-processes.ts";

if (E2E_SLOT !== 3) throw new Error("run through `npm run bench:browser` (E2E_SLOT=3)");
const RUNS = Math.max(3, Number(process.env.BROWSER_BENCH_RUNS ?? 5));
const CHROMIUM = { executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] };
const FILE = "opf__webCapture.pdf";
/** The largest outline we accept (issue 29: the import keeps 5,000 entries), and the most pages. */
const LARGEST_TOC = 5_000;
const LARGEST_PAGES = 1_000;

type Opened = (page: Page) => Promise<void>;
/** Each dialog: its menu item, what shows its first entry, and (page dialogs) choosing 'All' pages. */
const DIALOGS: { name: string; item: string; ready: Opened; all?: Opened }[] = [
  {
    name: "toc dialog",
    item: "Table of contents",
    ready: (page) => page.getByRole("dialog").getByRole("form", { name: "Entry 1" }).waitFor(),
  },
  {
    name: "pages structure dialog",
    item: "Pages order and structure",
    ready: (page) => page.getByRole("dialog").getByRole("listitem").first().waitFor(),
    all: (page) => showAllPages(page),
  },
  {
    name: "pages settings dialog",
    item: "Pages",
    ready: (page) => page.getByRole("dialog").getByRole("textbox", { name: "Own page number of page 1", exact: true }).waitFor(),
    all: (page) => showAllPages(page),
  },
];

/** Chooses 'All' in a page dialog's pager, where there is one (more than 25 pages). */
async function showAllPages(page: Page) {
  const size = page.getByRole("dialog").getByLabel("Pages per view");
  if ((await size.count()) > 0) await size.selectOption({ label: "All" });
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

async function openOnce(
  browser: Browser,
  storage: Awaited<ReturnType<BrowserContext["storageState"]>>,
  epaperId: string,
  dialog: (typeof DIALOGS)[number],
) {
  const context = await browser.newContext({
    storageState: storage,
    locale: "en-US",
    viewport: { width: 1440, height: 900 },
    baseURL: E2E_BASE_URL,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(`/epaper/${epaperId}`);
  await page.getByRole("button", { name: "+ Add media item" }).waitFor();
  await page.waitForLoadState("networkidle");
  // The Settings menu opens only once the editor is hydrated; opening it is not part of 'open'.
  await page.getByRole("button", { name: /^Settings/ }).click();
  const item = page.getByRole("menuitem", { name: dialog.item, exact: true });
  await item.waitFor();
  // The page's own clock marks what the user does (pressing the item, choosing 'All'), so that
  // Playwright's checks before each action are not counted; the frame after the dialog shows is.
  await page.evaluate(() => {
    const marks: Record<string, number> = {};
    Object.assign(window, { benchMarks: marks });
    document.addEventListener("pointerdown", () => (marks.press ??= performance.now()), { capture: true });
    document.addEventListener("change", () => (marks.change ??= performance.now()), { capture: true });
  });
  const frame = () =>
    page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))));
  await item.click();
  await dialog.ready(page);
  const shown = await frame();
  await dialog.all?.(page);
  const all = await frame();
  const marks = await page.evaluate(() => (window as unknown as { benchMarks: { press?: number; change?: number } }).benchMarks);
  await context.close();
  if (marks.press === undefined) throw new Error("the menu item was not pressed");
  // Opening, then (page dialogs with a pager) from choosing 'All' until all pages show.
  return shown - marks.press + (marks.change === undefined ? 0 : all - marks.change);
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
      const sizes = [
        { label: toc ? `${Math.max(smallCount, 10)} entries` : `${smallPages.length} pages`, id: small, times: [] as number[] },
        { label: toc ? `${LARGEST_TOC} entries` : `${LARGEST_PAGES} pages`, id: large, times: [] as number[] },
      ];
      for (const size of sizes) await openOnce(browser, storage, size.id, dialog);
      for (let run = 0; run < RUNS; run++) for (const size of sizes) size.times.push(await openOnce(browser, storage, size.id, dialog));
      for (const size of sizes) console.log(`${dialog.name} open ms at ${size.label}: ${Math.round(median(size.times))}`);
      const [first, last] = sizes as [(typeof sizes)[0], (typeof sizes)[0]];
      console.log(`${dialog.name} ratio largest/small: ${(median(last.times) / median(first.times)).toFixed(2)}`);
    }
  } finally {
    await browser.close();
    await closeE2eDb();
    stopProduct(product);
  }
}

await main();
