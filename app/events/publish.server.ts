import type { Redis } from "ioredis";
import type { StudioEvent } from "./catalogue.ts";
import { accountChannel } from "./catalogue.ts";

/** Publishes an event to everyone of an account; studio instances relay it over SSE. */
export async function publishToAccount(redis: Redis, accountId: string, event: StudioEvent) {
  await redis.publish(accountChannel(accountId), JSON.stringify(event));
}
