import { randomBytes } from "node:crypto";
import { createId } from "@paralleldrive/cuid2";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { AppError, Forbidden } from "#app/errors/app-error";
import { DeliverWebhookJob } from "#app/jobs/webhooks";
import { enqueue, type JobQueue } from "#app/jobs/queues.server";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import {
  eventsOf,
  MAX_WEBHOOK_ENDPOINTS,
  maskedEndpointUrl,
  storedEvents,
  WEBHOOK_LOG_LIMIT,
  WEBHOOK_SECRET_PREFIX,
  type WebhookDeliveryState,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
  type WebhookLogEventType,
} from "#app/rules/webhooks";

/*
 * The account's webhook endpoints (issue 32 item 4, ADR 0058), made and removed in the account
 * drawer by those who may hold API keys (webhooks), in their own account only: support switched
 * into a customer's account sees the endpoints (their addresses without the query) and their logs
 * there, but changes nothing. The secret is returned once, at creation; the worker signs every
 * attempt with it. Every query is scoped to the caller's account: another account's endpoint or
 * delivery is 'not found'.
 */

export class WebhookNotFound extends AppError {
  override name = "WebhookNotFound";
  constructor(detail?: string) {
    super("webhooks.notFound", { status: 404, detail });
  }
}

const ENDPOINT_COLUMNS = ["id", "url", "events", "createdAt"] as const;

function viewOf(row: { id: string; url: string; events: string; createdAt: Date }, subject?: PermissionSubject): WebhookEndpointView {
  // Support switched in sees the address without its query (a receiver's token may be there).
  const url = subject && subject.accountId !== subject.baseAccountId ? maskedEndpointUrl(row.url) : row.url;
  return { id: row.id, url, events: eventsOf(row.events), createdAt: row.createdAt.toISOString() };
}

/** Stored headers (a JSON object of strings), or null when none were kept or they do not parse. */
function headersOf(stored: string | null): Record<string, string> | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as unknown;
    return value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).map(([name, text]) => [name, String(text)]))
      : null;
  } catch {
    return null;
  }
}

export function requireOwnAccount(subject: PermissionSubject) {
  requirePermission(subject, "webhooks");
  if (subject.accountId !== subject.baseAccountId) throw new Forbidden("webhooks");
}

/** The account's endpoints, newest first (the drawer's list). */
export async function listWebhookEndpoints(db: Database, subject: PermissionSubject): Promise<WebhookEndpointView[]> {
  requirePermission(subject, "webhooks");
  const rows = await db
    .selectFrom("webhookEndpoint")
    .select(ENDPOINT_COLUMNS)
    .where("accountId", "=", subject.accountId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => viewOf(row, subject));
}

/** A fresh signing secret: `whsec_` and 32 random bytes. */
export const generateWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;

/** A new endpoint of the user's own account; `secret` is the only time it leaves the server. */
export async function createWebhookEndpoint(
  db: Database,
  subject: PermissionSubject,
  input: { url: string; events: readonly WebhookEventType[] },
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  requireOwnAccount(subject);
  const id = createId();
  const secret = generateWebhookSecret();
  await retryTransaction(db, async (trx) => {
    // The account row serialises concurrent creations, so the limit holds.
    await trx.selectFrom("account").select("id").where("id", "=", subject.accountId).forUpdate().executeTakeFirstOrThrow();
    const { count } = await trx
      .selectFrom("webhookEndpoint")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("accountId", "=", subject.accountId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError("webhooks.limitReached", { status: 409, params: { max: MAX_WEBHOOK_ENDPOINTS } });
    }
    await trx
      .insertInto("webhookEndpoint")
      .values({ id, accountId: subject.accountId, createdByUserId: subject.id, url: input.url, secret, events: storedEvents(input.events) })
      .execute();
  });
  const row = await db.selectFrom("webhookEndpoint").select(ENDPOINT_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow();
  return { endpoint: viewOf(row), secret };
}

/** Removes an endpoint of the user's own account with its deliveries; their jobs find nothing and end. */
export async function deleteWebhookEndpoint(db: Database, subject: PermissionSubject, endpointId: string): Promise<void> {
  requireOwnAccount(subject);
  const result = await db
    .deleteFrom("webhookEndpoint")
    .where("id", "=", endpointId)
    .where("accountId", "=", subject.accountId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new WebhookNotFound(`webhook endpoint ${endpointId}`);
}

/** The newest deliveries of one endpoint of the account, each with its attempts, newest first. */
export async function listWebhookDeliveries(
  db: Database,
  subject: PermissionSubject,
  endpointId: string,
): Promise<{ endpoint: WebhookEndpointView; deliveries: WebhookDeliveryView[] }> {
  requirePermission(subject, "webhooks");
  const endpoint = await db
    .selectFrom("webhookEndpoint")
    .select(ENDPOINT_COLUMNS)
    .where("id", "=", endpointId)
    .where("accountId", "=", subject.accountId)
    .executeTakeFirst();
  if (!endpoint) throw new WebhookNotFound(`webhook endpoint ${endpointId}`);
  const rows = await db
    .selectFrom("webhookDelivery")
    .select(["id", "eventId", "eventType", "payload", "state", "attempts", "nextAttemptAt", "createdAt", "deliveredAt"])
    .where("endpointId", "=", endpointId)
    .where("accountId", "=", subject.accountId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(WEBHOOK_LOG_LIMIT)
    .execute();
  const attempts = rows.length
    ? await db
        .selectFrom("webhookAttempt")
        .select([
          "id",
          "deliveryId",
          "attemptedAt",
          "statusCode",
          "error",
          "durationMs",
          "manual",
          "requestHeaders",
          "responseHeaders",
          "responseBody",
        ])
        .where(
          "deliveryId",
          "in",
          rows.map((row) => row.id),
        )
        .orderBy("attemptedAt", "desc")
        .orderBy("id", "desc")
        .execute()
    : [];
  return {
    endpoint: viewOf(endpoint, subject),
    deliveries: rows.map((row) => ({
      id: row.id,
      eventId: row.eventId,
      type: row.eventType as WebhookLogEventType,
      payload: row.payload,
      state: row.state as WebhookDeliveryState,
      attempts: row.attempts,
      nextAttemptAt: row.state === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      log: attempts
        .filter((attempt) => attempt.deliveryId === row.id)
        .map((attempt) => ({
          id: attempt.id,
          at: attempt.attemptedAt.toISOString(),
          statusCode: attempt.statusCode,
          error: attempt.error,
          durationMs: attempt.durationMs,
          manual: Boolean(attempt.manual),
          requestHeaders: headersOf(attempt.requestHeaders),
          responseHeaders: headersOf(attempt.responseHeaders),
          responseBody: attempt.responseBody,
        })),
    })),
  };
}

/**
 * 'Send again': one attempt of a delivery of the user's own account now, whatever its state
 * (a failed one too). Every click is a job of its own (a fresh id: a retained job of an earlier
 * click cannot swallow it); the route limits clicks per account (RATE_LIMITS.webhookSendAgainAccount).
 */
export async function sendWebhookAgain(
  deps: {
    db: Database;
    queue: JobQueue;
    /** Counts the click (the route's rate limit); throws to refuse it. */
    limit?: () => Promise<void>;
  },
  subject: PermissionSubject,
  deliveryId: string,
) {
  requireOwnAccount(subject);
  const delivery = await deps.db
    .selectFrom("webhookDelivery")
    .select(["id", "attempts"])
    .where("id", "=", deliveryId)
    .where("accountId", "=", subject.accountId)
    .executeTakeFirst();
  if (!delivery) throw new WebhookNotFound(`webhook delivery ${deliveryId}`);
  await deps.limit?.();
  await enqueue(deps.queue, DeliverWebhookJob, { deliveryId: delivery.id, attempt: delivery.attempts, manual: true, request: createId() });
}
