import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import { publishToAccount } from "#app/events/publish.server";
import type { Database } from "#db/client";
import { recordWebhookEvent } from "#app/webhooks/record.server";

/**
 * Removing a channel, in two steps: `claimChannelRemoval` soft-deletes the row in the caller's
 * transaction and makes it forget its ePaper, so its address answers 'not available' at once;
 * after the commit `finishChannelRemoval` deletes its files (`channels/<id>/`, every revision a
 * crash may have left) and tells the account. Shared by support's delete and the removal job
 * (remove-expired-channels). A channel whose process runs is not claimed (false). A removal that
 * stopped between the steps (`files_pending_removal` still set) is finished by the worker's
 * reconciler (docs/decisions/0047-redis-loss-reconciler.md).
 */
export async function claimChannelRemoval(trx: Database, channelId: string, now = new Date()): Promise<boolean> {
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
  return Number(result.numUpdatedRows) > 0;
}

export async function finishChannelRemoval(
  deps: { db: Database; blobs: BlobStore; redis: Redis },
  channel: { id: string; accountId: string; name: string },
) {
  await deps.blobs.deletePrefix(`channels/${channel.id}/`);
  await deps.db.updateTable("channel").set({ filesPendingRemoval: false }).where("id", "=", channel.id).execute();
  await publishToAccount(deps.redis, channel.accountId, { type: "channelRemoved", channelId: channel.id, name: channel.name });
  await recordWebhookEvent(deps, channel.accountId, { type: "channel.removed", channelId: channel.id, name: channel.name });
}
