import { Redis } from "ioredis";
import { getEnv } from "#app/utils/env.server";
import { remember } from "#app/utils/remember.server";
import { createQueues } from "./queues.server.ts";

/**
 * The studio's producer side of the queues (the worker process consumes them). Its own
 * connection fails fast while Redis is down (BullMQ's advice for producers), so an action
 * answers with an error instead of hanging.
 */
const producerConnection = remember(
  "queue-connection",
  // Errors are not logged here: the command client (redis.server.ts) reports the same outage.
  () => new Redis(getEnv().REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }).on("error", () => {}),
);

export const queues = remember("queues", () => createQueues(producerConnection));
