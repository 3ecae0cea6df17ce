import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import { publishToAccount } from "#app/events/publish.server";
import type { Database } from "#db/client";
import { enqueueWebhookDeliveries, recordWebhookDeliveries } from "#app/webhooks/record.server";

/**
 * Removing a channel, in two steps: `claimChannelRemoval` soft-deletes the row in the caller's
 * transaction and makes it forget its ePaper, so its address answers 'not available' at once;
 * after the commit `finishChannelRemoval` deletes its files (`channels/<id>/`, every revision a
 * crash may have left) and tells the account. Shared by support's delete and the removal job
 * (remove-expired-channels). A channel whose process runs is not claimed (null). The claim also
 * records the `channel.removed` webhook in the same transaction (ADR 0058); pass its deliveries
 * to `finishChannelRemoval`, which enqueues them. A removal that stopped between the steps
 * (`files_pending_removal` still set) is finished by the worker's reconciler
 * (docs/decisions/0047-redis-loss-reconciler.md), and its deliveries are sent by its sweep.
 */
export async function claimChannelRemoval(trx: Database, channelId: string, now = new Date()): Promise<{ webhooks: string[] } | null> {
  const result = await trx
    .updateTable("channel")
    .set({
      deletedAt: now,
      epaperId: null,
      blobPrefix: null,
      contentName: null,
      contentCoverBlobKey: null,
      subdomainId: null,
      // Until finishChannelRemoval: a crash between the two steps leaves this for the reconciler.
      filesPendingRemoval: true,
    })
    .where("id", "=", channelId)
    .where("deletedAt", "is", null)
    .where("processRunning", "=", false)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  const channel = await trx.selectFrom("channel").select(["accountId", "name"]).where("id", "=", channelId).executeTakeFirstOrThrow();
  const webhooks = await recordWebhookDeliveries(trx, channel.accountId, { type: "channel.removed", channelId, name: channel.name }, now);
  return { webhooks };
}

export async function finishChannelRemoval(
  deps: { db: Database; blobs: BlobStore; redis: Redis },
  channel: { id: string; accountId: string; name: string },
  /** The claim's webhook deliveries (none when the reconciler finishes a removal: its sweep sends them). */
  webhooks: readonly string[] = [],
) {
  await enqueueWebhookDeliveries(deps, webhooks);
  await deps.blobs.deletePrefix(`channels/${channel.id}/`);
  await deps.db.updateTable("channel").set({ filesPendingRemoval: false }).where("id", "=", channel.id).execute();
  await publishToAccount(deps.redis, channel.accountId, { type: "channelRemoved", channelId: channel.id, name: channel.name });
}
