import type { ChildProcess } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { createCookie } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SESSION_COOKIE_NAME } from "#app/auth/session-cookie.server";
import { createSession } from "#app/auth/session.server";
import type { S3BlobStore } from "#app/blob/s3-store.server";
import type { EpaperProcessEvent, RenderProgressEvent, StudioEvent } from "#app/events/catalogue";
import type { Database } from "#db/client";
import { CORPUS } from "#tests/support/corpus";
import { type EventStream, openEventStream } from "#tests/support/event-stream";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { numberedPagesPdf } from "#tests/support/generated-pdf";
import { type NodeProcess, startRenderNode, TOKEN } from "#tests/support/render-farm";
import { s3EnvOf, testS3Store } from "#tests/support/s3";
import { createScratchDatabase } from "#tests/support/scratch-database";
import { startStudio, stopProcess } from "#tests/support/studio-process";
import { startWorkerProcess } from "#tests/support/worker-process";
import { TEST_PORTS } from "#tests/support/test-ports";

/*
 * Stateless instances (issue 28 §4): two studios, two workers and two render nodes that share
 * only MariaDB, Redis and an S3 bucket; each process has a data folder of its own, and the test
 * ends by checking that every one of them is still empty. Upload through studio A while the live
 * progress comes from studio B; worker A is killed mid-render and worker B finishes with every
 * page exactly once; preview and zip from B; a page replaced through B; a channel read from
 * content origin A. And a preference saved through studio A (maintenance) holds on studio B at
 * once, although B remembers reference rows for a minute.
 */

const SECRET = "stateless-session-secret-0123456789abcdef";
// Redis database 3: no other test file uses it (page operations has 4, the suite 15).
const REDIS_URL = "redis://127.0.0.1:6379/3";
const STUDIO_A = TEST_PORTS.statelessStudioA;
const STUDIO_B = TEST_PORTS.statelessStudioB;
const studioUrl = (port: number) => `http://localhost:${port}`;
const contentUrl = (port: number) => `http://127.0.0.1:${port + 1}`;

// A database of its own: the workers' reconcilers read every running process there is.
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Database;
let bucket: S3BlobStore;
const folders: Record<string, string> = {};
const processes: ChildProcess[] = [];
let workerA: ChildProcess;
let workerB: ChildProcess | undefined;
const nodes: NodeProcess[] = [];
const workerLogs: Record<string, string[]> = { A: [], B: [] };

function startWorker(name: "A" | "B", port: number, env: Record<string, string>): Promise<ChildProcess> {
  return startWorkerProcess({
    name,
    port,
    env: { ...env, DATA_DIR: folders[`worker${name}`] as string },
    log: workerLogs[name] as string[],
  });
}

/** What studios and workers share: the database, Redis, the bucket; secrets; nothing on disk. */
const sharedEnv = () => ({
  NODE_ENV: "production",
  DATABASE_URL: scratch.url,
  REDIS_URL,
  SESSION_SECRET: SECRET,
  RENDER_NODE_TOKEN: TOKEN,
  PUBLIC_URL: studioUrl(STUDIO_A),
  CONTENT_URL: contentUrl(STUDIO_A),
  // Nobody receives the 'ePaper ready' mails here: a port where no server listens.
  SMTP_URL: "smtp://127.0.0.1:9",
  ...s3EnvOf(bucket),
});

async function filesIn(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

beforeAll(async () => {
  scratch = await createScratchDatabase("stateless");
  db = scratch.db;
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
  bucket = await testS3Store("stateless");
  for (const name of ["studioA", "studioB", "workerA", "workerB"])
    folders[name] = await mkdtemp(path.join(os.tmpdir(), `stateless-${name}-`));
  const [nodeA, nodeB] = await Promise.all([
    startRenderNode({ port: TEST_PORTS.statelessNodeA, redisUrl: REDIS_URL, capacity: 1 }),
    startRenderNode({ port: TEST_PORTS.statelessNodeB, redisUrl: REDIS_URL, capacity: 1 }),
  ]);
  nodes.push(nodeA as NodeProcess, nodeB as NodeProcess);
  // The studios remember reference rows for a minute (ADR 0054), as long as no test here waits.
  const studioEnv = (port: number) => ({
    ...sharedEnv(),
    PUBLIC_URL: studioUrl(port),
    CONTENT_URL: contentUrl(port),
    REFERENCE_CACHE_MS: "60000",
  });
  const [studioA, studioB] = await Promise.all([
    startStudio({
      mode: "production",
      port: STUDIO_A,
      dataDir: folders.studioA as string,
      sessionSecret: SECRET,
      env: studioEnv(STUDIO_A),
    }),
    startStudio({
      mode: "production",
      port: STUDIO_B,
      dataDir: folders.studioB as string,
      sessionSecret: SECRET,
      env: studioEnv(STUDIO_B),
    }),
  ]);
  processes.push(studioA, studioB);
  // Worker B joins once worker A has the render in hand (below): then killing A means something.
  workerA = await startWorker("A", TEST_PORTS.statelessWorkerA, sharedEnv());
}, 180_000);

afterAll(async () => {
  await Promise.all([...processes, workerA, workerB].map((child) => stopProcess(child)));
  await Promise.all(nodes.map((node) => node.kill()));
  await scratch?.drop();
  for (const folder of Object.values(folders)) await rm(folder, { recursive: true, force: true });
}, 60_000);

/** A signed-in session's cookie, as both studios read it (they share the secret). */
async function cookieOf(userId: string) {
  const session = await createSession(db, { userId, remember: true });
  return (await createCookie(SESSION_COOKIE_NAME, { secrets: [SECRET], path: "/" }).serialize(session.id)).split(";")[0] as string;
}

const failedOrDone = (epaperId: string, process: EpaperProcessEvent["process"]) => (event: StudioEvent) =>
  event.type === "epaperProcess" && event.epaperId === epaperId && event.process === process && event.state !== "started";

test("two of everything, sharing only MariaDB, Redis and the bucket", async () => {
  const user = await insertUserWithLevel(db, "2", { account: { zipContingent: -1 } });
  const cookie = await cookieOf(user.userId);
  const A = studioUrl(STUDIO_A);
  const B = studioUrl(STUDIO_B);
  const post = (studio: string, route: string, body: FormData | URLSearchParams, headers: Record<string, string> = {}) =>
    fetch(`${studio}${route}`, { method: "POST", body, headers: { Cookie: cookie, Origin: studio, ...headers } });
  // The upload's request id (as a proxy in front would set it): followed into the render below.
  const traced = { "X-Request-Id": `upload-${createId()}` };
  const stream: EventStream = await openEventStream(B, cookie);

  // Upload and create through studio A; the render's progress arrives at studio B.
  const pdf = await readFile(path.join(CORPUS, "plumber__chelsea_pdta.pdf"));
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "brochure.pdf");
  const uploaded = await post(A, "/upload-pdf", form, traced);
  expect(uploaded.headers.get("x-request-id")).toBe(traced["X-Request-Id"]);
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const { id: uploadId, numPages } = (await uploaded.json()) as { id: string; numPages: number };
  expect(numPages).toBe(65);
  const created = await post(
    A,
    "/epaper/create",
    new URLSearchParams({ name: "Stateless brochure", languageCode: "de", fileId: uploadId }),
    traced,
  );
  expect(created.status).toBe(200);
  const { id: epaperId } = (await created.json()) as { id: string };
  await stream.waitFor((event) => event.type === "renderProgress" && event.epaperId === epaperId && event.pageCountReady >= 3);

  // Worker A dies mid-render; worker B, started now, finishes the job with every page exactly once.
  workerB = await startWorker("B", TEST_PORTS.statelessWorkerB, sharedEnv());
  workerA.kill("SIGKILL");
  const end = await stream.waitFor(failedOrDone(epaperId, "rendering"), 180_000);
  expect(end).toMatchObject({ state: "finished" });
  const progress = stream.events.filter(
    (event): event is RenderProgressEvent => event.type === "renderProgress" && event.epaperId === epaperId,
  );
  expect(progress.at(-1)).toMatchObject({ pageCount: 65, pageCountReady: 65 });
  const pages = await db.selectFrom("page").select(["page", "blobPrefix"]).where("epaperId", "=", epaperId).orderBy("page").execute();
  expect(pages.map((page) => page.page)).toEqual(Array.from({ length: 65 }, (_, index) => index + 1));
  for (const page of pages) expect(await bucket.stat(`${page.blobPrefix}/w800.webp`)).not.toBeNull();
  expect(workerLogs.B?.join("")).toContain("worker ready");

  // Followed across machines: the render's calls on the nodes and its job on the workers carry the upload's id.
  const callLines = nodes.flatMap((node) => node.log).filter((line) => line.includes(traced["X-Request-Id"]));
  expect(callLines.some((line) => JSON.parse(line).msg === "render started")).toBe(true);
  expect(callLines.some((line) => JSON.parse(line).call === "analyze")).toBe(true);
  expect(`${workerLogs.A?.join("")}${workerLogs.B?.join("")}`).toContain(`"requestId":"${traced["X-Request-Id"]}"`);
  // What operators scrape: the studio's request histogram by route, the blob store's latency.
  const metrics = await (await fetch(`${A}/metrics`)).text();
  expect(metrics).toMatch(/studio_http_request_duration_seconds_bucket\{[^}]*route="\/upload-pdf"[^}]*status="200"/);
  expect(metrics).toMatch(/blob_store_operation_duration_seconds_count\{driver="s3",operation="put"\} [1-9]/);
  // A request that came through a proxy on this machine is no local scrape, whichever header the proxy sets (issue 44).
  for (const [name, value] of [
    ["X-Forwarded-For", "203.0.113.9"],
    ["Forwarded", "for=203.0.113.9"],
    ["X-Real-IP", "203.0.113.9"],
    ["Via", "1.1 proxy"],
  ]) {
    expect((await fetch(`${A}/metrics`, { headers: { [name as string]: value as string } })).status, name).toBe(401);
  }

  // Preview and zip, asked of studio B, built by worker B, served by B.
  expect((await post(B, `/epaper/${epaperId}/action`, new URLSearchParams({ intent: "publishPreview" }))).status).toBe(200);
  expect(await stream.waitFor(failedOrDone(epaperId, "publishing_preview"))).toMatchObject({ state: "finished" });
  const preview = await db
    .selectFrom("publication")
    .select("hash")
    .where("epaperId", "=", epaperId)
    .where("type", "=", "preview")
    .executeTakeFirstOrThrow();
  const reader = await fetch(`${contentUrl(STUDIO_B)}/preview/${preview.hash}/`);
  expect(reader.status).toBe(200);
  const html = await reader.text();
  expect(html).toContain("Stateless brochure");
  // The bare address names its revision in a <base> element; the bundle's files are there.
  const manifestUrl = new URL("epaper.json", new URL(/<base href="([^"]+)">/.exec(html)?.[1] ?? "missing", reader.url)).href;
  const manifest = (await (await fetch(manifestUrl)).json()) as { pages: { images: { src: string }[] }[] };
  const image = new URL(manifest.pages[0]?.images[0]?.src ?? "missing", manifestUrl);
  const ranged = await fetch(image, { headers: { Range: "bytes=0-11" } });
  expect(ranged.status).toBe(206);
  expect(
    Buffer.from(await ranged.arrayBuffer())
      .subarray(8, 12)
      .toString("latin1"),
  ).toBe("WEBP");
  const etag = ranged.headers.get("etag") as string;
  expect((await fetch(image, { headers: { "If-None-Match": etag } })).status).toBe(304);

  expect((await post(B, `/epaper/${epaperId}/action`, new URLSearchParams({ intent: "publishZip" }))).status).toBe(200);
  expect(await stream.waitFor(failedOrDone(epaperId, "publishing_zip"))).toMatchObject({ state: "finished" });
  const zip = await fetch(`${B}/epaper/${epaperId}/zip`, { headers: { Cookie: cookie } });
  expect(zip.status).toBe(200);
  expect(
    Buffer.from(await zip.arrayBuffer())
      .subarray(0, 2)
      .toString("latin1"),
  ).toBe("PK");

  // Page 2 replaced through studio B.
  const structure = (await (await fetch(`${B}/epaper/${epaperId}/page-structure`, { headers: { Cookie: cookie } })).json()) as {
    structure: { pages: { id: string; number: number }[] };
  };
  const pageTwo = structure.structure.pages.find((page) => page.number === 2);
  const replacement = new FormData();
  replacement.append("file", new Blob([new Uint8Array(numberedPagesPdf(1, "Replaced"))], { type: "application/pdf" }), "replacement.pdf");
  const replaceUpload = await post(B, `/upload-pdf-replace?epaperId=${epaperId}`, replacement);
  expect(replaceUpload.status, await replaceUpload.clone().text()).toBe(200);
  const { id: replaceId } = (await replaceUpload.json()) as { id: string };
  const replaced = await post(
    B,
    `/epaper/${epaperId}/page-structure`,
    new URLSearchParams({ intent: "replace", pageId: pageTwo?.id ?? "", uploadId: replaceId, sourcePage: "1" }),
  );
  expect(replaced.status, await replaced.clone().text()).toBe(200);
  expect(await stream.waitFor(failedOrDone(epaperId, "replacing_page"))).toMatchObject({ state: "finished" });
  const after = await db
    .selectFrom("page")
    .select(["page", "text"])
    .where("epaperId", "=", epaperId)
    .where("page", "=", 2)
    .executeTakeFirstOrThrow();
  expect(after.text).toContain("Replaced 1");

  // A channel published through studio A, read from content origin A.
  const channelId = createId();
  const shortPath = createId()
    .slice(0, 10)
    .replace(/[^a-z0-9]/g, "a");
  await db.insertInto("channel").values({ id: channelId, accountId: user.accountId, name: "Stateless channel", shortPath }).execute();
  expect((await post(A, `/epaper/${epaperId}/action`, new URLSearchParams({ intent: "publishChannel", channelId }))).status).toBe(200);
  expect(await stream.waitFor(failedOrDone(epaperId, "publishing_channel"))).toMatchObject({ state: "finished" });
  const channel = await fetch(`${contentUrl(STUDIO_A)}/c/${shortPath}/`);
  expect(channel.status).toBe(200);
  expect(await channel.text()).toContain("Stateless brochure");
  stream.close();

  // Nothing of it touched a process's own folder: all content went through the bucket.
  for (const [name, folder] of Object.entries(folders)) expect(await filesIn(folder), name).toEqual([]);
}, 420_000);

test("maintenance switched on through one studio shuts a customer out on the other at once", async () => {
  const admin = await cookieOf((await insertUserWithLevel(db, "4")).userId);
  const customer = await cookieOf((await insertUserWithLevel(db, "2")).userId);
  const A = studioUrl(STUDIO_A);
  const B = studioUrl(STUDIO_B);
  const banner = 'data-testid="maintenance-banner"';
  const workspaceOnB = async () => {
    const response = await fetch(`${B}/epaper`, { headers: { Cookie: customer } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const switchOnA = async (active: boolean) => {
    const body = new URLSearchParams({ intent: "setMaintenance", active: String(active), confirmed: "on" });
    const response = await fetch(`${A}/preferences/maintenance`, { method: "POST", body, headers: { Cookie: admin, Origin: A } });
    expect(response.status, await response.clone().text()).toBeLessThan(400);
  };
  // Studio B has read (and remembers for a minute) that maintenance is off.
  expect(await workspaceOnB()).not.toContain(banner);
  await switchOnA(true);
  try {
    // B heard it from A over Redis before any browser could ask: the next page is the maintenance screen.
    expect(await workspaceOnB()).toContain(banner);
  } finally {
    await switchOnA(false);
  }
  expect(await workspaceOnB()).not.toContain(banner);
}, 60_000);
