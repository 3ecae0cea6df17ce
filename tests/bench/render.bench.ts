/**
 * `npm run bench:render`: throughput and latency of the render farm, measured against a
 * baseline in the same run (never absolute timings in tests). Prints figures, then three
 * machine-readable ratio lines at the end.
 */
import { BENCH_DATABASE_URL, BENCH_REDIS_URL, prepareBenchDatabase } from "./bench-database.ts";
import os from "node:os";
import path from "node:path";
import { CORPUS, type Farm, type NodeProcess, startFarm, startRenderNode } from "#tests/support/render-farm";
import { mkdtemp } from "node:fs/promises";
import { localS3Store, startLocalS3Process } from "#tests/support/s3";
import { plainRender } from "./plain-render.ts";

const FILES = [
  { file: "pdfjs__tracemonkey.pdf", pages: 14, label: "14-page paper" },
  { file: "plumber__chelsea_pdta.pdf", pages: 65, label: "65-page brochure" },
  { file: "pdflib__linearized_with_object_streams.pdf", pages: 206, label: "206-page form set" },
  { file: "onetag__magazine.pdf", pages: 10, label: "10-page magazine" },
];
const TOTAL_PAGES = FILES.reduce((sum, entry) => sum + entry.pages, 0);
const DATABASE_URL = BENCH_DATABASE_URL;
const REDIS_URL = BENCH_REDIS_URL;
const SETTINGS = { widths: [1600, 800], thumbnailWidth: 200, quality: 75, effort: 0 };
const cores = os.availableParallelism();

const seconds = (ms: number) => (ms / 1000).toFixed(2);

type FileRun = { label: string; ms: number; firstPageMs: number };

/**
 * Renders the file list through the farm, one document after another, as uploads arrive; the
 * time of a file runs from its upload being stored to its render's end. `after` runs after each
 * file, outside the farm's time (the plain baseline of the same file, so both see the machine alike).
 */
async function farmRun(farm: Farm, after?: (entry: (typeof FILES)[number]) => Promise<void>) {
  const perFile: FileRun[] = [];
  for (const entry of FILES) {
    const epaperId = await farm.createEpaper(entry.file, entry.pages); // upload done: the file is in the blob store
    const uploaded = performance.now();
    await farm.render(epaperId);
    let firstPageMs = Number.NaN;
    while (true) {
      const first = farm.events.find((event) => event.type === "renderProgress" && event.epaperId === epaperId && event.pageCountReady > 0);
      if (first && Number.isNaN(firstPageMs)) firstPageMs = performance.now() - uploaded;
      const end = farm.events.find((event) => event.type === "epaperProcess" && event.epaperId === epaperId && event.state !== "started");
      if (end) {
        if (end.type === "epaperProcess" && end.state !== "finished") throw new Error(`${entry.file} ended ${end.state}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    perFile.push({ label: entry.label, ms: performance.now() - uploaded, firstPageMs });
    await after?.(entry);
  }
  return { ms: perFile.reduce((sum, file) => sum + file.ms, 0), perFile };
}

/**
 * BLOB_STORE=s3: the farm renders into a bucket, and nodes fetch sources by presigned URL
 * (ADR 0045). The store is S3_ENDPOINT's, or a local S3 server in a process of its own.
 */
const s3Server =
  process.env.BLOB_STORE === "s3" && !process.env.S3_ENDPOINT
    ? await startLocalS3Process(27419, await mkdtemp(path.join(os.tmpdir(), "bench-s3-")))
    : null;
const s3Endpoint = s3Server?.endpoint ?? process.env.S3_ENDPOINT;
let runs = 0;
const storeOf = async () =>
  s3Endpoint && process.env.BLOB_STORE === "s3" ? localS3Store(s3Endpoint, `bench-render-${process.pid}-${++runs}`) : undefined;

async function withNodes<T>(specs: { port: number; capacity: number; cpus?: string }[], work: (farm: Farm) => Promise<T>) {
  const blobs = await storeOf();
  const farm = await startFarm({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, settings: SETTINGS, concurrency: 1, blobs });
  const nodes: NodeProcess[] = [];
  try {
    for (const spec of specs) nodes.push(await startRenderNode({ ...spec, redisUrl: REDIS_URL }));
    // Let the nodes' pdf.js threads finish loading before the clock starts.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return await work(farm);
  } finally {
    await Promise.all(nodes.map((node) => node.kill()));
    await farm.close();
  }
}

await prepareBenchDatabase();
console.log(
  `render benchmark: ${FILES.length} files, ${TOTAL_PAGES} pages, ${cores} cores, widths ${SETTINGS.widths.join("/")} + thumbnail, blob store ${s3Endpoint && process.env.BLOB_STORE === "s3" ? `s3 (${s3Server ? "local s3rver process" : s3Endpoint}; sources by presigned URL)` : "folder"}`,
);

// 1. The whole path with one node using every core, and 2. after each file the same work as a
// plain script with the same parallelism: side by side, so a machine that slows down for a while
// slows both. RENDER_BENCH_ROUNDS repeats the list (the ratio is over all rounds).
const rounds = Math.max(1, Number(process.env.RENDER_BENCH_ROUNDS ?? 1));
const plainPerFile: FileRun[] = [];
const farmPerFile: FileRun[] = [];
await withNodes([{ port: 27361, capacity: cores }], async (farm) => {
  for (let round = 0; round < rounds; round++) {
    const run = await farmRun(farm, async (entry) => {
      const started = performance.now();
      await plainRender(path.join(CORPUS, entry.file), entry.pages, cores, SETTINGS);
      plainPerFile.push({ label: entry.label, ms: performance.now() - started, firstPageMs: Number.NaN });
    });
    farmPerFile.push(...run.perFile);
  }
});
const total = (runs: FileRun[]) => runs.reduce((sum, file) => sum + file.ms, 0);
farmPerFile.forEach((file, index) => {
  const plain = plainPerFile[index] as FileRun;
  console.log(
    `  ${file.label.padEnd(18)} farm ${seconds(file.ms)} s (first page after upload ${seconds(file.firstPageMs)} s), plain ${seconds(plain.ms)} s, farm/plain ${(file.ms / plain.ms).toFixed(2)}`,
  );
});
const farm = { ms: total(farmPerFile), perFile: farmPerFile };
const plainMs = total(plainPerFile);
console.log(`farm, one node of ${cores} cores: ${seconds(farm.ms)} s, ${((TOTAL_PAGES * rounds) / (farm.ms / 1000)).toFixed(2)} pages/s`);
console.log(
  `plain poppler + sharp, ${cores} ranges at once: ${seconds(plainMs)} s, ${((TOTAL_PAGES * rounds) / (plainMs / 1000)).toFixed(2)} pages/s`,
);

// 3. Scaling out: two nodes of one core each against one node of one core (BENCH_SCALING=0 skips it).
if (process.env.BENCH_SCALING === "0") {
  console.log(`ratio farm/plain: ${(farm.ms / plainMs).toFixed(2)}`);
  await s3Server?.kill();
  process.exit(0);
}
const oneNode = await withNodes([{ port: 27371, capacity: 1, cpus: "0" }], farmRun);
console.log(`one node of one core: ${seconds(oneNode.ms)} s, ${(TOTAL_PAGES / (oneNode.ms / 1000)).toFixed(2)} pages/s`);
const twoNodes = await withNodes(
  [
    { port: 27381, capacity: 1, cpus: "0" },
    { port: 27382, capacity: 1, cpus: String(Math.min(1, cores - 1)) },
  ],
  farmRun,
);
console.log(`two nodes of one core: ${seconds(twoNodes.ms)} s, ${(TOTAL_PAGES / (twoNodes.ms / 1000)).toFixed(2)} pages/s`);

if (cores < 4)
  console.log(
    `note: ${cores} cores; the worker, MariaDB and Redis share them with the nodes, so two one-core nodes cannot reach 2x one node here`,
  );
const largest = farm.perFile.find((file) => file.label.startsWith("206"));
console.log(`ratio farm/plain: ${(farm.ms / plainMs).toFixed(2)}`);
console.log(`first page after upload s: ${seconds(largest?.firstPageMs ?? Number.NaN)}`);
console.log(`ratio two nodes/one node: ${(oneNode.ms / twoNodes.ms).toFixed(2)}`);
await s3Server?.kill();
process.exit(0);
