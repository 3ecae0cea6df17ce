/**
 * `npm run bench:pages` (issue 12): a page exchange costs a page, not a document. In one run it
 * renders the 206-page corpus ePaper completely (the baseline), then replaces one of its pages
 * through the page-operation path (upload analysed beforehand, as the dialog does) and prints both
 * times and their ratio, which must stay ≤ 0.05. Real MariaDB, Redis, render node and poppler.
 */
import os from "node:os";
import { createId } from "@paralleldrive/cuid2";
import { startStructureOperation } from "#app/models/page-structure.server";
import { CORPUS, startFarm, startRenderNode } from "#tests/support/render-farm";
import { permissionSubject } from "#tests/support/permission-subject";
import { BENCH_DATABASE_URL, BENCH_REDIS_URL, prepareBenchDatabase } from "./bench-database.ts";

const FILE = "pdflib__linearized_with_object_streams.pdf";
const PAGES = 206;
const REPLACEMENT = "pdfjs__tracemonkey.pdf";
const LIMIT = 0.05;
const cores = os.availableParallelism();
const seconds = (ms: number) => (ms / 1000).toFixed(2);

await prepareBenchDatabase();
const farm = await startFarm({
  databaseUrl: BENCH_DATABASE_URL,
  redisUrl: BENCH_REDIS_URL,
  settings: { widths: [1600, 800], thumbnailWidth: 200, quality: 75, effort: 0 },
  concurrency: 1,
});
const node = await startRenderNode({ port: 27395, capacity: cores, redisUrl: BENCH_REDIS_URL });
// Let the node's pdf.js threads finish loading before the clock starts.
await new Promise((resolve) => setTimeout(resolve, 3_000));

async function ended(epaperId: string, process: string, since: number) {
  while (true) {
    const event = farm.events
      .slice(since)
      .find(
        (entry) => entry.type === "epaperProcess" && entry.epaperId === epaperId && entry.process === process && entry.state !== "started",
      );
    if (event && event.type === "epaperProcess") {
      if (event.state !== "finished") throw new Error(`${process} ended ${event.state}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

try {
  console.log(`pages benchmark: ${FILE} (${PAGES} pages), one node of ${cores} cores; replacement page from ${REPLACEMENT}`);
  const epaperId = await farm.createEpaper(FILE, PAGES);
  let since = farm.events.length;
  const renderStarted = performance.now();
  await farm.render(epaperId);
  await ended(epaperId, "rendering", since);
  const renderMs = performance.now() - renderStarted;
  console.log(`full render of ${PAGES} pages: ${seconds(renderMs)} s`);

  const subject = permissionSubject({ id: createId(), accountId: farm.accountId, baseAccountId: farm.accountId });
  const deps = { db: farm.db, redis: farm.redis, blobs: farm.blobs, queue: farm.pagesQueue };
  const target = await farm.db
    .selectFrom("page")
    .select("id")
    .where("epaperId", "=", epaperId)
    .where("page", "=", 100)
    .executeTakeFirstOrThrow();
  const times: number[] = [];
  for (const sourcePage of [1, 2, 3]) {
    const uploadId = await farm.storeUpload(`${CORPUS}/${REPLACEMENT}`, 14, "replace");
    since = farm.events.length;
    const started = performance.now();
    await startStructureOperation(deps, subject, epaperId, { kind: "replace", pageId: target.id, uploadId, sourcePage });
    await ended(epaperId, "replacing_page", since);
    times.push(performance.now() - started);
  }
  const replaceMs = [...times].sort((a, b) => a - b)[1] as number;
  console.log(`replace one page (median of 3): ${seconds(replaceMs)} s`);
  const ratio = replaceMs / renderMs;
  console.log(`ratio replace/full render: ${ratio.toFixed(3)} (limit ${LIMIT})`);
  if (ratio > LIMIT) process.exitCode = 1;
} finally {
  await node.kill();
  await farm.close();
}
process.exit(process.exitCode ?? 0);
