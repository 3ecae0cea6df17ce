import { createHash } from "node:crypto";
import { createId } from "@paralleldrive/cuid2";
import { sql } from "kysely";
import type { Database } from "#db/client";
import { isRetryableLockError, retryTransaction } from "#db/retry-transaction";
import { DeliverWebhookJob } from "#app/jobs/webhooks";
import { enqueue, type JobQueue } from "#app/jobs/queues.server";
import { channelAddress } from "#app/rules/channel";
import { previewAddress } from "#app/rules/preview-address";
import { apiZipSrc } from "#app/rules/page-files";
import { previewLinkAddress } from "#app/rules/preview-link";
import { eventsOf, type WebhookEventType } from "#app/rules/webhooks";
import { getEnv } from "#app/utils/env.server";
import { createLogger } from "#app/utils/logger.server";

/*
 * Recording a webhook event (ADR 0058) as an outbox: `recordWebhookDeliveries` writes one
 * delivery row per endpoint of the account that chose the event inside the transaction that ends
 * the process, so the event is exactly as durable as the end itself (Redis away, or the worker
 * dying after the commit, loses nothing); after the commit `enqueueWebhookDeliveries` adds a job
 * per new delivery for its first attempt. An enqueue that fails is no loss: the worker's
 * reconciler enqueues every due pending delivery without a live job. The event's id is derived
 * from what happened (its type, its subject, the process it ended), so recording the same end
 * twice (a job run again) inserts nothing (the unique (endpoint_id, event_id) index), and a
 * receiver drops repeats by Webhook-Id. Recording never fails the process that records (a fault
 * in it is rolled back to a savepoint and logged), and costs one indexed query for an account
 * without endpoints.
 */

const log = createLogger("worker");

/**
 * What happened, with the ids the payload is built from (its names and addresses are read when an
 * endpoint wants it). `occurrence` names the one process whose end this is (a render process's
 * id, a page operation's id, a publish process's start): with the type and the subject it makes
 * the event's id, the same every time that end is recorded.
 */
export type WebhookEvent =
  | { type: "epaper.rendered"; epaperId: string; occurrence: string }
  /** A render that failed for good; a cancelled render is no event. */
  | { type: "epaper.render_failed"; epaperId: string; error: string; occurrence: string }
  | { type: "page_operation.finished"; epaperId: string; operation: "insert" | "move" | "replace" | "delete"; occurrence: string }
  | {
      type: "publication.ready";
      epaperId: string;
      publication: { type: "preview" | "previewlink" | "zip"; id: string; hash: string } | { type: "channel"; channelId: string };
      occurrence: string;
    }
  /** A channel is removed once (its row is soft-deleted for good): the channel is the occurrence. */
  | { type: "channel.removed"; channelId: string; name: string };

/** The event's id (`evt_` and 32 hex digits): a hash of what happened, never of when it was recorded. */
export function webhookEventId(accountId: string, event: WebhookEvent): string {
  const parts =
    event.type === "channel.removed"
      ? [event.type, accountId, event.channelId]
      : event.type === "publication.ready"
        ? [
            event.type,
            accountId,
            event.epaperId,
            event.publication.type,
            event.publication.type === "channel" ? event.publication.channelId : "",
            event.occurrence,
          ]
        : [event.type, accountId, event.epaperId, event.occurrence];
  return `evt_${createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32)}`;
}

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
        : // The public API's download (a read key answers it), not the studio's cookie route.
          `${studioUrl}${apiZipSrc(epaperId)}`;
  return {
    type: publication.type,
    id: publication.id,
    url,
    ...(publication.type === "previewlink" ? { expiresAt: row?.expiredAt?.toISOString() ?? null } : {}),
  };
}

/**
 * Inside the transaction that ends the process (`trx`): one pending delivery of `event` per
 * endpoint of the account that chose it, unless that endpoint has it already (the same end
 * recorded again). Answers the ids of the deliveries it inserted, to enqueue after the commit.
 * A fault in recording is rolled back to a savepoint and logged, so it never fails the process;
 * only a lock error that rolled the whole transaction back is thrown (retryTransaction runs it again).
 */
export async function recordWebhookDeliveries(trx: Database, accountId: string, event: WebhookEvent, now = new Date()): Promise<string[]> {
  let savepoint = false;
  try {
    const endpoints = await trx.selectFrom("webhookEndpoint").select(["id", "events"]).where("accountId", "=", accountId).execute();
    const subscribed = endpoints.filter((endpoint) => eventsOf(endpoint.events).includes(event.type as WebhookEventType));
    if (subscribed.length === 0) return [];
    await sql`SAVEPOINT webhook_record`.execute(trx);
    savepoint = true;
    const data = await dataOf(trx, accountId, event);
    if (!data) return [];
    const eventId = webhookEventId(accountId, event);
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
    // An endpoint that has this event already keeps its delivery (the unique endpoint_id, event_id).
    await trx.insertInto("webhookDelivery").values(deliveries).ignore().execute();
    const inserted = await trx
      .selectFrom("webhookDelivery")
      .select("id")
      .where(
        "id",
        "in",
        deliveries.map((delivery) => delivery.id),
      )
      .execute();
    return inserted.map((row) => row.id);
  } catch (error) {
    if (isRetryableLockError(error)) throw error;
    if (savepoint) {
      try {
        await sql`ROLLBACK TO SAVEPOINT webhook_record`.execute(trx);
      } catch {
        // The transaction itself is gone: its own commit will say so.
        throw error;
      }
    }
    log.error({ err: error, accountId, type: event.type }, "recording a webhook event failed");
    return [];
  }
}

/** How long the enqueue after the commit may hold up the process's own follow-ups (a worker's queue waits for Redis). */
const ENQUEUE_WAIT_MS = 5_000;

/**
 * After the commit: a job per new delivery for its first attempt. Never throws, and never holds
 * the caller longer than a few seconds (an add still waiting for Redis lands later, under the
 * same job id); the reconciler enqueues what fails here.
 */
export async function enqueueWebhookDeliveries(deps: WebhookRecordDeps, deliveryIds: readonly string[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    const adding = (async () => {
      const queue = deps.webhookQueue ?? (await defaultQueue());
      for (const deliveryId of deliveryIds) await enqueue(queue, DeliverWebhookJob, { deliveryId, attempt: 0 });
    })();
    adding.catch(() => undefined);
    const waited = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`enqueue took over ${ENQUEUE_WAIT_MS} ms`)), ENQUEUE_WAIT_MS);
      timer.unref();
    });
    await Promise.race([adding, waited]);
  } catch (error) {
    // The rows are there: the reconciler enqueues them once Redis answers again.
    log.warn({ err: error, deliveryIds }, "webhook deliveries recorded, their jobs not enqueued");
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Records `event` in a transaction of its own and enqueues its deliveries: for an end that has
 * no transaction to share. Answers how many deliveries it made. Never throws: a failure is
 * logged, and the process that recorded goes on.
 */
export async function recordWebhookEvent(
  deps: WebhookRecordDeps,
  accountId: string,
  event: WebhookEvent,
  now = new Date(),
): Promise<number> {
  try {
    const deliveryIds = await retryTransaction(deps.db, (trx) => recordWebhookDeliveries(trx, accountId, event, now));
    await enqueueWebhookDeliveries(deps, deliveryIds);
    return deliveryIds.length;
  } catch (error) {
    log.error({ err: error, accountId, type: event.type }, "recording a webhook event failed");
    return 0;
  }
}
