import type { Redis } from "ioredis";
import type { ReadingNowEvent, StudioEvent } from "./catalogue.ts";
import { accountChannel, BROADCAST_CHANNEL, statisticsChannel, userChannel } from "./catalogue.ts";

/** The wire form: the event and when it was sent (the studio measures delivery lag; browsers ignore it). */
const message = (event: StudioEvent) => JSON.stringify({ ...event, sentAt: Date.now() });

/** Publishes an event to everyone of an account; studio instances relay it over SSE. */
export async function publishToAccount(redis: Redis, accountId: string, event: StudioEvent) {
  await redis.publish(accountChannel(accountId), message(event));
}

/** Publishes a statistics event to the users of an account who may see its ePapers' details. */
export async function publishStatistics(redis: Redis, accountId: string, event: ReadingNowEvent) {
  await redis.publish(statisticsChannel(accountId), message(event));
}

/** Publishes an event to every browser of one user. */
export async function publishToUser(redis: Redis, userId: string, event: StudioEvent) {
  await redis.publish(userChannel(userId), message(event));
}

/** Tells the browsers of a user, or of everyone in an account, that sessions were ended on the server. */
export async function publishForcedLogout(redis: Redis, target: { userId: string } | { accountId: string }) {
  if ("userId" in target) await publishToUser(redis, target.userId, { type: "forcedLogout" });
  else await publishToAccount(redis, target.accountId, { type: "forcedLogout" });
}

/** Publishes an event to every open studio browser (maintenance start and end). */
export async function publishToAll(redis: Redis, event: StudioEvent) {
  await redis.publish(BROADCAST_CHANNEL, message(event));
}
