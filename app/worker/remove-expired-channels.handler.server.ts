import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import { claimChannelRemoval, finishChannelRemoval } from "#app/models/channel-removal.server";
import { cronjobsActive } from "#app/preferences/system-preference.server";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";

export type RemoveExpiredChannelsDeps = { db: Database; blobs: BlobStore; redis: Redis };
export type RemoveExpiredChannelsResult = { skipped: true } | { skipped: false; removed: number };

const BATCH_SIZE = 100;

/**
 * A channel whose removeAt has passed is removed: the row is soft-deleted (support keeps its
 * history) and forgets its ePaper and revision, so its address answers 'not available' at once;
 * then its files (`channels/<id>/`, every revision a crash may have left) go. A channel still
 * publishing waits for the next run. Only while the Cronjob preference lets clean-ups run.
 */
export async function removeExpiredChannels(deps: RemoveExpiredChannelsDeps, now = new Date()): Promise<RemoveExpiredChannelsResult> {
  if (!(await cronjobsActive(deps.db))) return { skipped: true };
  const channels = await deps.db
    .selectFrom("channel")
    .select(["id", "accountId", "name"])
    .where("removeAt", "<=", now)
    .where("deletedAt", "is", null)
    .where("processRunning", "=", false)
    .orderBy("removeAt")
    .limit(BATCH_SIZE)
    .execute();
  let removed = 0;
  for (const channel of channels) {
    // The claim and its webhook deliveries commit together (ADR 0058).
    const claimed = await retryTransaction(deps.db, (trx) => claimChannelRemoval(trx, channel.id, now));
    if (!claimed) continue;
    await finishChannelRemoval(deps, channel, claimed.webhooks);
    removed++;
  }
  return { skipped: false, removed };
}
