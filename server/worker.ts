/**
 * The worker process: one BullMQ consumer for each queue of the job registry
 * (app/jobs/registry.ts), and the schedules of the scheduled jobs. It is the only process that
 * calls render nodes. Start with `npm start` (all processes) or `tsx server/worker.ts`.
 */
import { Redis } from "ioredis";
import { blobs } from "#app/blob/blobs.server";
import { sendEpaperReadyMail, sendPreviewLinkMail, sendPublicationReadyMail } from "#app/models/epaper-notifications.server";
import { type Consumer, startConsumer } from "#app/jobs/consumer.server";
import { QUEUE_NAMES, type QueueName } from "#app/jobs/define";
import { closeQueues, createQueues } from "#app/jobs/queues.server";
import { startJobHeartbeats } from "#app/jobs/heartbeat.server";
import { READER_ASSETS_DIR } from "#app/publish/reader-assets.server";
import { splitPagesWith } from "#app/publish/split-pages.server";
import { renderDepsFromEnv } from "#app/render/render-deps.server";
import { createOcrConsumer } from "#app/worker/ocr.consumer.server";
import { createWorkerMetrics } from "#app/render/render-metrics.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { checkHealth } from "#app/utils/health.server";
import { redis } from "#app/utils/redis.server";
import { createEmailConsumer, emailDeliveryDepsFromEnv } from "#app/worker/email.consumer.server";
import { createMaintenanceConsumer } from "#app/worker/maintenance.consumer.server";
import { createPagesConsumer } from "#app/worker/pages.consumer.server";
import { createPublishConsumer } from "#app/worker/publish.consumer.server";
import { createRenderConsumer } from "#app/worker/render.consumer.server";
import { createWebhooksConsumer } from "#app/worker/webhooks.consumer.server";
import { setWebhookQueue } from "#app/webhooks/record.server";
import { startStatsRollup } from "#app/stats/stats-rollup-loop.server";
import { startReadingNowPublisher } from "#app/stats/reading-now.server";
import { onShutdown } from "./shutdown.ts";
import { startWorkerHttp } from "./worker-http.ts";
import { startReconciler } from "#app/worker/reconcile.server";
import { persistenceWarning, redisPersistence, registerReconcilerMetrics, workerHealth } from "#app/worker/worker-health.server";
import { Registry } from "prom-client";
import { processMetrics } from "#app/utils/metrics.server";

const env = getEnv();
const log = (message: string) => console.log(`[worker] ${message}`);
await blobs.ready();
// Workers block on Redis; BullMQ requires unlimited retries per request for them.
const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
const queues = createQueues(connection);
// A Redis without persistence loses the queue on restart: said at start (ADR 0047).
const persistence = persistenceWarning(await redisPersistence(connection).catch(() => ({ aof: true, evictionPolicy: null })));
if (persistence) console.warn(`warning: ${persistence}`);

const metrics = createWorkerMetrics({ redis, queues: Object.values(queues) });
const renderDeps = renderDepsFromEnv(env, { db, redis, blobs }, { recognizeQueue: queues.ocr });
const consumers: { [Q in QueueName]: Consumer<Q> } = {
  render: await createRenderConsumer({
    redisUrl: env.REDIS_URL,
    concurrency: env.RENDER_JOB_CONCURRENCY,
    metrics,
    deps: {
      ...renderDeps,
      onPageStored: (ms) => metrics.pageStored(ms),
      onRendered: (epaperId) => sendEpaperReadyMail({ db, queue: queues.email }, epaperId),
    },
  }),
  ocr: await createOcrConsumer({ redisUrl: env.REDIS_URL, concurrency: env.OCR_JOB_CONCURRENCY, deps: renderDeps }),
  pages: await createPagesConsumer({ redisUrl: env.REDIS_URL, concurrency: env.RENDER_JOB_CONCURRENCY, deps: renderDeps }),
  publish: createPublishConsumer({
    deps: {
      db,
      blobs,
      redis,
      readerAssetsDir: READER_ASSETS_DIR,
      splitPages: splitPagesWith(renderDeps),
      contentOrigin: env.CONTENT_URL,
      onZipReady: (job) => sendPublicationReadyMail({ db, queue: queues.email }, { ...job, kind: "zipReady" }),
      onChannelPublished: (job) =>
        sendPublicationReadyMail({ db, queue: queues.email }, { ...job, kind: "channelPublicationReady", channelId: job.channelId }),
      // A link an API key made has no user to mail (the answer carried its password).
      onPreviewLinkReady: async (job, link) => {
        if (job.userId) await sendPreviewLinkMail({ db, queue: queues.email }, { ...job, userId: job.userId, ...link });
      },
      log: (message) => console.log(`[publish] ${message}`),
    },
  }),
  email: createEmailConsumer({ deps: emailDeliveryDepsFromEnv(env, { db }) }),
  maintenance: createMaintenanceConsumer({ db, blobs, redis }),
  webhooks: createWebhooksConsumer({ db, queue: queues.webhooks, allowPrivate: env.OUTBOUND_ALLOW_PRIVATE }),
};
// Webhook events recorded in this process (renders, page operations, publishing, channel
// removals) enqueue their deliveries on the worker's own queue (ADR 0058).
setWebhookQueue(queues.webhooks);
// Each running job beats; the reconciler enqueues again what the database runs without a live
// job (a Redis that lost its data) and ensures the clean-up schedules (the Cronjob preference's
// interval; saving it re-applies them). At start, after every reconnect, every minute.
const heartbeats = startJobHeartbeats(db, { log });
const workers = QUEUE_NAMES.map((name) => startConsumer(name, consumers[name] as Consumer<typeof name>, connection, heartbeats));
const reconciler = startReconciler({ db, redis, blobs, queues, log }, { connection });
// Readership statistics (ADR 0053): the content origin's beacons, from a Redis stream into the rollup tables.
const statsRollup = startStatsRollup({ db, redis: connection, log: (message) => console.log(`[stats] ${message}`) });
// 'Reading now' of the ePapers whose statistics screen is open, to their accounts (ADR 0053).
const readingNow = startReadingNowPublisher({ redis, log: (message) => console.log(`[stats] ${message}`) });
registerReconcilerMetrics(metrics.registry, reconciler);

const http = await startWorkerHttp({
  host: env.WORKER_HOST,
  port: env.WORKER_PORT,
  // The worker's own metrics and the process's (blob store latency and errors).
  registry: Registry.merge([metrics.registry, processMetrics.registry]),
  blobs,
  secret: env.SESSION_SECRET,
  health: () => workerHealth({ redis, reconciler, dependencies: checkHealth }),
  metricsToken: env.RENDER_NODE_TOKEN,
});
console.log(`worker ready (queues: ${QUEUE_NAMES.join(", ")}); metrics at ${env.WORKER_URL}/metrics`);

onShutdown(async () => {
  http.close();
  reconciler.close();
  await statsRollup.close();
  await readingNow.close();
  for (const worker of workers) await worker.close();
  await heartbeats.close();
  await closeQueues(queues);
  await connection.quit();
  await db.destroy();
});
