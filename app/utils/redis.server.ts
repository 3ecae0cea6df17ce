import { Redis } from "ioredis";
import { getEnv } from "./env.server.ts";
import { remember } from "./remember.server.ts";

/**
 * The studio's Redis client for commands (rate limits, health, publishing events).
 * It fails fast instead of queueing commands while Redis is down, so a request answers
 * with an error rather than hanging (BullMQ's advice for producers).
 */
export const redis = remember("redis", () => {
  let lastError = "";
  return new Redis(getEnv().REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    .on("error", (error) => {
      // ioredis reconnects by itself and repeats the same error on every attempt: log each new one once.
      if (error.message !== lastError) console.error(`redis: ${error.message}`);
      lastError = error.message;
    })
    .on("ready", () => {
      lastError = "";
    });
});
