/**
 * `npm run bench:editor` (issue 11): does the editor become interactive as fast for a 206-page
 * ePaper as for a 14-page one? The real product (tests/e2e/serve.sh in its own slot: production
 * build, worker, render node, MariaDB, Redis) renders two corpus PDFs — pdfjs__tracemonkey.pdf
 * (14 pages) and pdflib__linearized_with_object_streams.pdf (206 pages) — then Chromium opens each
 * editor RUNS times, alternating, in a fresh page with a 4× slowed CPU. 'Interactive' is: the
 * page image on the canvas has loaded, the strip shows its first thumbnail, and 'Add media item'
 * opens its menu (the page is hydrated). It prints the median and p90 per ePaper and ends with
 * `ratio 206/14: X` (goal: at most 1.5).
 *
 * Environment: EDITOR_BENCH_RUNS (default 15). Uses E2E_SLOT 3 (port 3130, epaper_e2e_3).
 */
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { CORPUS } from "../support/corpus.ts";
import { closeE2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { E2E_BASE_URL, E2E_SLOT } from "../e2e/support/slot.ts";
import { startProduct, stopProduct } from "./bench-processes.ts";

if (E2E_SLOT !== 3) throw new Error("run through `npm run bench:editor` (E2E_SLOT=3)");
const RUNS = Math.max(3, Number(process.env.EDITOR_BENCH_RUNS ?? 15));
const CHROMIUM = { executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] };
const FILES = { small: "pdfjs__tracemonkey.pdf", large: "pdflib__linearized_with_object_streams.pdf" } as const;

async function renderedEpaper(page: Page, file: string, name: string): Promise<string> {
  await page.goto(`${E2E_BASE_URL}/epaper`);
  const card = page.getByTestId("upload-card");
  await card.locator("input[type=file]").setInputFiles(path.join(CORPUS, file));
  const field = card.getByLabel("Name");
  await field.waitFor({ timeout: 120_000 });
  while (!(await field.inputValue())) await page.waitForTimeout(200);
  await card.getByLabel("Name").fill(name);
  await card.getByRole("button", { name: "Create ePaper" }).click();
  const epaper = page.getByRole("article", { name });
  await epaper.and(page.locator("[data-state=ready]")).waitFor({ timeout: 600_000 });
  return (await epaper.getAttribute("data-epaper-id")) as string;
}

async function timeToInteractive(
  browser: Browser,
  storage: Awaited<ReturnType<Awaited<ReturnType<Browser["newContext"]>>["storageState"]>>,
  epaperId: string,
) {
  const context = await browser.newContext({ storageState: storage, locale: "en-US", viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const started = performance.now();
  await page.goto(`${E2E_BASE_URL}/epaper/${epaperId}`, { waitUntil: "commit" });
  await page.waitForFunction(() => {
    const canvas = document.querySelector<HTMLImageElement>("[data-testid=page-canvas] img");
    const thumb = document.querySelector<HTMLImageElement>("nav img");
    return Boolean(canvas?.complete && canvas.naturalWidth > 0 && thumb?.complete && thumb.naturalWidth > 0);
  });
  await page.getByRole("button", { name: "+ Add media item" }).click();
  await page.getByRole("menu").waitFor();
  const elapsed = performance.now() - started;
  await context.close();
  return elapsed;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function main() {
  const product = await startProduct();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const user = await insertUserWithLevel("2");
    const context = await browser.newContext({ locale: "en-US" });
    await logInAs(context, user);
    const page = await context.newPage();
    console.log("rendering the two corpus ePapers …");
    const ids = {
      small: await renderedEpaper(page, FILES.small, "Bench 14 pages"),
      large: await renderedEpaper(page, FILES.large, "Bench 206 pages"),
    };
    const storage = await context.storageState();
    await context.close();
    // One warm-up each (the server's first requests compile nothing, but fill caches).
    for (const id of Object.values(ids)) await timeToInteractive(browser, storage, id);
    const times = { small: [] as number[], large: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      times.small.push(await timeToInteractive(browser, storage, ids.small));
      times.large.push(await timeToInteractive(browser, storage, ids.large));
    }
    for (const [key, label] of [
      ["small", "14 pages"],
      ["large", "206 pages"],
    ] as const) {
      console.log(
        `${label}: median ${quantile(times[key], 0.5).toFixed(0)} ms, p90 ${quantile(times[key], 0.9).toFixed(0)} ms (${RUNS} runs, CPU 4× slower)`,
      );
    }
    console.log(`ratio 206/14: ${(quantile(times.large, 0.5) / quantile(times.small, 0.5)).toFixed(2)}`);
  } finally {
    await browser.close();
    await closeE2eDb();
    stopProduct(product);
  }
}

await main();
