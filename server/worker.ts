/**
 * The worker process: BullMQ consumers for background work. It is the only process that
 * calls render nodes. Start with `npm start` (all processes) or `tsx server/worker.ts`.
 */
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { blobs } from "#app/blob/blobs.server";
import { emailDeliveryDepsFromEnv, startEmailWorker } from "#app/email/email-worker.server";
import { sendEpaperReadyMail } from "#app/email/epaper-ready.server";
import { EMAIL_QUEUE } from "#app/jobs/email";
import {
  MAINTENANCE_QUEUE,
  PurgeDeletedEpapersJob,
  PurgeExpiredAuthJob,
  RemoveExpiredGeneratedAccountsJob,
  RemoveExpiredUploadsJob,
} from "#app/jobs/maintenance";
import { purgeDeletedEpapers } from "#app/jobs/purge-deleted-epapers.handler.server";
import { purgeExpiredAuth } from "#app/jobs/purge-expired-auth.handler.server";
import { removeExpiredGeneratedAccounts } from "#app/jobs/remove-expired-generated-accounts.handler.server";
import { removeExpiredUploads } from "#app/jobs/remove-expired-uploads.handler.server";
import { RENDER_QUEUE } from "#app/jobs/render";
import { PUBLISH_QUEUE } from "#app/jobs/publish";
import { READER_ASSETS_DIR } from "#app/publish/reader-assets.server";
import { sendPublicationReadyMail } from "#app/email/epaper-ready.server";
import { startPublishWorker } from "#app/publish/publish-worker.server";
import { splitPagesWith } from "#app/publish/split-pages.server";
import { renderDepsFromEnv } from "#app/render/render-deps.server";
import { createWorkerMetrics } from "#app/render/render-metrics.server";
import { startRenderWorker } from "#app/render/render-worker.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { checkHealth } from "#app/utils/health.server";
import { redis } from "#app/utils/redis.server";
import { onShutdown } from "./shutdown.ts";
import { startWorkerHttp } from "./worker-http.ts";

const env = getEnv();
// Workers block on Redis; BullMQ requires unlimited retries per request for them.
const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });

const maintenanceQueue = new Queue(MAINTENANCE_QUEUE, { connection });
const renderQueue = new Queue(RENDER_QUEUE, { connection });
const emailQueue = new Queue(EMAIL_QUEUE, { connection });
await maintenanceQueue.upsertJobScheduler(
  PurgeExpiredAuthJob.schedulerId,
  { every: PurgeExpiredAuthJob.everyMs },
  { name: PurgeExpiredAuthJob.name, data: {}, opts: PurgeExpiredAuthJob.options },
);
await maintenanceQueue.upsertJobScheduler(
  RemoveExpiredGeneratedAccountsJob.schedulerId,
  { every: RemoveExpiredGeneratedAccountsJob.everyMs },
  { name: RemoveExpiredGeneratedAccountsJob.name, data: {}, opts: RemoveExpiredGeneratedAccountsJob.options },
);
await maintenanceQueue.upsertJobScheduler(
  PurgeDeletedEpapersJob.schedulerId,
  { every: PurgeDeletedEpapersJob.everyMs },
  { name: PurgeDeletedEpapersJob.name, data: {}, opts: PurgeDeletedEpapersJob.options },
);
await maintenanceQueue.upsertJobScheduler(
  RemoveExpiredUploadsJob.schedulerId,
  { every: RemoveExpiredUploadsJob.everyMs },
  { name: RemoveExpiredUploadsJob.name, data: {}, opts: RemoveExpiredUploadsJob.options },
);

const maintenanceWorker = new Worker(
  MAINTENANCE_QUEUE,
  async (job) => {
    if (job.name === PurgeExpiredAuthJob.name) return purgeExpiredAuth(db);
    if (job.name === RemoveExpiredGeneratedAccountsJob.name) return removeExpiredGeneratedAccounts({ db, blobs, redis });
    if (job.name === RemoveExpiredUploadsJob.name) return removeExpiredUploads({ db, blobs });
    if (job.name === PurgeDeletedEpapersJob.name) return purgeDeletedEpapers({ db, blobs });
    throw new Error(`unknown maintenance job ${job.name}`);
  },
  { connection, concurrency: 1 },
);
maintenanceWorker.on("failed", (job, error) => console.error(`job ${job?.name} (${job?.id}) failed:`, error.message));
maintenanceWorker.on("error", (error) => console.error("maintenance worker error:", error.message));

const email = startEmailWorker({ connection, deps: emailDeliveryDepsFromEnv(env, { db }) });

const metrics = createWorkerMetrics({ redis, queues: [renderQueue, emailQueue, maintenanceQueue] });
const render = await startRenderWorker({
  connection,
  redisUrl: env.REDIS_URL,
  concurrency: env.RENDER_JOB_CONCURRENCY,
  metrics,
  deps: renderDepsFromEnv(
    env,
    { db, redis, blobs },
    { onPageStored: (ms) => metrics.pageStored(ms), onRendered: (epaperId) => sendEpaperReadyMail({ db, queue: emailQueue }, epaperId) },
  ),
});

const renderDeps = renderDepsFromEnv(env, { db, redis, blobs });
const publish = startPublishWorker({
  connection,
  deps: {
    db,
    blobs,
    redis,
    readerAssetsDir: READER_ASSETS_DIR,
    splitPages: splitPagesWith(renderDeps),
    onZipReady: (job) => sendPublicationReadyMail({ db, queue: emailQueue }, { ...job, kind: "zipReady" }),
    log: (message) => console.log(`[publish] ${message}`),
  },
});

const http = await startWorkerHttp({
  host: env.WORKER_HOST,
  port: env.WORKER_PORT,
  registry: metrics.registry,
  blobs,
  secret: env.SESSION_SECRET,
  healthy: async () => (await checkHealth()).status === "ok",
});
console.log(
  `worker ready (queues: ${MAINTENANCE_QUEUE}, ${RENDER_QUEUE}, ${PUBLISH_QUEUE}, ${EMAIL_QUEUE}); metrics at ${env.WORKER_URL}/metrics`,
);

onShutdown(async () => {
  http.close();
  await render.close();
  await publish.close();
  await email.close();
  await maintenanceWorker.close();
  await Promise.all([maintenanceQueue.close(), renderQueue.close(), emailQueue.close()]);
  await connection.quit();
  await db.destroy();
});
