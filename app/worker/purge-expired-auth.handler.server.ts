import type { Database } from "#db/client";
import { cronjobsActive } from "#app/preferences/system-preference.server";
import { purgeExpiredIdempotencyKeys } from "#app/models/api-idempotency.server";
import { purgeOldWebhookDeliveries } from "#app/webhooks/purge.server";

/**
 * Deletes sessions past their expiry, one-time tokens that expired or were used a day ago, and
 * the public API's idempotency keys older than a day, and webhook deliveries that ended 30 days ago.
 * Idempotent: running it twice deletes nothing the second time.
 */
export async function purgeExpiredAuth(db: Database, now = new Date()) {
  if (!(await cronjobsActive(db))) return { skipped: true as const };
  const sessions = await db.deleteFrom("session").where("expiresAt", "<", now).executeTakeFirst();
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  const tokens = await db
    .deleteFrom("oneTimeToken")
    .where((eb) => eb.or([eb("expiresAt", "<", now), eb("usedAt", "<", dayAgo)]))
    .executeTakeFirst();
  const idempotencyKeys = await purgeExpiredIdempotencyKeys(db, now);
  const webhookDeliveries = await purgeOldWebhookDeliveries(db, now);
  return {
    skipped: false as const,
    sessions: Number(sessions.numDeletedRows),
    tokens: Number(tokens.numDeletedRows),
    idempotencyKeys,
    webhookDeliveries,
  };
}
