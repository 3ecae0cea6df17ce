/**
 * `npm run bench:reader`: how fast a reader on a phone sees the first page of a published ePaper,
 * against PDF.js opening the same PDF, measured in the same run (never absolute timings in tests).
 *
 * A corpus PDF is rendered by a real render farm and published by the studio's publish function;
 * one local static server serves the bundle (/ours/) and a minimal PDF.js page (/pdfjs/). Chromium
 * with Pixel 7 emulation and a throttled network (1.6 Mbit/s, 150 ms round trip, cold cache, a
 * fresh context per run) opens each side alternately; the medians are compared. It ends with two
 * machine-readable lines: `ratio first-page time ours/pdfjs: x.xx` and `ratio first-page bytes
 * ours/pdfjs: x.xx` (goal: at most 0.33 each).
 *
 * Environment: READER_BENCH_FILE (a corpus file, default onetag__magazine.pdf), READER_BENCH_RUNS
 * (per side, default 3), READER_BENCH_GZIP=1 (gzip text responses on both sides; default: none),
 * READER_BENCH_DEBUG=1 (per-request byte checks), BENCH_DATABASE_URL, BENCH_REDIS_URL, CORPUS_DIR.
 */
import { BENCH_DATABASE_URL, BENCH_REDIS_URL, prepareBenchDatabase } from "./bench-database.ts";
import { stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, devices } from "@playwright/test";
import { CORPUS, type Farm, type NodeProcess, startFarm, startRenderNode } from "#tests/support/render-farm";
import { DEVICE, measureRun, NETWORK, type RunResult, type Side } from "./reader/measure.ts";
import { ensureReaderBuilt, type PublishedBundle, publishBundle } from "./reader/publish.ts";
import { type StaticServer, startStaticServer } from "../support/static-server.ts";
import { corpusPages, freePortPair } from "./bench-processes.ts";

const FILE = process.env.READER_BENCH_FILE ?? "onetag__magazine.pdf";
const RUNS = Math.max(1, Number(process.env.READER_BENCH_RUNS ?? 3));
const GZIP = process.env.READER_BENCH_GZIP === "1";
const DATABASE_URL = BENCH_DATABASE_URL;
const REDIS_URL = BENCH_REDIS_URL;
/** The PDF.js page's options: range requests only, no streaming of the whole file, no
 * pre-fetching. Measured here as PDF.js's fastest first page (streaming competes for bandwidth). */
const PDFJS_QUERY = "?stream=0&autofetch=0";
const CHROMIUM = { executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] };
const PDFJS_DIST = path.resolve("node_modules/pdfjs-dist");

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function renderAndPublish(farm: Farm, pages: number): Promise<PublishedBundle> {
  const epaperId = await farm.createEpaper(FILE, pages);
  await farm.render(epaperId);
  const outcome = await farm.outcome(epaperId, 300_000);
  if (outcome.state !== "finished") throw new Error(`rendering ${FILE} ended ${outcome.state}; log:\n${farm.logs.join("\n")}`);
  return publishBundle(farm, epaperId);
}

function pdfjsMounts(source: string) {
  return [
    { prefix: "/pdfjs/", target: path.resolve("tests/bench/reader/pdfjs") },
    { prefix: "/pdfjs/pdf.min.mjs", target: path.join(PDFJS_DIST, "build", "pdf.min.mjs") },
    { prefix: "/pdfjs/pdf.worker.min.mjs", target: path.join(PDFJS_DIST, "build", "pdf.worker.min.mjs") },
    { prefix: "/pdfjs/document.pdf", target: source },
    { prefix: "/pdfjs/cmaps/", target: path.join(PDFJS_DIST, "cmaps") },
    { prefix: "/pdfjs/standard_fonts/", target: path.join(PDFJS_DIST, "standard_fonts") },
    { prefix: "/pdfjs/wasm/", target: path.join(PDFJS_DIST, "wasm") },
    { prefix: "/pdfjs/iccs/", target: path.join(PDFJS_DIST, "iccs") },
  ];
}

function printRuns(results: RunResult[]) {
  const header = ["run", "side", "first page", "bytes until then", "requests", "JS bytes", "all bytes", "first page seen by"];
  const rows = results.map((result, index) => [
    String(Math.floor(index / 2) + 1),
    result.side,
    `${Math.round(result.firstPageMs)} ms`,
    kB(result.bytesUntilPaint),
    String(result.requestsUntilPaint),
    kB(result.jsBytes),
    kB(result.totalBytes),
    result.paintSignal,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column >= 2 && column <= 6 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/** The requests of the median run up to its first page: what the first paint waited for. */
function printWaterfall(result: RunResult) {
  console.log(`${result.side}, median run: requests started before the first page (${Math.round(result.firstPageMs)} ms)`);
  for (const request of result.requests.filter((entry) => entry.beforePaint).sort((a, b) => a.startMs - b.startMs)) {
    const end = request.endMs === null ? "(open)" : `${request.endMs} ms`;
    console.log(
      `  ${String(request.startMs).padStart(6)} ms -> ${end.padStart(9)}  ${kB(request.bytes).padStart(10)}  ${request.path}${
        request.completedOutside ? " (worker script: end from Playwright, bytes from the server)" : ""
      }`,
    );
  }
}

function summary(side: Side, results: RunResult[]) {
  const own = results.filter((result) => result.side === side);
  const time = median(own.map((result) => result.firstPageMs));
  const bytes = median(own.map((result) => result.bytesUntilPaint));
  const js = median(own.map((result) => result.jsBytes));
  const representative = [...own].sort((a, b) => Math.abs(a.firstPageMs - time) - Math.abs(b.firstPageMs - time))[0] as RunResult;
  return { time, bytes, js, representative };
}

let farm: Farm | null = null;
let node: NodeProcess | null = null;
let server: StaticServer | null = null;
let browser: Browser | null = null;
let exitCode = 0;
try {
  const source = path.join(CORPUS, FILE);
  const pages = await corpusPages(FILE);
  const sourceBytes = (await stat(source)).size;
  const device = devices[DEVICE]!;
  console.log(
    `reader benchmark: ${FILE} (${pages} pages, ${kB(sourceBytes)}), ${DEVICE} emulation ` +
      `(${device.viewport.width}x${device.viewport.height} CSS px, DPR ${device.deviceScaleFactor}), ` +
      `network ${(NETWORK.downloadThroughput * 8) / 1e6} Mbit/s down and up, ${NETWORK.latency} ms round trip, ` +
      `cold cache, HTTP/1.1 ${GZIP ? "with gzip for text (HTML, JS, CSS, JSON) on both sides" : "without compression on both sides"}`,
  );
  console.log(await ensureReaderBuilt());

  await prepareBenchDatabase();
  farm = await startFarm({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, concurrency: 1 });
  node = await startRenderNode({ port: await freePortPair(), redisUrl: REDIS_URL, capacity: os.availableParallelism() });
  const renderStarted = performance.now();
  const bundle = await renderAndPublish(farm, pages);
  await node.kill();
  node = null;
  console.log(
    `published ${bundle.publicationId} in ${((performance.now() - renderStarted) / 1000).toFixed(1)} s (render + publish): ` +
      `bundle ${kB(bundle.sizeInByte)} in ${bundle.dir}`,
  );
  console.log(
    "PDF.js side: pdfjs-dist 5.6.205 pdf.min.mjs + pdf.worker.min.mjs rendering page 1 to one canvas " +
      "(viewport width x devicePixelRatio), range requests only, no viewer UI, no text layer: " +
      "the most favourable PDF.js setup (far less JavaScript than the full viewer)",
  );

  server = await startStaticServer([{ prefix: "/ours/", target: bundle.dir }, ...pdfjsMounts(source)], { gzip: GZIP });
  browser = await chromium.launch(CHROMIUM);
  const urls: Record<Side, string> = { ours: `${server.origin}/ours/`, pdfjs: `${server.origin}/pdfjs/${PDFJS_QUERY}` };
  const results: RunResult[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const side of ["ours", "pdfjs"] as const) {
      server.takeLog();
      results.push(await measureRun(browser, side, urls[side], server.takeLog));
    }
  }

  console.log("");
  printRuns(results);
  const ours = summary("ours", results);
  const pdfjs = summary("pdfjs", results);
  console.log("");
  printWaterfall(ours.representative);
  printWaterfall(pdfjs.representative);
  console.log("");
  console.log(`median of ${RUNS}       first page    bytes until then    JS bytes`);
  for (const [side, figures] of [
    ["ours", ours],
    ["pdfjs", pdfjs],
  ] as const)
    console.log(
      `${side.padEnd(14)}  ${`${Math.round(figures.time)} ms`.padStart(10)}  ${kB(figures.bytes).padStart(16)}  ${kB(figures.js).padStart(10)}`,
    );
  const timeRatio = ours.time / pdfjs.time;
  const bytesRatio = ours.bytes / pdfjs.bytes;
  const met = (ratio: number) => (ratio <= 1 / 3 ? "met" : "not met");
  console.log(`goal at most 0.33 of PDF.js: time ${met(timeRatio)}, bytes ${met(bytesRatio)}`);
  console.log(`ratio JS bytes ours/pdfjs: ${(ours.js / pdfjs.js).toFixed(2)}`);
  console.log(`ratio first-page time ours/pdfjs: ${timeRatio.toFixed(2)}`);
  console.log(`ratio first-page bytes ours/pdfjs: ${bytesRatio.toFixed(2)}`);
} catch (error) {
  exitCode = 1;
  console.error(`reader benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await browser?.close().catch(() => {});
  await server?.close().catch(() => {});
  await node?.kill().catch(() => {});
  await farm?.close().catch(() => {});
}
process.exit(exitCode);
