import type { Database } from "#db/client";

/** Deliveries that ended (delivered or failed) stay in the log this long, then go. */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 24 * 3600_000;
const BATCH = 1000;

/**
 * The maintenance purge's step for webhooks (ADR 0058): deliveries that are no longer pending
 * and older than 30 days are deleted, their attempts with them (webhook_attempt's foreign key
 * cascades). A pending delivery stays whatever its age: its attempts decide its end. Deletes in
 * batches so no statement holds many locks; answers how many deliveries went.
 */
export async function purgeOldWebhookDeliveries(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS);
  let purged = 0;
  for (;;) {
    const result = await db
      .deleteFrom("webhookDelivery")
      .where("state", "in", ["delivered", "failed"])
      .where("createdAt", "<", before)
      .limit(BATCH)
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    purged += deleted;
    if (deleted < BATCH) return purged;
  }
}
