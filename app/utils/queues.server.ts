import { Redis } from "ioredis";
import { Queue } from "bullmq";
import { createEmailQueue } from "#app/email/send-email.server";
import { PUBLISH_QUEUE } from "#app/jobs/publish";
import { RENDER_QUEUE } from "#app/jobs/render";
import { getEnv } from "./env.server.ts";
import { remember } from "./remember.server.ts";

/**
 * The studio's producer side of the BullMQ queues (the worker process consumes them). Its own
 * connection fails fast while Redis is down (BullMQ's advice for producers), so an action
 * answers with an error instead of hanging.
 */
const queueConnection = remember(
  "queue-connection",
  // Errors are not logged here: the command client (redis.server.ts) reports the same outage.
  () => new Redis(getEnv().REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }).on("error", () => {}),
);

export const emailQueue = remember("email-queue", () => createEmailQueue(queueConnection));

/** The `render` queue: startRender adds jobs, cancelRender removes waiting ones. */
export const renderQueue = remember("render-queue", () => new Queue(RENDER_QUEUE, { connection: queueConnection }));

/** The `publish` queue: startPublish adds one job per preview or zip. */
export const publishQueue = remember("publish-queue", () => new Queue(PUBLISH_QUEUE, { connection: queueConnection }));
