/**
 * The worker process: BullMQ consumers for background work. It is the only process that
 * will call render nodes. Start with `npm start` (all processes) or `tsx server/worker.ts`.
 */
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { MAINTENANCE_QUEUE, PurgeExpiredAuthJob } from "#app/jobs/maintenance";
import { purgeExpiredAuth } from "#app/jobs/purge-expired-auth.handler.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { onShutdown } from "./shutdown.ts";

const env = getEnv();
// Workers block on Redis; BullMQ requires unlimited retries per request for them.
const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });

const maintenanceQueue = new Queue(MAINTENANCE_QUEUE, { connection });
await maintenanceQueue.upsertJobScheduler(
  PurgeExpiredAuthJob.schedulerId,
  { every: PurgeExpiredAuthJob.everyMs },
  { name: PurgeExpiredAuthJob.name, data: {}, opts: PurgeExpiredAuthJob.options },
);

const maintenanceWorker = new Worker(
  MAINTENANCE_QUEUE,
  async (job) => {
    if (job.name === PurgeExpiredAuthJob.name) return purgeExpiredAuth(db);
    throw new Error(`unknown maintenance job ${job.name}`);
  },
  { connection, concurrency: 1 },
);
maintenanceWorker.on("failed", (job, error) => console.error(`job ${job?.name} (${job?.id}) failed:`, error.message));
maintenanceWorker.on("error", (error) => console.error("maintenance worker error:", error.message));
console.log(`worker ready (queues: ${MAINTENANCE_QUEUE})`);

onShutdown(async () => {
  await maintenanceWorker.close();
  await maintenanceQueue.close();
  await connection.quit();
  await db.destroy();
});
