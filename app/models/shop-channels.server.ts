import type { Redis } from "ioredis";
import { AppError } from "#app/errors/app-error";
import { publishToAccount } from "#app/events/publish.server";
import { can, type PermissionSubject, requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import type { ShopMoveTarget } from "#app/rules/shop";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { isDuplicateKeyError } from "./account-creation.server.ts";

/*
 * shop-channel update (studio-admin.md §7 'update by channel id with subscriptionId'; issue 30,
 * ADR 0040 addendum): the owner moves a channel subscription booked in the shop to another
 * channel of the same account, e.g. to keep a support-added channel's address, or to give a
 * subscription whose channel was removed a channel again. The subscription pays for one channel,
 * and the move keeps it so: the two channels swap their removal dates. The target takes the
 * subscription's (none while it runs, its term's end once cancelled); the channel it leaves takes
 * the date the target had (none when the target had none). Every lookup is scoped to the
 * caller's account: another account's subscription or channel is 'not found'.
 */

export type ShopChannelDeps = { db: Database; redis: Redis };

const targetSubscribed = () => new AppError("shopChannels.errors.targetSubscribed", { status: 409 });
const notFound = (what: string) =>
  new AppError("shopChannels.errors.notFound", { status: 404, detail: `shop channel move: no such ${what}` });

/** The channels a subscription can move to: the account's live channels without a subscription (demo ones for demo managers). */
export async function listMoveTargets(db: Database, subject: PermissionSubject): Promise<ShopMoveTarget[]> {
  requirePermission(subject, "channelMenu");
  let query = db
    .selectFrom("channel")
    .leftJoin("shopChannelSubscription", "shopChannelSubscription.channelId", "channel.id")
    .select(["channel.id", "channel.name", "channel.removeAt"])
    .where("channel.accountId", "=", subject.accountId)
    .where("channel.deletedAt", "is", null)
    .where("shopChannelSubscription.id", "is", null);
  if (!can(subject, "demoManagement")) query = query.where("channel.isDemo", "=", false);
  const rows = await query.orderBy("channel.name").orderBy("channel.id").limit(500).execute();
  return rows.map((row) => ({ id: row.id, name: row.name, removeAt: row.removeAt ? row.removeAt.toISOString() : null }));
}

/**
 * Moves the subscription `subscriptionId` (the shop's id) to the channel `channelId`. Refuses an
 * empty choice (400), another account's or an unknown subscription or channel (404), the channel
 * it already pays for and a rejected subscription (422), a channel that has a subscription of
 * its own (409), demo channels without demoManagement (DemoError).
 */
export async function moveShopSubscription(
  deps: ShopChannelDeps,
  subject: PermissionSubject,
  input: { subscriptionId: string; channelId: string },
): Promise<{ channelName: string }> {
  requirePermission(subject, "channelMenu");
  if (!input.channelId) throw new AppError("shopChannels.errors.noChannel", { status: 400 });
  const moved = await retryTransaction(deps.db, async (trx) => {
    // The target first: two moves to one channel wait for each other here, so the second sees the first's subscription.
    const target = await trx
      .selectFrom("channel")
      .select(["id", "name", "removeAt", "isDemo"])
      .where("id", "=", input.channelId)
      .where("accountId", "=", subject.accountId)
      .where("deletedAt", "is", null)
      .forUpdate()
      .executeTakeFirst();
    const subscription = await trx
      .selectFrom("shopChannelSubscription")
      .select(["id", "channelId", "cancelledAt", "currentTermEndsAt", "rejected"])
      .where("subscriptionId", "=", input.subscriptionId)
      .where("accountId", "=", subject.accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!subscription) throw notFound("subscription");
    if (!target) throw notFound("channel");
    if (subscription.channelId === target.id) throw new AppError("shopChannels.errors.sameChannel", { status: 422 });
    if (subscription.rejected) throw new AppError("shopChannels.errors.rejected", { status: 422 });
    const source = subscription.channelId
      ? await trx
          .selectFrom("channel")
          .select(["id", "isDemo"])
          .where("id", "=", subscription.channelId)
          .where("deletedAt", "is", null)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    requireWriteAllowed(subject, { resource: "channel", targetIsDemo: target.isDemo || Boolean(source?.isDemo) });
    const taken = await trx
      .selectFrom("shopChannelSubscription")
      .select("id")
      .where("channelId", "=", target.id)
      .forUpdate()
      .executeTakeFirst();
    if (taken) throw targetSubscribed();

    try {
      await trx.updateTable("shopChannelSubscription").set({ channelId: target.id }).where("id", "=", subscription.id).execute();
    } catch (error) {
      // The unique key on channel_id: a booking that gave the channel a subscription meanwhile.
      if (isDuplicateKeyError(error)) throw targetSubscribed();
      throw error;
    }
    // A running subscription keeps its channel without a removal date; a cancelled one until its term ends.
    const paidUntil = subscription.cancelledAt ? subscription.currentTermEndsAt : null;
    await trx.updateTable("channel").set({ removeAt: paidUntil }).where("id", "=", target.id).execute();
    if (source) await trx.updateTable("channel").set({ removeAt: target.removeAt }).where("id", "=", source.id).execute();
    return { channelName: target.name };
  });
  // The account's channel screens show the new removal dates.
  await publishToAccount(deps.redis, subject.accountId, { type: "accountDataChanged" });
  return moved;
}
