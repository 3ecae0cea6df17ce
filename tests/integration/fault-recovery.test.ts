import type { ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Queue } from "bullmq";
import { createCookie } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SESSION_COOKIE_NAME } from "#app/auth/session-cookie.server";
import { createSession } from "#app/auth/session.server";
import { queueEmail } from "#app/email/send-email.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { SCHEDULED_JOBS } from "#app/jobs/registry";
import { createContentHandler } from "#app/publish/content-server.server";
import { dropDatabase } from "#db/admin";
import { createDb, type Database } from "#db/client";
import { startSmtpInbox, type SmtpInbox } from "#server/mail-catcher/smtp-inbox";
import { scratchDatabaseUrl, TEST_DATABASE_URL } from "#tests/setup/test-env";
import { CORPUS } from "#tests/support/corpus";
import { type FaultProxy, startFaultProxy } from "#tests/support/fault-proxy";
import { createScratchDatabase } from "#tests/support/scratch-database";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { numberedPagesPdf } from "#tests/support/generated-pdf";
import { type NodeProcess, startRenderNode, TOKEN } from "#tests/support/render-farm";
import { REPO, startStudio, stopProcess } from "#tests/support/studio-process";
import { TEST_PORTS } from "#tests/support/test-ports";
import { startWorkerProcess } from "#tests/support/worker-process";

/*
 * Faults on real processes (issue 33, ADR 0047): a production studio, a worker and a render node
 * on a Redis this test starts on its own port (with scripts/start-redis.sh, the start script of
 * `npm start`) and on MariaDB behind a proxy the test can cut.
 * 1. Redis restarted WITHOUT its data in the middle of a render: both ePapers finish with every
 *    page exactly once, a queued mail is delivered, the schedulers exist again. Only the worker's
 *    reconciler can do that: the jobs are gone, the database alone knows them.
 * 2. MariaDB away for 15 s during a render: the studio answers 503 with Retry-After (not 500)
 *    and its health says so; the render finishes once the database is back, the stream reconnects.
 * 3. The installation lost for good: `npm run backup` while it runs, `npm run restore` into a new
 *    database and data folder, and the published ePaper opens from the restored copy.
 */

const run = promisify(execFile);
const SECRET = "fault-session-secret-0123456789abcdefghij";
const STUDIO = `http://localhost:${TEST_PORTS.faultStudio}`;
const WORKER = `http://127.0.0.1:${TEST_PORTS.faultWorker}`;
const REDIS_PORT = TEST_PORTS.faultRedis;
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
const proxied = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  url.port = String(TEST_PORTS.faultDbProxy);
  return url.toString();
};

// A database of its own: the worker's reconciler reads every running process there is.
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Database;
let redisDir: string;
let dataDir: string;
let proxy: FaultProxy;
let node: NodeProcess | undefined;
let worker: ChildProcess | undefined;
let studio: ChildProcess | undefined;
let inbox: SmtpInbox | undefined;
let cookie: string;
let accountEmail: string;
let userId: string;
const workerLog: string[] = [];

const redisCli = (...args: string[]) => run("redis-cli", ["-p", String(REDIS_PORT), ...args]).then(({ stdout }) => stdout.trim());
const startRedis = () => run("bash", [path.join(REPO, "scripts/start-redis.sh"), String(REDIS_PORT), redisDir]);

beforeAll(async () => {
  scratch = await createScratchDatabase("fault");
  db = scratch.db;
  redisDir = await mkdtemp(path.join(os.tmpdir(), "fault-redis-"));
  dataDir = await mkdtemp(path.join(os.tmpdir(), "fault-data-"));
  // The port is this test's own: a Redis there was left by a run that was stopped (it runs as a
  // daemon), and start-redis.sh refuses to take it for this one.
  await redisCli("shutdown", "nosave").catch(() => undefined);
  await startRedis();
  proxy = await startFaultProxy({ port: TEST_PORTS.faultDbProxy, targetPort: Number(new URL(TEST_DATABASE_URL).port || 3306) });
  node = await startRenderNode({ port: TEST_PORTS.faultNode, redisUrl: REDIS_URL, capacity: 1 });
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: proxied(scratch.url),
    REDIS_URL,
    SESSION_SECRET: SECRET,
    RENDER_NODE_TOKEN: TOKEN,
    DATA_DIR: dataDir,
    // One machine, one data folder: nodes download sources from the worker's signed URLs.
    WORKER_URL: WORKER,
    PUBLIC_URL: STUDIO,
    CONTENT_URL: `http://127.0.0.1:${TEST_PORTS.faultStudio + 1}`,
    // Nothing listens there until test 1 starts the mail server: the first delivery fails.
    SMTP_URL: `smtp://127.0.0.1:${TEST_PORTS.faultSmtp}`,
    // One render at a time: the second ePaper waits in the queue, so its job is surely lost.
    RENDER_JOB_CONCURRENCY: "1",
  };
  [worker, studio] = await Promise.all([
    startWorkerProcess({ name: "fault", port: TEST_PORTS.faultWorker, env, log: workerLog }),
    startStudio({ mode: "production", port: TEST_PORTS.faultStudio, dataDir, sessionSecret: SECRET, env }),
  ]);
  const user = await insertUserWithLevel(db, "2");
  userId = user.userId;
  accountEmail = user.email;
  const session = await createSession(db, { userId: user.userId, remember: true });
  cookie = (await createCookie(SESSION_COOKIE_NAME, { secrets: [SECRET], path: "/" }).serialize(session.id)).split(";")[0] as string;
}, 180_000);

afterAll(async () => {
  await Promise.all([stopProcess(studio), stopProcess(worker)]);
  await node?.kill();
  await inbox?.close();
  await proxy?.close();
  await redisCli("shutdown", "nosave").catch(() => undefined);
  await scratch?.drop();
  await rm(redisDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

const post = (route: string, body: FormData | URLSearchParams) =>
  fetch(`${STUDIO}${route}`, { method: "POST", body, headers: { Cookie: cookie, Origin: STUDIO } });

/** Uploads a PDF and creates an ePaper from it through the studio; answers its id. */
async function createEpaper(name: string, pdf: Uint8Array) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), `${name}.pdf`);
  const uploaded = await post("/upload-pdf", form);
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const { id } = (await uploaded.json()) as { id: string };
  const created = await post("/epaper/create", new URLSearchParams({ name, languageCode: "de", fileId: id }));
  expect(created.status, await created.clone().text()).toBe(200);
  return ((await created.json()) as { id: string }).id;
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\nworker:\n${workerLog.join("").slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const pagesReady = async (epaperId: string) =>
  (
    await db
      .selectFrom("renderProcess")
      .select("pageCountReady")
      .where("epaperId", "=", epaperId)
      .where("active", "=", true)
      .executeTakeFirst()
  )?.pageCountReady ?? 0;

/** The ePaper rendered, its process ended, and every page there exactly once. */
async function expectRenderedOnce(epaperId: string, pageCount: number) {
  const epaper = await db
    .selectFrom("epaper")
    .select(["isRendered", "processRunning", "processError", "pageCount"])
    .where("id", "=", epaperId)
    .executeTakeFirstOrThrow();
  expect(epaper).toMatchObject({ isRendered: true, processRunning: false, processError: null, pageCount });
  const pages = await db.selectFrom("page").select("page").where("epaperId", "=", epaperId).orderBy("page").execute();
  expect(pages.map((page) => page.page)).toEqual(Array.from({ length: pageCount }, (_, index) => index + 1));
}

const rendered = (epaperId: string) => async () =>
  (await db.selectFrom("epaper").select(["isRendered", "processRunning"]).where("id", "=", epaperId).executeTakeFirst())?.isRendered ===
  true;

test("npm start's Redis keeps its data: append-only, fsync every second, noeviction, not in /tmp", async () => {
  expect(await redisCli("config", "get", "appendonly")).toBe("appendonly\nyes");
  expect(await redisCli("config", "get", "appendfsync")).toBe("appendfsync\neverysec");
  expect(await redisCli("config", "get", "maxmemory-policy")).toBe("maxmemory-policy\nnoeviction");
  expect(await redisCli("config", "get", "dir")).toBe(`dir\n${redisDir}`);
  // The worker says at start when the Redis it uses would lose jobs; this one would not.
  expect(workerLog.join("")).not.toContain("appendonly is off");
});

test("Redis restarted without its data mid-render: both ePapers finish, every page once, the mail goes out, the schedulers are back", async () => {
  const first = await createEpaper("Brochure", await readFile(path.join(CORPUS, "plumber__chelsea_pdta.pdf")));
  const second = await createEpaper("Numbers", numberedPagesPdf(30, "Numbers"));
  const queue = new Queue("email", { connection: { host: "127.0.0.1", port: REDIS_PORT } });
  const mail = await queueEmail(
    { db, queue },
    {
      to: accountEmail,
      type: "epaperReady",
      locale: "en",
      userId,
      variables: {
        studioUrl: STUDIO,
        firstName: "Erika",
        epaperName: "Before the outage",
        link: `${STUDIO}/epaper`,
        unsubscribeLink: `${STUDIO}/x`,
      },
    },
  );
  if (!mail.queued) throw new Error("the mail was not queued");
  await queue.close();
  // The render is under way and the mail's first delivery failed (no SMTP server yet): its retry waits in Redis.
  await until("3 pages of the first ePaper", async () => (await pagesReady(first)) >= 3, 90_000);
  await until(
    "a failed first delivery",
    async () => (await db.selectFrom("emailJob").select("attempts").where("id", "=", mail.emailJobId).executeTakeFirst())?.attempts,
    30_000,
  );
  expect(await pagesReady(second)).toBe(0);

  // Redis stops and comes back empty, as after a failover to a replica that had nothing.
  await redisCli("shutdown", "nosave");
  await rm(redisDir, { recursive: true, force: true });
  await startRedis();
  // The mail's retry went with the data (the processes have already written their new keys).
  expect(await redisCli("exists", `bull:email:email-${mail.emailJobId}`)).toBe("0");
  inbox = await startSmtpInbox({ port: TEST_PORTS.faultSmtp });

  // `until` fails if they never finish; how long recovery takes is measured by no test.
  await until("both ePapers rendered", async () => (await rendered(first)()) && (await rendered(second)()), 120_000);
  await expectRenderedOnce(first, 65);
  await expectRenderedOnce(second, 30);
  const delivered = await inbox.waitForMail((received) => received.envelopeTo.includes(accountEmail), 60_000);
  expect(delivered.subject).toBeTruthy();
  expect(workerLog.join("")).toMatch(/enqueued render-\S+ again/);

  const maintenance = new Queue("maintenance", { connection: { host: "127.0.0.1", port: REDIS_PORT } });
  const schedulers = (await maintenance.getJobSchedulers(0, -1)).map((scheduler) => scheduler.key).sort();
  await maintenance.close();
  expect(schedulers).toEqual(SCHEDULED_JOBS.map((job) => job.schedule.id).sort());
  // The worker's health shows the farm, the schedulers and that nothing runs without a job any more.
  const health = await until(
    "a clean reconcile pass",
    async () => {
      const body = (await (await fetch(`${WORKER}/healthz`)).json()) as Record<string, unknown>;
      return body.processesWithoutJob === 0 ? body : null;
    },
    90_000,
  );
  expect(health).toMatchObject({
    status: "ok",
    farm: { nodesServing: 1 },
    schedulers: { expected: SCHEDULED_JOBS.length, present: SCHEDULED_JOBS.length },
    redisPersistence: { aof: true, evictionPolicy: "noeviction" },
  });
  const metrics = await (await fetch(`${WORKER}/metrics`)).text();
  expect(metrics).toContain("processes_without_job 0");
  expect(metrics).toContain(`job_schedulers_present{state="present"} ${SCHEDULED_JOBS.length}`);
}, 300_000);

test("MariaDB away for 15 s mid-render: the studio answers 503 with Retry-After, the render finishes once it is back", async () => {
  const epaperId = await createEpaper("Outage", numberedPagesPdf(40, "Outage"));
  await until("3 pages", async () => (await pagesReady(epaperId)) >= 3, 90_000);

  await proxy.cut();
  const cutAt = Date.now();
  const workspace = await fetch(`${STUDIO}/epaper`, { headers: { Cookie: cookie, "Accept-Language": "en" } });
  expect(workspace.status).toBe(503);
  expect(workspace.headers.get("retry-after")).toBe("15");
  expect(await workspace.text()).toContain("Back in a moment");
  const german = await fetch(`${STUDIO}/epaper`, { headers: { Cookie: cookie, "Accept-Language": "de" } });
  expect(german.status).toBe(503);
  expect(await german.text()).toContain("Gleich wieder da");
  expect((await fetch(`${STUDIO}/epaper.data`, { headers: { Cookie: cookie } })).status).toBe(503);
  expect((await fetch(`${STUDIO}/events`, { headers: { Cookie: cookie } })).status).toBe(503);
  expect((await fetch(`${STUDIO}/healthz`)).status).toBe(503);
  // An action and a JSON resource route answer 503 with Retry-After too, not 'unexpected error'.
  const action = await post(`/epaper/${epaperId}/action`, new URLSearchParams({ intent: "publishPreview" }));
  expect(action.status).toBe(503);
  expect(action.headers.get("retry-after")).toBe("15");
  const upload = await post("/epaper/create", new URLSearchParams({ name: "During", languageCode: "de", fileId: "x" }));
  expect(upload.status).toBe(503);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 15_000 - (Date.now() - cutAt))));
  await proxy.restore();

  await until(
    "the studio answers again",
    async () => (await fetch(`${STUDIO}/epaper`, { headers: { Cookie: cookie } })).status === 200,
    30_000,
  );
  const events = new AbortController();
  const stream = await fetch(`${STUDIO}/events`, { headers: { Cookie: cookie }, signal: events.signal });
  expect(stream.status).toBe(200);
  events.abort();
  await until("the ePaper rendered", rendered(epaperId), 120_000);
  await expectRenderedOnce(epaperId, 40);
}, 240_000);

test("a backup taken while it runs restores into a new database and data folder, and the published ePaper opens from it", async () => {
  const epaper = await db.selectFrom("epaper").select("id").where("name", "=", "Outage").executeTakeFirstOrThrow();
  expect((await post(`/epaper/${epaper.id}/action`, new URLSearchParams({ intent: "publishPreview" }))).status).toBe(200);
  const published = await until(
    "the preview published",
    () =>
      db
        .selectFrom("publication")
        .select("hash")
        .where("epaperId", "=", epaper.id)
        .where("type", "=", "preview")
        .where("publishedAt", "is not", null)
        .executeTakeFirst(),
    60_000,
  );
  const backupDir = path.join(await mkdtemp(path.join(os.tmpdir(), "fault-backup-")), "backup");
  const restoredData = await mkdtemp(path.join(os.tmpdir(), "fault-restored-"));
  // A database that does not exist yet: restore makes it.
  const restoredDb = { url: scratchDatabaseUrl("restored") };
  const cli = (script: string, env: Record<string, string>) =>
    run(process.execPath, ["--import", "tsx", script, backupDir], { cwd: REPO, env: { ...process.env, BLOB_STORE: "folder", ...env } });
  try {
    await cli("server/cli/backup.ts", { DATABASE_URL: scratch.url, DATA_DIR: dataDir });
    const restored = await cli("server/cli/restore.ts", { DATABASE_URL: restoredDb.url, DATA_DIR: restoredData });
    expect(restored.stdout).toContain("restored the backup");
    // A second restore into the same database is refused: it is no longer empty.
    await expect(cli("server/cli/restore.ts", { DATABASE_URL: restoredDb.url, DATA_DIR: restoredData })).rejects.toThrow(/not empty/);

    const copy = createDb(restoredDb.url, { connectionLimit: 2 });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    server.on(
      "request",
      createContentHandler({
        db: copy,
        blobs: new FolderBlobStore(restoredData),
        studioOrigin: STUDIO,
        contentOrigin: origin,
        secret: SECRET,
      }),
    );
    try {
      const reader = await fetch(`${origin}/preview/${published.hash}/`);
      expect(reader.status).toBe(200);
      const html = await reader.text();
      expect(html).toContain("Outage");
      // The bare address names its revision in a <base> element; the bundle's files are there.
      const manifestUrl = new URL("epaper.json", new URL(/<base href="([^"]+)">/.exec(html)?.[1] ?? "missing", reader.url)).href;
      const manifest = (await (await fetch(manifestUrl)).json()) as { pages: { images: { src: string }[] }[] };
      expect(manifest.pages).toHaveLength(40);
      const image = await fetch(new URL(manifest.pages[39]?.images[0]?.src ?? "missing", manifestUrl));
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
    } finally {
      server.close();
      await copy.destroy();
    }
  } finally {
    await dropDatabase(restoredDb.url);
    await rm(path.dirname(backupDir), { recursive: true, force: true });
    await rm(restoredData, { recursive: true, force: true });
  }
}, 180_000);
