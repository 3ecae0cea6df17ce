import { createId } from "@paralleldrive/cuid2";
import type { Database } from "#db/client";
import { DeliverWebhookJob } from "#app/jobs/webhooks";
import { enqueue, type JobQueue } from "#app/jobs/queues.server";
import { channelAddress } from "#app/rules/channel";
import { previewAddress } from "#app/rules/preview-address";
import { previewLinkAddress } from "#app/rules/preview-link";
import { eventsOf, type WebhookEventType } from "#app/rules/webhooks";
import { getEnv } from "#app/utils/env.server";
import { createLogger } from "#app/utils/logger.server";

/*
 * Recording a webhook event (ADR 0058), called where a process reaches its end state, next to
 * the studio's own real-time event: one delivery row per endpoint of the account that chose the
 * event, then a job per delivery that triggers its first attempt. Recording never fails the
 * process that records (it logs and goes on), and costs one indexed query for an account without
 * endpoints. A delivery whose job could not be enqueued (Redis away) is enqueued by the worker's
 * reconciler once it is due: the row is the truth.
 */

const log = createLogger("worker");

/** What happened, with the ids the payload is built from (its names and addresses are read when an endpoint wants it). */
export type WebhookEvent =
  | { type: "epaper.rendered"; epaperId: string }
  /** A render that failed for good; a cancelled render is no event. */
  | { type: "epaper.render_failed"; epaperId: string; error: string }
  | { type: "page_operation.finished"; epaperId: string; operation: "insert" | "move" | "replace" | "delete" }
  | {
      type: "publication.ready";
      epaperId: string;
      publication: { type: "preview" | "previewlink" | "zip"; id: string; hash: string } | { type: "channel"; channelId: string };
    }
  | { type: "channel.removed"; channelId: string; name: string };

export type WebhookRecordDeps = { db: Database; webhookQueue?: JobQueue };

/** The queue the worker consumes; the worker sets its own at start (server/worker.ts), else the studio's producer. */
let configuredQueue: JobQueue | null = null;
export function setWebhookQueue(queue: JobQueue | null) {
  configuredQueue = queue;
}

async function defaultQueue(): Promise<JobQueue> {
  if (configuredQueue) return configuredQueue;
  const { queues } = await import("#app/jobs/producer.server");
  // The producer's connection fails fast while it is not connected: its first use waits for it a moment.
  await Promise.race([queues.webhooks.waitUntilReady(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  return queues.webhooks;
}

/** The payload's `data`, from the ids of the event: names, counts, addresses; never a secret. */
async function dataOf(db: Database, accountId: string, event: WebhookEvent): Promise<Record<string, unknown> | null> {
  if (event.type === "channel.removed") return { channelId: event.channelId, name: event.name };
  const epaper = await db
    .selectFrom("epaper")
    .select(["id", "name", "pageCount", "folderId"])
    .where("id", "=", event.epaperId)
    .where("accountId", "=", accountId)
    .executeTakeFirst();
  if (!epaper) return null;
  const base = { epaperId: epaper.id, name: epaper.name };
  switch (event.type) {
    case "epaper.rendered":
      return { ...base, pageCount: epaper.pageCount, folderId: epaper.folderId };
    case "epaper.render_failed":
      return { ...base, error: event.error };
    case "page_operation.finished":
      return { ...base, operation: event.operation, pageCount: epaper.pageCount };
    case "publication.ready":
      return { ...base, publication: await publicationOf(db, accountId, epaper.id, event.publication) };
  }
}

async function publicationOf(
  db: Database,
  accountId: string,
  epaperId: string,
  publication: Extract<WebhookEvent, { type: "publication.ready" }>["publication"],
) {
  const { PUBLIC_URL: studioUrl, CONTENT_URL: contentUrl } = getEnv();
  if (publication.type === "channel") {
    const channel = await db
      .selectFrom("channel")
      .select(["id", "name", "shortPath"])
      .where("id", "=", publication.channelId)
      .where("accountId", "=", accountId)
      .executeTakeFirst();
    return {
      type: "channel",
      id: null,
      url: channel ? channelAddress(contentUrl, channel.shortPath) : null,
      channel: channel ? { id: channel.id, name: channel.name } : { id: publication.channelId, name: null },
    };
  }
  const row = await db
    .selectFrom("publication")
    .select("expiredAt")
    .where("id", "=", publication.id)
    .where("epaperId", "=", epaperId)
    .executeTakeFirst();
  const url =
    publication.type === "preview"
      ? previewAddress(contentUrl, publication.hash)
      : publication.type === "previewlink"
        ? previewLinkAddress(studioUrl, publication.hash)
        : `${studioUrl}/epaper/${encodeURIComponent(epaperId)}/zip`;
  return {
    type: publication.type,
    id: publication.id,
    url,
    ...(publication.type === "previewlink" ? { expiresAt: row?.expiredAt?.toISOString() ?? null } : {}),
  };
}

/**
 * Records `event` for every endpoint of the account that chose it; answers how many deliveries
 * it made. Never throws: a failure is logged, and the process that recorded goes on.
 */
export async function recordWebhookEvent(
  deps: WebhookRecordDeps,
  accountId: string,
  event: WebhookEvent,
  now = new Date(),
): Promise<number> {
  try {
    const endpoints = await deps.db.selectFrom("webhookEndpoint").select(["id", "events"]).where("accountId", "=", accountId).execute();
    const subscribed = endpoints.filter((endpoint) => eventsOf(endpoint.events).includes(event.type as WebhookEventType));
    if (subscribed.length === 0) return 0;
    const data = await dataOf(deps.db, accountId, event);
    if (!data) return 0;
    const eventId = `evt_${createId()}`;
    const payload = JSON.stringify({ id: eventId, type: event.type, createdAt: now.toISOString(), data });
    const deliveries = subscribed.map((endpoint) => ({
      id: createId(),
      endpointId: endpoint.id,
      accountId,
      eventId,
      eventType: event.type,
      payload,
      state: "pending" as const,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    }));
    await deps.db.insertInto("webhookDelivery").values(deliveries).execute();
    try {
      const queue = deps.webhookQueue ?? (await defaultQueue());
      for (const delivery of deliveries) await enqueue(queue, DeliverWebhookJob, { deliveryId: delivery.id, attempt: 0 });
    } catch (error) {
      // The rows are there: the reconciler enqueues them once Redis answers again.
      log.warn({ err: error, eventId, accountId }, "webhook deliveries recorded, their jobs not enqueued");
    }
    return deliveries.length;
  } catch (error) {
    log.error({ err: error, accountId, type: event.type }, "recording a webhook event failed");
    return 0;
  }
}
