import { randomBytes } from "node:crypto";
import { createId } from "@paralleldrive/cuid2";
import type { Database } from "#db/client";
import { DeliverWebhookJob } from "#app/jobs/webhooks";
import { enqueue, type JobQueue } from "#app/jobs/queues.server";
import type { PermissionSubject } from "#app/rules/permissions";
import { WEBHOOK_PING_EVENT } from "#app/rules/webhooks";
import { requireOwnAccount, WebhookNotFound } from "./endpoints.server.ts";

/*
 * 'Send test event' (issue 45): a `ping` to one endpoint of the user's own account, now, signed
 * like every event, so a developer can check their receiver and its signature check without
 * waiting for a render. It is a delivery like the others (the log shows it with its exchange), to
 * this endpoint only, with an id of its own per press, and tried once: a failed ping is failed at
 * once (the person testing presses again). The route limits presses per account, with 'send again'.
 */

export async function sendWebhookPing(
  deps: { db: Database; queue: JobQueue; limit?: () => Promise<void> },
  subject: PermissionSubject,
  endpointId: string,
  now = new Date(),
): Promise<string> {
  requireOwnAccount(subject);
  const endpoint = await deps.db
    .selectFrom("webhookEndpoint")
    .select("id")
    .where("id", "=", endpointId)
    .where("accountId", "=", subject.accountId)
    .executeTakeFirst();
  if (!endpoint) throw new WebhookNotFound(`webhook endpoint ${endpointId}`);
  await deps.limit?.();
  const eventId = `evt_${randomBytes(16).toString("hex")}`;
  const deliveryId = createId();
  await deps.db
    .insertInto("webhookDelivery")
    .values({
      id: deliveryId,
      endpointId: endpoint.id,
      accountId: subject.accountId,
      eventId,
      eventType: WEBHOOK_PING_EVENT,
      payload: JSON.stringify({
        id: eventId,
        type: WEBHOOK_PING_EVENT,
        createdAt: now.toISOString(),
        data: { endpointId: endpoint.id, message: "A test event sent from the studio: your endpoint receives and verifies events." },
      }),
      state: "pending",
      attempts: 0,
      // Due now: if the job is lost, the reconciler sends it.
      nextAttemptAt: now,
      createdAt: now,
    })
    .execute();
  await enqueue(deps.queue, DeliverWebhookJob, { deliveryId, attempt: 0 });
  return deliveryId;
}
