/**
 * `npm run bench:lighthouse` (issue 29 §2): Lighthouse's mobile run (its default: a mid-range
 * phone, slow 4G and a 4× slower CPU, simulated) of the public pages a new visitor meets — the
 * login, signup, try-it and password pages of the production studio — and of a published
 * reader (a corpus PDF rendered by a real render node and published by the studio's publish
 * function, served with gzip as the content origin serves it). Debian's Chromium, Lighthouse
 * 12.8.2 as a dev dependency. Prints one line per page:
 * `lighthouse <page>: performance N, accessibility N, best-practices N, seo N` (goal: performance
 * at least 95 and accessibility 100 everywhere).
 *
 * Each page is audited LIGHTHOUSE_BENCH_RUNS times (default 3) and the run of median performance
 * is printed, with its paint figures and the audits below 90. try-it posts on arrival and is
 * measured with Lighthouse's devtools throttling instead of its simulation (see OBSERVED).
 *
 * Environment: LIGHTHOUSE_BENCH_PAGES (names, default all), LIGHTHOUSE_BENCH_FILE (the corpus
 * file of the reader, default onetag__magazine.pdf), LIGHTHOUSE_BENCH_RUNS, LIGHTHOUSE_BENCH_DEBUG=1 (the
 * layout shifts, console errors and largest-paint element of each run),
 * LIGHTHOUSE_BENCH_JSON (a folder for each run's whole report), BENCH_DATABASE_URL, BENCH_REDIS_URL.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type Farm, type NodeProcess, startFarm, startRenderNode } from "#tests/support/render-farm";
import { startStudio, stopProcess } from "#tests/support/studio-process";
import { type StaticServer, startStaticServer } from "../support/static-server.ts";
import { BENCH_DATABASE_URL, BENCH_REDIS_URL, prepareBenchDatabase } from "./bench-database.ts";
import { ensureReaderBuilt, publishBundle } from "./reader/publish.ts";
import { corpusPages, freePortPair } from "./bench-processes.ts";

const PORT = 3392;
const STUDIO = `http://localhost:${PORT}`;
const FILE = process.env.LIGHTHOUSE_BENCH_FILE ?? "onetag__magazine.pdf";
const STUDIO_PAGES = { login: "/login", signup: "/signup", "try-it": "/try-it", password: "/password" } as const;
const ONLY = (process.env.LIGHTHOUSE_BENCH_PAGES ?? "").split(",").filter(Boolean);
const wanted = (name: string) => ONLY.length === 0 || ONLY.includes(name);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_BENCH_RUNS ?? 3));

/** Renders and publishes the corpus file; answers the static server that serves the bundle. */
async function publishedReader(): Promise<{ server: StaticServer; url: string; farm: Farm }> {
  await ensureReaderBuilt();
  const farm = await startFarm({ databaseUrl: BENCH_DATABASE_URL, redisUrl: BENCH_REDIS_URL, concurrency: 1 });
  let node: NodeProcess | null = await startRenderNode({
    port: await freePortPair(),
    redisUrl: BENCH_REDIS_URL,
    capacity: os.availableParallelism(),
  });
  try {
    const epaperId = await farm.createEpaper(FILE, await corpusPages(FILE));
    await farm.render(epaperId);
    const outcome = await farm.outcome(epaperId, 300_000);
    if (outcome.state !== "finished") throw new Error(`rendering ${FILE} ended ${outcome.state}`);
    const bundle = await publishBundle(farm, epaperId);
    await node.kill();
    node = null;
    // As the content origin serves a channel: gzip, and no 404 for the icon every browser asks for.
    const server = await startStaticServer([{ prefix: "/reader/", target: bundle.dir }], { gzip: true, emptyFavicon: true });
    return { server, url: `${server.origin}/reader/`, farm };
  } finally {
    await node?.kill();
  }
}

/**
 * Pages that send themselves on arrival (try-it posts while it parses; ADR 0016): Lighthouse's
 * simulation cannot model a navigation the page starts (`LanternError: missing metric scores for
 * specified navigation`), so these are measured as a browser sees them: Lighthouse's own devtools
 * throttling (slow 4G and 4× CPU applied to the real page), from the request for the page to the
 * workspace it lands on.
 */
const OBSERVED = new Set(["try-it"]);

async function audit(port: number, url: string, observed: boolean) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    ...(observed ? { throttlingMethod: "devtools" as const } : {}),
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { categories, runtimeError, audits } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)])) as Record<
    (typeof CATEGORIES)[number],
    number
  >;
  const metric = (id: string) => audits[id]?.displayValue ?? "?";
  const details = [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "total-byte-weight",
  ]
    .map((id) => `${id} ${metric(id)}`)
    .join(", ")
    .concat(result.lhr.finalDisplayedUrl === url ? "" : `, landed on ${new URL(result.lhr.finalDisplayedUrl).pathname}`);
  const failing = Object.values(audits)
    .filter(
      (entry) =>
        entry.score !== null && entry.score < 0.9 && entry.scoreDisplayMode !== "informative" && entry.scoreDisplayMode !== "manual",
    )
    .map((entry) => entry.id);
  // LIGHTHOUSE_BENCH_JSON=<folder>: each run's whole report, to read what the lines above sum up.
  if (process.env.LIGHTHOUSE_BENCH_JSON)
    await writeFile(
      path.join(process.env.LIGHTHOUSE_BENCH_JSON, `${new URL(url).pathname.replaceAll("/", "_")}-${Date.now()}.json`),
      result.report as string,
    );
  if (process.env.LIGHTHOUSE_BENCH_DEBUG === "1")
    for (const id of ["layout-shifts", "errors-in-console", "largest-contentful-paint-element"])
      console.log(`  ${id}: ${JSON.stringify(audits[id]?.details ?? null).slice(0, 1500)}`);
  return { scores, details, failing };
}

async function main() {
  await prepareBenchDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "lighthouse-bench-"));
  const studio = await startStudio({
    mode: "production",
    port: PORT,
    dataDir,
    sessionSecret: "lighthouse-bench-session-secret-0123456789",
    env: { DATABASE_URL: BENCH_DATABASE_URL, REDIS_URL: BENCH_REDIS_URL, PUBLIC_URL: STUDIO },
  });
  let reader: Awaited<ReturnType<typeof publishedReader>> | null = null;
  // A fresh browser (and profile) per run: Lighthouse's storage reset leaves the studio's session
  // cookie, so a second try-it run was a logged-in visit redirected to the workspace.
  const freshChrome = () =>
    chromeLauncher.launch({
      chromePath: "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
  try {
    const pages: [string, string][] = Object.entries(STUDIO_PAGES)
      .filter(([name]) => wanted(name))
      .map(([name, address]) => [name, `${STUDIO}${address}`]);
    if (wanted("reader")) {
      reader = await publishedReader();
      pages.push(["reader", reader.url]);
    }
    console.log(`lighthouse 12.8.2, mobile preset (simulated slow 4G, 4× CPU), Debian Chromium, production build, median of ${RUNS}`);
    for (const [name, url] of pages) {
      // Lighthouse's simulated throttling follows what the machine did in the run: the median run of RUNS.
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const chrome = await freshChrome();
        try {
          runs.push(await audit(chrome.port, url, OBSERVED.has(name)));
        } finally {
          chrome.kill();
        }
      }
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const { scores, details, failing } = runs[Math.floor(runs.length / 2)] as (typeof runs)[number];
      console.log(`lighthouse ${name}: ${CATEGORIES.map((category) => `${category} ${scores[category]}`).join(", ")}`);
      console.log(`  ${OBSERVED.has(name) ? "devtools throttling (observed), " : ""}${details}`);
      if (failing.length > 0) console.log(`  below 90: ${failing.join(", ")}`);
    }
  } finally {
    await reader?.server.close();
    await reader?.farm.close();
    await stopProcess(studio);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
