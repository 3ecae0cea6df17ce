import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import { AppError } from "#app/errors/app-error";
import type { StudioEvent } from "#app/events/catalogue";
import { publishToAccount } from "#app/events/publish.server";
import { newShortPath } from "#app/publish/channel-publish.server";
import { ZodError } from "zod";
import { bookedChannelName, type ShopEvent, ShopEventSchema } from "#app/rules/shop";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { readOrderReference, verifyShopCall } from "./shop-signature.server.ts";

/**
 * Applies one verified shop event (ADR 0040): a completed order raises the zip contingent or
 * books channels (one per subscription), a renewal moves the term's end, a cancellation sets the
 * channel's removal date to the end of its term. Each event is applied at most once: its id is
 * written in the same transaction as its effects, and a replay answers 'already applied'. The
 * account's browsers learn about it in real time and re-authenticate.
 */

export class ShopEventRejected extends AppError {
  constructor(detail: string, status = 422) {
    super("errors.unexpected", { status, detail, toastType: null });
  }
}

type Applied = { accountId: string; events: StudioEvent[] };

export type ShopCallDeps = { db: Database; redis: Redis; sessionSecret: string; webhookSecret: string };

/**
 * One call of the shop's server: 401 for a missing, wrong or stale signature, 400 for a body that
 * is no event, the refusal's status for an event that cannot apply (unknown subscription, a
 * reference this studio did not sign), 200 for an applied event and for a replay of one.
 */
export async function receiveShopCall(
  deps: ShopCallDeps,
  call: { rawBody: string; signature: string | null },
  now = new Date(),
): Promise<{ status: number; body: Record<string, unknown> }> {
  if (!verifyShopCall(deps.webhookSecret, call.rawBody, call.signature, now)) return { status: 401, body: { error: "invalid signature" } };
  let event: ShopEvent;
  try {
    event = ShopEventSchema.parse(JSON.parse(call.rawBody));
  } catch (error) {
    const detail =
      error instanceof ZodError ? error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ") : "not JSON";
    return { status: 400, body: { error: `invalid event: ${detail}` } };
  }
  try {
    const { replayed } = await applyShopEvent(deps, event, now);
    return { status: 200, body: { received: true, replayed } };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.warn(`[shop webhook] event ${event.id} refused: ${error.message}`);
    return { status: error.status, body: { error: error.message } };
  }
}

export async function applyShopEvent(
  deps: { db: Database; redis: Redis; sessionSecret: string },
  event: ShopEvent,
  now = new Date(),
): Promise<{ replayed: boolean }> {
  const applied = await retryTransaction(deps.db, async (trx): Promise<Applied | null> => {
    const owner = await accountOfEvent(trx, deps.sessionSecret, event);
    const inserted = await trx
      .insertInto("shopWebhookEvent")
      .ignore()
      .values({ eventId: event.id, type: event.type, accountId: owner })
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return null;
    switch (event.type) {
      case "order.completed":
        return completeOrder(trx, deps.sessionSecret, event);
      case "subscription.renewed":
        return renewSubscription(trx, event);
      case "subscription.cancelled":
        return cancelSubscription(trx, event, now);
    }
  });
  if (!applied) return { replayed: true };
  for (const studioEvent of applied.events) await publishToAccount(deps.redis, applied.accountId, studioEvent);
  return { replayed: false };
}

async function accountOfEvent(trx: Database, sessionSecret: string, event: ShopEvent): Promise<string> {
  if (event.type === "order.completed") {
    const reference = readOrderReference(sessionSecret, event.data.reference);
    if (!reference) throw new ShopEventRejected("order reference not signed by this studio", 400);
    return reference.accountId;
  }
  const subscription = await trx
    .selectFrom("shopChannelSubscription")
    .select("accountId")
    .where("subscriptionId", "=", event.data.subscriptionId)
    .executeTakeFirst();
  if (!subscription) throw new ShopEventRejected(`unknown subscription ${event.data.subscriptionId}`, 404);
  return subscription.accountId;
}

async function completeOrder(
  trx: Database,
  sessionSecret: string,
  event: Extract<ShopEvent, { type: "order.completed" }>,
): Promise<Applied> {
  const reference = readOrderReference(sessionSecret, event.data.reference);
  if (!reference) throw new ShopEventRejected("order reference not signed by this studio", 400);
  const account = await trx
    .selectFrom("account")
    .select(["id", "zipContingent", "channelContingent", "customerId"])
    .where("id", "=", reference.accountId)
    .where("deletedAt", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!account) throw new ShopEventRejected(`account ${reference.accountId} no longer exists`, 404);
  const { quantity, subscriptions, orderId, orderCode, customerId } = event.data;
  if (reference.orderType === "channel" && subscriptions.length !== quantity)
    throw new ShopEventRejected(`a channel order of ${quantity} needs ${quantity} subscriptions, got ${subscriptions.length}`, 400);
  const user = await trx.selectFrom("user").select("id").where("id", "=", reference.userId).executeTakeFirst();
  const history = {
    accountId: account.id,
    userId: user?.id ?? null,
    epaperId: null,
    trigger: "shop" as const,
    quantity,
    details: JSON.stringify({ orderId, orderCode, orderType: reference.orderType }),
  };
  // The order comes before what it books, a millisecond apart: rows of the same instant had no
  // order of their own, so the history showed the two either way round.
  const at = new Date();
  await trx
    .insertInto("licenceHistory")
    .values([
      { ...history, id: createId(), action: "licence_order_start", createdAt: at },
      { ...history, id: createId(), action: "licence_increment", createdAt: new Date(at.getTime() + 1) },
    ])
    .execute();
  // The shop's customer number joins the account on its first order (a number another account holds stays there).
  if (!account.customerId) {
    const taken = await trx.selectFrom("account").select("id").where("customerId", "=", customerId).executeTakeFirst();
    if (!taken) await trx.updateTable("account").set({ customerId }).where("id", "=", account.id).execute();
  }
  if (reference.orderType === "epaper") {
    // -1 is unlimited and stays so.
    const zipContingent = account.zipContingent === -1 ? -1 : account.zipContingent + quantity;
    await trx.updateTable("account").set({ zipContingent }).where("id", "=", account.id).execute();
    return { accountId: account.id, events: [{ type: "zipContingentIncremented", zipContingent }] };
  }
  const { count } = await trx
    .selectFrom("channel")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("accountId", "=", account.id)
    .executeTakeFirstOrThrow();
  const events: StudioEvent[] = [];
  let number = Number(count);
  for (const subscription of subscriptions) {
    const known = await trx
      .selectFrom("shopChannelSubscription")
      .select("id")
      .where("subscriptionId", "=", subscription.id)
      .executeTakeFirst();
    if (known) throw new ShopEventRejected(`subscription ${subscription.id} was booked before`, 409);
    const channelId = createId();
    number += 1;
    const name = bookedChannelName(reference.locale, number);
    await trx.insertInto("channel").values({ id: channelId, accountId: account.id, name, shortPath: newShortPath() }).execute();
    await trx
      .insertInto("shopChannelSubscription")
      .values({
        id: createId(),
        accountId: account.id,
        channelId,
        subscriptionId: subscription.id,
        currentTermEndsAt: new Date(subscription.currentTermEndsAt),
      })
      .execute();
    events.push({ type: "channelProcess", channelId, process: "create", state: "finished", name });
  }
  await trx
    .updateTable("account")
    .set({ channelContingent: account.channelContingent + quantity })
    .where("id", "=", account.id)
    .execute();
  return { accountId: account.id, events: [...events, { type: "accountDataChanged" }] };
}

async function subscriptionOf(trx: Database, subscriptionId: string) {
  return trx
    .selectFrom("shopChannelSubscription")
    .select(["id", "accountId", "channelId", "cancelledAt"])
    .where("subscriptionId", "=", subscriptionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

async function renewSubscription(trx: Database, event: Extract<ShopEvent, { type: "subscription.renewed" }>): Promise<Applied> {
  const subscription = await subscriptionOf(trx, event.data.subscriptionId);
  const currentTermEndsAt = new Date(event.data.currentTermEndsAt);
  await trx
    .updateTable("shopChannelSubscription")
    .set({ currentTermEndsAt, cancelledAt: null })
    .where("id", "=", subscription.id)
    .execute();
  // A subscription taken up again before its end keeps its channel: no removal date any more.
  if (subscription.cancelledAt && subscription.channelId) {
    await trx.updateTable("channel").set({ removeAt: null }).where("id", "=", subscription.channelId).execute();
    await changeChannelContingent(trx, subscription.accountId, +1);
  }
  return { accountId: subscription.accountId, events: [{ type: "accountDataChanged" }] };
}

async function cancelSubscription(
  trx: Database,
  event: Extract<ShopEvent, { type: "subscription.cancelled" }>,
  now: Date,
): Promise<Applied> {
  const subscription = await subscriptionOf(trx, event.data.subscriptionId);
  if (subscription.cancelledAt) return { accountId: subscription.accountId, events: [] };
  const currentTermEndsAt = new Date(event.data.currentTermEndsAt);
  await trx.updateTable("shopChannelSubscription").set({ currentTermEndsAt, cancelledAt: now }).where("id", "=", subscription.id).execute();
  // The channel stays online until the paid term ends; the removal job takes it then.
  if (subscription.channelId)
    await trx.updateTable("channel").set({ removeAt: currentTermEndsAt }).where("id", "=", subscription.channelId).execute();
  // The order's end before what it takes back, a millisecond apart (as for an order's start).
  const at = new Date();
  await trx
    .insertInto("licenceHistory")
    .values([
      {
        id: createId(),
        accountId: subscription.accountId,
        action: "licence_order_end",
        trigger: "shop",
        quantity: 1,
        details: JSON.stringify({ subscriptionId: event.data.subscriptionId, currentTermEndsAt: event.data.currentTermEndsAt }),
        createdAt: at,
      },
      {
        id: createId(),
        accountId: subscription.accountId,
        action: "licence_decrement",
        trigger: "shop",
        quantity: 1,
        details: JSON.stringify({ subscriptionId: event.data.subscriptionId }),
        createdAt: new Date(at.getTime() + 1),
      },
    ])
    .execute();
  await changeChannelContingent(trx, subscription.accountId, -1);
  return { accountId: subscription.accountId, events: [{ type: "accountDataChanged" }] };
}

async function changeChannelContingent(trx: Database, accountId: string, by: number) {
  const account = await trx
    .selectFrom("account")
    .select("channelContingent")
    .where("id", "=", accountId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("account")
    .set({ channelContingent: Math.max(0, account.channelContingent + by) })
    .where("id", "=", accountId)
    .execute();
}
