import { createId } from "@paralleldrive/cuid2";
import { UnrecoverableError, Worker } from "bullmq";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import type { S3BlobStore } from "#app/blob/s3-store.server";
import { EmailJob } from "#app/jobs/email";
import { PublishJob } from "#app/jobs/publish";
import { type Queues, closeQueues, createQueues, RECOVERY_FIELD } from "#app/jobs/queues.server";
import { SCHEDULED_JOBS } from "#app/jobs/registry";
import { RecognizeJob, RenderJob } from "#app/jobs/render";
import { MAIL_MAX_AGE_MS, MAX_RECOVERIES, reconcile } from "#app/lifecycle/reconciler.server";
import type { Database } from "#db/client";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { testS3Store } from "#tests/support/s3";
import { createScratchDatabase } from "#tests/support/scratch-database";
import { reconcilerDeps } from "./reconcile.server.ts";

/*
 * The reconciler's rules (ADR 0047), each once, against real MariaDB (a database of this file's
 * own: a pass reads every running process there is), Redis and the S3-compatible store. The whole story on real processes (a Redis restarted
 * without its data, MariaDB away) is tests/integration/fault-recovery.test.ts.
 */

// Redis database 1: no other test file uses it.
const REDIS_URL = "redis://127.0.0.1:6379/1";
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Database;
let connection: Redis;
let redis: Redis;
let queues: Queues;
let blobs: S3BlobStore;
let accountId: string;
const logs: string[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase("reconcile");
  db = scratch.db;
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  redis = new Redis(REDIS_URL);
  queues = createQueues(connection);
  blobs = await testS3Store("reconcile");
  accountId = (await insertUserWithLevel(db, "2")).accountId;
});

beforeEach(async () => {
  // Each test counts only its own rows: what earlier tests left running ends here (this database is the file's own).
  await connection.flushdb();
  await db.updateTable("epaper").set({ processRunning: false }).execute();
  await db.updateTable("emailJob").set({ sentAt: new Date() }).where("sentAt", "is", null).execute();
  await db.updateTable("channel").set({ processRunning: false, filesPendingRemoval: false }).execute();
});

afterAll(async () => {
  await closeQueues(queues);
  connection.disconnect();
  redis.disconnect();
  await scratch.drop();
});

const pass = () => reconcile(reconcilerDeps({ db, redis, blobs, queues, log: (line) => logs.push(line) }, { graceMs: 30_000 }));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** An ePaper rendering since `startedAt` with its render process and recorded job. */
async function renderingEpaper(startedAt: Date, options: { recorded?: boolean } = {}) {
  const epaperId = createId();
  const renderProcessId = createId();
  const data = { epaperId, renderProcessId, revision: 1 };
  await db
    .insertInto("epaper")
    .values({
      id: epaperId,
      accountId,
      name: "Lost render",
      languageCode: "de",
      renderRevision: 1,
      processRunning: true,
      processType: "rendering",
      processStartedAt: startedAt,
      processJob: options.recorded === false ? null : JSON.stringify({ queue: "render", name: RenderJob.name, data }),
    })
    .execute();
  const jobId = RenderJob.jobId(data);
  await db.insertInto("renderProcess").values({ id: renderProcessId, epaperId, documentId: jobId, jobId, pageCount: 3 }).execute();
  return { epaperId, jobId, data };
}

const epaperRow = (id: string) =>
  db
    .selectFrom("epaper")
    .select(["processRunning", "processError", "renderingFailed", "publishingFailed"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

test("a running process whose job is gone is enqueued again with the job it recorded; a live job, a beat or a fresh start is left alone", async () => {
  const lost = await renderingEpaper(minutesAgo(5));
  const queued = await renderingEpaper(minutesAgo(5));
  await queues.render.add(RenderJob.name, queued.data, { jobId: queued.jobId });
  const beating = await renderingEpaper(minutesAgo(5));
  await db.insertInto("jobHeartbeat").values({ jobId: beating.jobId, queue: "render" }).execute();
  const fresh = await renderingEpaper(new Date());

  const report = await pass();
  expect(report.requeued).toBe(1);
  expect(report.withoutJob).toBe(1);
  const job = await queues.render.getJob(lost.jobId);
  expect(job?.data).toMatchObject({ ...lost.data, [RECOVERY_FIELD]: 1 });
  expect(await job?.getState()).toBe("waiting");
  expect(await queues.render.getJob(beating.jobId)).toBeUndefined();
  expect(await queues.render.getJob(fresh.jobId)).toBeUndefined();
  // A second pass finds every process with its job.
  expect((await pass()).withoutJob).toBe(0);
});

test(`a job lost ${MAX_RECOVERIES} times, or an old publish without a recorded job, ends with its card's error; an old render's job is derived`, async () => {
  const worn = await renderingEpaper(minutesAgo(5));
  await queues.render.add(RenderJob.name, { ...worn.data, [RECOVERY_FIELD]: MAX_RECOVERIES }, { jobId: worn.jobId });
  // The job fails for good (as when its worker ended it but could not end its process).
  const failing = new Worker(
    "render",
    async () => {
      throw new UnrecoverableError("gone");
    },
    { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }) },
  );
  await new Promise<void>((resolve) => failing.once("failed", () => resolve()));
  await failing.close();
  const unrecorded = await renderingEpaper(minutesAgo(5), { recorded: false });
  const publishing = createId();
  await db
    .insertInto("epaper")
    .values({
      id: publishing,
      accountId,
      name: "Lost publish",
      languageCode: "de",
      processRunning: true,
      processType: "publishing_zip",
      processStartedAt: minutesAgo(20),
    })
    .execute();

  const report = await pass();
  expect(report.ended).toBe(2);
  expect(await epaperRow(worn.epaperId)).toMatchObject({
    processRunning: false,
    processError: "renderProcessFailed",
    renderingFailed: true,
  });
  // Begun before processes recorded their jobs: the render's job follows from its render process.
  expect(await epaperRow(unrecorded.epaperId)).toMatchObject({ processRunning: true });
  expect((await queues.render.getJob(unrecorded.jobId))?.data).toMatchObject(unrecorded.data);
  expect(await epaperRow(publishing)).toMatchObject({ processRunning: false, processError: null, publishingFailed: true });
});

test("a lost publish is enqueued again with its payload (who asked, the charged unit); a channel without a publish behind it is released", async () => {
  const epaperId = createId();
  const channelId = createId();
  const orphanId = createId();
  const startedAt = minutesAgo(5);
  const data = {
    epaperId,
    accountId,
    userId: createId(),
    type: "channel" as const,
    charged: false,
    channelId,
    startedAt: startedAt.toISOString(),
  };
  await db
    .insertInto("epaper")
    .values({
      id: epaperId,
      accountId,
      name: "Channel publish",
      languageCode: "de",
      processRunning: true,
      processType: "publishing_channel",
      processStartedAt: startedAt,
      processJob: JSON.stringify({ queue: "publish", name: PublishJob.name, data }),
    })
    .execute();
  for (const id of [channelId, orphanId])
    await db
      .insertInto("channel")
      .values({ id, accountId, name: id, shortPath: id.slice(0, 12), processRunning: true, processType: "publishing_channel" })
      .execute();
  await sql`UPDATE channel SET updated_at = NOW(3) - INTERVAL 5 MINUTE WHERE id IN (${channelId}, ${orphanId})`.execute(db);

  const report = await pass();
  expect(report).toMatchObject({ requeued: 1, channelsReleased: 1 });
  expect((await queues.publish.getJob(PublishJob.jobId(data)))?.data).toMatchObject(data);
  const channels = await db
    .selectFrom("channel")
    .select(["id", "processRunning", "processError"])
    .where("id", "in", [channelId, orphanId])
    .execute();
  expect(channels.find((channel) => channel.id === channelId)).toMatchObject({ processRunning: true });
  expect(channels.find((channel) => channel.id === orphanId)).toMatchObject({
    processRunning: false,
    processError: "channel.errors.publicationFailed",
  });
});

test("a mail not yet sent gets its delivery again; one older than two days is given up for support to resend; the schedulers are back", async () => {
  const mail = (createdAt: Date) => ({
    id: createId(),
    recipientEmail: "reader@mail.test",
    type: "testEmail",
    language: "en",
    templateVars: "{}",
    createdAt,
  });
  const pending = mail(minutesAgo(10));
  const ancient = mail(new Date(Date.now() - MAIL_MAX_AGE_MS - 60_000));
  const sent = { ...mail(minutesAgo(10)), sentAt: new Date() };
  await db.insertInto("emailJob").values([pending, ancient, sent]).execute();

  const report = await pass();
  expect(report).toMatchObject({
    requeued: 1,
    mailsGivenUp: 1,
    schedulers: { expected: SCHEDULED_JOBS.length, present: SCHEDULED_JOBS.length },
  });
  expect(await queues.email.getJob(EmailJob.jobId({ emailJobId: pending.id }))).toBeDefined();
  expect(await queues.email.getJob(EmailJob.jobId({ emailJobId: sent.id }))).toBeUndefined();
  const given = await db.selectFrom("emailJob").select(["failedAt", "mailerError"]).where("id", "=", ancient.id).executeTakeFirstOrThrow();
  expect(given.failedAt).not.toBeNull();
  expect(given.mailerError).toMatch(/^gave up/);
});

test("a channel removal that stopped before its files went is finished", async () => {
  const channelId = createId();
  await db
    .insertInto("channel")
    .values({
      id: channelId,
      accountId,
      name: "Removed",
      shortPath: channelId.slice(0, 12),
      deletedAt: minutesAgo(5),
      filesPendingRemoval: true,
    })
    .execute();
  await blobs.put(`channels/${channelId}/r1/index.html`, Buffer.from("<html>"));

  expect((await pass()).channelFilesRemoved).toBe(1);
  expect(await blobs.stat(`channels/${channelId}/r1/index.html`)).toBeNull();
  expect(await db.selectFrom("channel").select("filesPendingRemoval").where("id", "=", channelId).executeTakeFirstOrThrow()).toEqual({
    filesPendingRemoval: false,
  });
});

test("pages waiting for OCR without a live job get their ePaper's job again; fresh ones and a live job are left alone (issue 47)", async () => {
  const waiting = async (updatedAt: Date) => {
    const epaperId = createId();
    await db
      .insertInto("epaper")
      .values({ id: epaperId, accountId, name: "Scan", languageCode: "de", isRendered: true, ocrPending: 1 })
      .execute();
    await db.insertInto("page").values({ id: createId(), epaperId, page: 1, sourcePage: 1, ocrState: "pending", updatedAt }).execute();
    return epaperId;
  };
  const lost = await waiting(minutesAgo(5));
  const finished = await waiting(minutesAgo(5));
  // A job of the same id that ended earlier (an earlier render's OCR) would swallow the add: it is replaced.
  await queues.ocr.add(RecognizeJob.name, { epaperId: finished }, { jobId: RecognizeJob.jobId({ epaperId: finished }) });
  const failing = new Worker(
    "ocr",
    async () => {
      throw new UnrecoverableError("an earlier run");
    },
    { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }) },
  );
  await new Promise<void>((resolve) => failing.once("failed", () => resolve()));
  await failing.close();
  const live = await waiting(minutesAgo(5));
  await queues.ocr.add(RecognizeJob.name, { epaperId: live }, { jobId: RecognizeJob.jobId({ epaperId: live }) });
  const fresh = await waiting(new Date());

  expect((await pass()).recognitionRequeued).toBe(2);
  for (const epaperId of [lost, finished])
    expect(await (await queues.ocr.getJob(RecognizeJob.jobId({ epaperId })))?.getState()).toBe("waiting");
  expect(await queues.ocr.getJob(RecognizeJob.jobId({ epaperId: fresh }))).toBeUndefined();
  expect((await pass()).recognitionRequeued).toBe(0);
});
