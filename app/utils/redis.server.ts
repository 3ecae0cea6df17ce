import { Redis } from "ioredis";
import { getEnv } from "./env.server.ts";
import { remember } from "./remember.server.ts";

/**
 * The studio's Redis client for commands (rate limits, health, publishing events).
 * It fails fast instead of queueing commands while Redis is down, so a request answers
 * with an error rather than hanging (BullMQ's advice for producers).
 */
export const redis = remember("redis", () =>
  new Redis(getEnv().REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }).on("error", () => {
    // ioredis reconnects by itself; errors surface on the commands, /healthz reports them.
  }),
);
