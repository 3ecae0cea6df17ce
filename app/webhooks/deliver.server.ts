import { createId } from "@paralleldrive/cuid2";
import type { Queue } from "bullmq";
import { sql } from "kysely";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { DeliverWebhookJob, type DeliverWebhookJobData } from "#app/jobs/webhooks";
import { enqueue, enqueueUnlessLive, jobIdOf, type JobQueue } from "#app/jobs/queues.server";
import {
  nextAttemptAt,
  WEBHOOK_DELIVERY_WINDOW_MS,
  WEBHOOK_ID_HEADER,
  WEBHOOK_PING_EVENT,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_TIMESTAMP_HEADER,
} from "#app/rules/webhooks";
import { SafeFetchRefused, safePost } from "#app/utils/safe-fetch.server";
import { REDACTED } from "#app/utils/redact-secrets";
import { signTimestamped } from "#app/utils/timestamped-signature.server";

/*
 * One attempt of a webhook delivery (ADR 0058), run by the worker's `webhooks` queue. The row is
 * claimed first (its attempt count goes up, and a pending row's next attempt moves past the
 * attempt's own deadline), so two jobs never send the same attempt. The call goes through the
 * SSRF-safe POST, signed afresh; a 2xx delivers, anything else (another status, a refused or
 * private address, a timeout, a network failure) is a failed attempt, logged with its status or
 * error and its duration. A pending delivery is tried again with back-off for 24 hours after its
 * event, then it is failed; a scheduled attempt that comes long after the window (the worker was
 * away) is given up unsent, and nothing is sent for a deactivated or deleted account. 'Send
 * again' is one attempt now, in any state. An attempt writes its outcome to the row only while
 * the row is as it claimed it: a later attempt that claimed it since, or a delivery, wins.
 */

export type DeliverDeps = {
  db: Database;
  /** The `webhooks` queue: the next attempt is enqueued there, delayed. */
  queue: JobQueue;
  /** "host:port" entries a delivery may reach although private (OUTBOUND_ALLOW_PRIVATE: tests only). */
  allowPrivate: readonly string[];
  timeoutMs?: number;
};

export type DeliverOutcome = "skipped" | "delivered" | "retrying" | "failed" | "attempted";

/** How long a claimed attempt holds its row before the reconciler may take it as lost. */
const CLAIM_MS = WEBHOOK_TIMEOUT_MS + 60_000;
const TEXT_MAX = 500;
/** The answer's first kilobyte is kept for the log. */
const ANSWER_MAX_BYTES = 1024;

type Sent = {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** What the log shows of the exchange (issue 45): the headers sent, the answer's headers and first KB. */
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
};

/** Answer headers whose values may be the receiver's secrets: kept by name only. */
const SECRET_ANSWER_HEADERS = new Set(["set-cookie", "authorization", "proxy-authorization", "www-authenticate"]);

/** Sends the stored payload once, signed with the endpoint's secret at `at`. */
async function send(deps: DeliverDeps, target: { url: string; secret: string; eventId: string; payload: string }, at: Date): Promise<Sent> {
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  // The secret signs; it never travels. The signature is of this body at this time only.
  const requestHeaders = {
    "Content-Type": "application/json",
    "User-Agent": "ePaperStudio-Webhooks/1.0",
    [WEBHOOK_ID_HEADER]: target.eventId,
    [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(at.getTime() / 1000)),
    [WEBHOOK_SIGNATURE_HEADER]: signTimestamped(target.secret, target.payload, at),
  };
  try {
    const { status, answer, headers } = await safePost(target.url, {
      body: target.payload,
      timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      allowPrivate: deps.allowPrivate,
      headers: requestHeaders,
      maxAnswerBytes: ANSWER_MAX_BYTES,
    });
    const ok = status >= 200 && status < 300;
    const responseHeaders = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, SECRET_ANSWER_HEADERS.has(name) ? REDACTED : value]),
    );
    return {
      statusCode: status,
      error: ok ? null : answer.trim().slice(0, TEXT_MAX) || null,
      durationMs: duration(),
      requestHeaders,
      responseHeaders,
      responseBody: answer,
    };
  } catch (error) {
    const text = error instanceof SafeFetchRefused ? error.message : `network: ${(error as Error).message}`;
    return {
      statusCode: null,
      error: text.slice(0, TEXT_MAX),
      durationMs: duration(),
      requestHeaders,
      responseHeaders: null,
      responseBody: null,
    };
  }
}

/** A scheduled attempt this late after the 24-hour window closed is given up instead of sent (the last one is due at the window's end). */
const WINDOW_SLACK_MS = 15 * 60_000;

/** Why a pending delivery was given up without an attempt (the delivery's last error). */
export const GAVE_UP_WINDOW = "gave up: the 24-hour delivery window has passed";
export const GAVE_UP_ACCOUNT = "gave up: the account is deactivated or deleted";

/** Fails a pending delivery still waiting for `attempt` without sending it; false when another job got there first. */
async function giveUp(db: Database, deliveryId: string, attempt: number, reason: string) {
  const result = await db
    .updateTable("webhookDelivery")
    .set({ state: "failed", nextAttemptAt: null, lastError: reason })
    .where("id", "=", deliveryId)
    .where("state", "=", "pending")
    .where("attempts", "=", attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One attempt of the job's delivery (see above); `now` is the clock (tests move it). */
export async function deliverWebhook(deps: DeliverDeps, job: DeliverWebhookJobData, now = () => new Date()): Promise<DeliverOutcome> {
  const row = await deps.db
    .selectFrom("webhookDelivery")
    .innerJoin("webhookEndpoint", "webhookEndpoint.id", "webhookDelivery.endpointId")
    .innerJoin("account", "account.id", "webhookDelivery.accountId")
    .select([
      "webhookDelivery.id",
      "webhookDelivery.eventId",
      "webhookDelivery.eventType",
      "webhookDelivery.payload",
      "webhookDelivery.state",
      "webhookDelivery.attempts",
      "webhookDelivery.createdAt",
      "webhookEndpoint.url",
      "webhookEndpoint.secret",
      "account.isActive",
      "account.deletedAt",
    ])
    .where("webhookDelivery.id", "=", job.deliveryId)
    .executeTakeFirst();
  if (!row) return "skipped";
  // A scheduled attempt runs only while its delivery waits for exactly this attempt.
  if (!job.manual && (row.state !== "pending" || row.attempts !== job.attempt)) return "skipped";
  const pending = row.state === "pending";
  const startedAt = now();
  // Nothing goes out for an account that is deactivated or deleted: a waiting delivery is failed.
  if (!row.isActive || row.deletedAt !== null) {
    if (pending) await giveUp(deps.db, row.id, row.attempts, GAVE_UP_ACCOUNT);
    return "skipped";
  }
  // A scheduled attempt long after the window closed (the worker was away) is not sent: the event is stale.
  if (!job.manual && startedAt.getTime() > row.createdAt.getTime() + WEBHOOK_DELIVERY_WINDOW_MS + WINDOW_SLACK_MS) {
    return (await giveUp(deps.db, row.id, row.attempts, GAVE_UP_WINDOW)) ? "failed" : "skipped";
  }
  const claimed = await deps.db
    .updateTable("webhookDelivery")
    .set({ attempts: sql`attempts + 1`, ...(pending ? { nextAttemptAt: new Date(startedAt.getTime() + CLAIM_MS) } : {}) })
    .where("id", "=", row.id)
    .where("attempts", "=", row.attempts)
    .where("state", "=", row.state)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return "skipped";
  const made = row.attempts + 1;
  const sent = await send(deps, row, startedAt);
  const ok = sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300;
  const endedAt = now();
  // A test event is tried once: the person who sent it watches the log.
  const next = ok || !pending || row.eventType === WEBHOOK_PING_EVENT ? null : nextAttemptAt(row.createdAt, made, endedAt);
  const state = ok ? "delivered" : pending && !next ? "failed" : row.state;
  const applied = await retryTransaction(deps.db, async (trx) => {
    await trx
      .insertInto("webhookAttempt")
      .values({
        id: createId(),
        deliveryId: row.id,
        attemptedAt: startedAt,
        statusCode: sent.statusCode,
        error: sent.error,
        durationMs: sent.durationMs,
        manual: Boolean(job.manual),
        requestHeaders: JSON.stringify(sent.requestHeaders),
        responseHeaders: sent.responseHeaders ? JSON.stringify(sent.responseHeaders) : null,
        responseBody: sent.responseBody,
      })
      .execute();
    // Only while the row is as this attempt left it: 'send again' (or a scheduled attempt) that
    // claimed it since, or delivered it, is newer, and a late failure must not undo that. A
    // success counts whatever came since, unless the delivery is delivered already.
    let update = trx
      .updateTable("webhookDelivery")
      .set({
        state,
        nextAttemptAt: state === "pending" ? next : null,
        lastStatusCode: sent.statusCode,
        lastError: sent.error,
        ...(ok ? { deliveredAt: endedAt } : {}),
      })
      .where("id", "=", row.id)
      .where("state", "!=", "delivered");
    if (!ok) update = update.where("attempts", "=", made).where("state", "=", row.state);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
  // Another attempt owns the row now: this one is logged, and schedules nothing.
  if (!applied) return ok ? "delivered" : "attempted";
  if (state === "pending" && next) {
    await enqueue(deps.queue, DeliverWebhookJob, { deliveryId: row.id, attempt: made }, { delayMs: next.getTime() - endedAt.getTime() });
    return "retrying";
  }
  if (!pending && !ok) return "attempted";
  return state === "delivered" ? "delivered" : "failed";
}

const REQUEUE_BATCH = 500;

/**
 * The reconciler's step for webhooks (ADR 0047's pattern): every pending delivery that is due
 * since more than `graceMs` and has no live job (Redis lost it, or its enqueue failed) is
 * enqueued again for the attempt it waits for. Answers how many were enqueued.
 */
export async function requeueDueWebhooks(deps: { db: Database; queue: Queue }, options: { graceMs: number }): Promise<number> {
  const due = await deps.db
    .selectFrom("webhookDelivery")
    .select(["id", "attempts"])
    .where("state", "=", "pending")
    .where("nextAttemptAt", "<", sql<Date>`CURRENT_TIMESTAMP(3) - INTERVAL ${options.graceMs * 1000} MICROSECOND`)
    .orderBy("nextAttemptAt")
    .limit(REQUEUE_BATCH)
    .execute();
  let requeued = 0;
  for (const delivery of due) {
    if (await enqueueUnlessLive(deps.queue, DeliverWebhookJob, { deliveryId: delivery.id, attempt: delivery.attempts })) requeued++;
  }
  return requeued;
}
