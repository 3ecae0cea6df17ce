/**
 * A real render farm for integration tests and the benchmark: render node processes
 * (node --import tsx render-node/src/main.ts), the worker's render consumer and its signed-URL
 * server in this process, real MariaDB, Redis, poppler and sharp. Nothing is mocked.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { createId } from "@paralleldrive/cuid2";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { blobSourceUrl } from "#app/blob/source-url.server";
import { accountChannel, parseStudioEvent, type StudioEvent } from "#app/events/catalogue";
import { RecognizeJob, RenderJob } from "#app/jobs/render";
import { cancelRender } from "#app/render/cancel-render.server";
import type { RenderDeps } from "#app/render/render-types.server";
import { startRenderWorker } from "#app/worker/render.consumer.server";
import { startOcrWorker } from "#app/worker/ocr.consumer.server";
import { startPagesWorker } from "#app/worker/pages.consumer.server";
import { PageOperationJob } from "#app/jobs/pages";
import { cancelPageOperation } from "#app/page-operations/start-operation.server";
import { startRender } from "#app/render/start-render.server";
import { createDb, type Database } from "#db/client";
import { startWorkerHttp } from "#server/worker-http";
import { Registry } from "prom-client";

import { CORPUS } from "./corpus.ts";

export { CORPUS };
export const TOKEN = "test-render-node-token-0123456789abcdefgh";
export const SECRET = "test-session-secret-0123456789abcdefghijkl";

export type NodeProcess = {
  url: string;
  port: number;
  adminPort: number;
  child: ChildProcess;
  /** Lines the node logged, for assertions and for debugging a failure. */
  log: string[];
  kill: (signal?: NodeJS.Signals) => Promise<void>;
};

/** Starts a render node process and waits until it is registered and ready. */
export async function startRenderNode(options: {
  port: number;
  redisUrl: string;
  capacity?: number;
  cpus?: string;
  env?: Record<string, string>;
}): Promise<NodeProcess> {
  const env = {
    ...process.env,
    NODE_ENV: "test",
    RENDER_NODE_PORT: String(options.port),
    RENDER_NODE_ADMIN_PORT: String(options.port + 1000),
    RENDER_NODE_TOKEN: TOKEN,
    REDIS_URL: options.redisUrl,
    ...(options.capacity ? { RENDER_NODE_CAPACITY: String(options.capacity) } : {}),
    ...options.env,
  };
  // RENDER_NODE_CPU_PROF=<folder>: each node writes a CPU profile there when it ends (benchmarks).
  const profile = process.env.RENDER_NODE_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.RENDER_NODE_CPU_PROF}`] : [];
  const command = [...profile, "--import", "tsx", "render-node/src/main.ts"];
  // taskset pins a node to given cores, so "a node of one core" means exactly that.
  const child = options.cpus
    ? spawn("taskset", ["-c", options.cpus, process.execPath, ...command], { env, stdio: ["ignore", "pipe", "pipe"] })
    : spawn(process.execPath, command, { env, stdio: ["ignore", "pipe", "pipe"] });
  const log: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`render node :${options.port} did not start:\n${log.join("\n")}`)), 30_000);
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on("line", (line) => {
        log.push(line);
        if (process.env.DEBUG_RENDER_NODES) console.log(line);
        if (line.includes(" ready at ")) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`render node :${options.port} exited with ${code}:\n${log.join("\n")}`));
    });
  });
  await ready;
  return {
    url: `http://127.0.0.1:${options.port}`,
    port: options.port,
    adminPort: options.port + 1000,
    child,
    log,
    kill: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}

export type Farm = Awaited<ReturnType<typeof startFarm>>;

/**
 * The worker half of the farm in this process: blob store in a temporary folder, the signed-URL
 * server on a free port, the render queue consumer, and helpers to create and follow ePapers.
 */
export async function startFarm(options: {
  databaseUrl: string;
  redisUrl: string;
  settings?: Partial<RenderDeps["settings"]>;
  concurrency?: number;
  deps?: Partial<RenderDeps>;
  /** The store to render into (default: a folder of its own, removed at close). */
  blobs?: BlobStore;
}) {
  const db = createDb(options.databaseUrl, { connectionLimit: 5 });
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  await redis.flushdb();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "epaper-farm-"));
  const blobs = options.blobs ?? new FolderBlobStore(dataDir);
  const server: http.Server = await startWorkerHttp({
    host: "127.0.0.1",
    port: 0,
    registry: new Registry(),
    blobs,
    secret: SECRET,
    health: async () => ({ status: "ok" as const }),
  });
  const workerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const queue = new Queue(RenderJob.queue, { connection });
  // OCR after a render (issue 47) has its queue and worker too.
  const ocrQueue = new Queue(RecognizeJob.queue, { connection });
  const logs: string[] = [];
  const deps: RenderDeps = {
    db,
    redis,
    blobs,
    signedUrl: (key) => blobSourceUrl(blobs, { url: workerUrl, secret: SECRET }, key, 15 * 60_000),
    token: TOKEN,
    settings: { widths: [1600, 800], thumbnailWidth: 200, quality: 75, effort: 0, ...options.settings },
    log: (message) => {
      logs.push(message);
      if (process.env.DEBUG_RENDER_NODES) console.log(`[render] ${message}`);
    },
    noNodeTimeoutMs: 20_000,
    recognizeQueue: ocrQueue,
    ...options.deps,
  };
  const worker = await startRenderWorker({
    connection,
    redisUrl: options.redisUrl,
    deps,
    concurrency: options.concurrency ?? 4,
  });
  // Page operations (issue 12) run on their own queue with the same farm.
  const pagesQueue = new Queue(PageOperationJob.queue, { connection });
  const pagesWorker = await startPagesWorker({ connection, redisUrl: options.redisUrl, deps, concurrency: 2 });
  const ocrWorker = await startOcrWorker({ connection, redisUrl: options.redisUrl, deps, concurrency: 1 });
  const accountId = createId();
  await db
    .insertInto("account")
    .values({ id: accountId, name: `render test ${accountId}` })
    .execute();
  const subscriber = new Redis(options.redisUrl);
  const events: StudioEvent[] = [];
  await subscriber.subscribe(accountChannel(accountId));
  subscriber.on("message", (_channel, message: string) => events.push(parseStudioEvent(message) as StudioEvent));

  /** Stores a PDF (a corpus file, or bytes) as an upload of the account, as /upload-pdf… does. */
  async function storeUpload(file: string | Buffer, numPages: number, purpose: "epaper" | "exchange" | "replace" = "epaper") {
    const uploadId = createId();
    const blobKey = `uploads/${uploadId}/source.pdf`;
    const data = typeof file === "string" ? await readFile(path.isAbsolute(file) ? file : path.join(CORPUS, file)) : file;
    await blobs.put(blobKey, data);
    await db
      .insertInto("upload")
      .values({ id: uploadId, accountId, blobKey, originalName: "upload.pdf", sizeInByte: data.length, numPages, purpose })
      .execute();
    return uploadId;
  }

  /** Stores a corpus file as an upload and creates its ePaper, as the upload flow will. */
  async function createEpaper(file: string | Buffer, numPages = 0) {
    if (typeof file !== "string") {
      const epaperId = createId();
      const uploadId = await storeUpload(file, numPages);
      await db
        .insertInto("epaper")
        .values({ id: epaperId, accountId, sourceUploadId: uploadId, languageCode: "en", name: "generated.pdf" })
        .execute();
      return epaperId;
    }
    const uploadId = createId();
    const epaperId = createId();
    const blobKey = `uploads/${uploadId}/source.pdf`;
    const data = await readFile(path.isAbsolute(file) ? file : path.join(CORPUS, file));
    await blobs.put(blobKey, data);
    await db
      .insertInto("upload")
      .values({ id: uploadId, accountId, blobKey, originalName: file, sizeInByte: data.length, numPages })
      .execute();
    await db.insertInto("epaper").values({ id: epaperId, accountId, sourceUploadId: uploadId, languageCode: "en", name: file }).execute();
    return epaperId;
  }

  const render = (epaperId: string) => startRender({ db, redis, queue }, epaperId);

  /** Resolves with the final process event of an ePaper (finished, failed or cancelled). */
  async function outcome(epaperId: string, timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const last = events.find((event) => event.type === "epaperProcess" && event.epaperId === epaperId && event.state !== "started");
      if (last && last.type === "epaperProcess") return last;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`ePaper ${epaperId} did not finish within ${timeoutMs} ms; log:\n${logs.join("\n")}`);
  }

  async function readyPages(epaperId: string) {
    const row = await db
      .selectFrom("page")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("epaperId", "=", epaperId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  return {
    db,
    redis,
    blobs,
    queue,
    pagesQueue,
    storeUpload,
    dataDir,
    workerUrl,
    /** Stops this process's consumer (to hand jobs to a worker process in a test). */
    stopWorker: () => worker.close(),
    accountId,
    events,
    logs,
    deps,
    createEpaper,
    render,
    outcome,
    readyPages,
    cancel: (epaperId: string) => cancelRender({ db, redis, queue, blobs }, epaperId),
    cancelPages: (epaperId: string) => cancelPageOperation({ db, redis, queue: pagesQueue, blobs }, epaperId),
    async close() {
      await worker.close();
      await pagesWorker.close();
      await ocrWorker.close();
      await ocrQueue.close();
      await queue.close();
      await pagesQueue.close();
      subscriber.disconnect();
      server.close();
      await redis.flushdb();
      redis.disconnect();
      connection.disconnect();
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type { Database };

/** The file behind a key when the farm renders into a folder (the tests that inspect files do). */
export function fileOf(farm: Pick<Farm, "blobs">, key: string): string {
  if (!(farm.blobs instanceof FolderBlobStore)) throw new Error("this farm renders into S3: read its blobs through the store");
  return farm.blobs.pathOf(key);
}
