import { Redis } from "ioredis";
import { getEnv } from "#app/utils/env.server";
import { remember } from "#app/utils/remember.server";
import { EventHub } from "./event-hub.server.ts";

/** The studio process's one hub (remembered across dev reloads and shared with server/studio.ts's shutdown). */
export const eventHub = remember(
  "event-hub",
  // A subscriber must wait for Redis rather than fail: it reconnects and subscribes again. Its
  // errors are not logged here: the command client (redis.server.ts) reports the same outage.
  () => new EventHub(() => new Redis(getEnv().REDIS_URL, { maxRetriesPerRequest: null }).on("error", () => {})),
);
