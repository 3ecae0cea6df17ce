import { createId } from "@paralleldrive/cuid2";
import { AppError } from "#app/errors/app-error";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { ORDER_CODE_KEY, ORDER_CODE_TEXT, type OrderType } from "#app/rules/shop";
import type { OrderCodeRow, ShopDebugView } from "#app/rules/support-rows";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { isDuplicateKeyError } from "../account-creation.server.ts";
import { SupportTargetNotFound } from "./support-errors.server.ts";
import { recordSupportAction, type SupportActor } from "./support-audit.server.ts";

/*
 * The shop tab of the support area (studio-admin.md §2 'editable order codes grouped by type';
 * issue 14): the offers the shop page shows (ADR 0040). Support edits their texts, adds a code the
 * shop sells and removes one it no longer does.
 */

export async function listOrderCodes(db: Database, subject: PermissionSubject): Promise<OrderCodeRow[]> {
  requirePermission(subject, "support");
  return db.selectFrom("shopOrderCode").select(["id", "type", "codeKey", "text"]).orderBy("type", "desc").orderBy("codeKey").execute();
}

function checkedText(raw: string) {
  const text = raw.trim();
  if (text.length < ORDER_CODE_TEXT.min || text.length > ORDER_CODE_TEXT.max)
    throw new AppError("support.errors.orderCodeText", { status: 422 });
  return text;
}

export async function updateOrderCodeText(db: Database, actor: SupportActor, id: string, raw: string) {
  requirePermission(actor.subject, "support");
  const text = checkedText(raw);
  const before = await db.selectFrom("shopOrderCode").select(["codeKey", "text"]).where("id", "=", id).executeTakeFirst();
  if (!before) throw new SupportTargetNotFound("order code");
  await retryTransaction(db, async (trx) => {
    await trx.updateTable("shopOrderCode").set({ text }).where("id", "=", id).execute();
    await recordSupportAction(trx, actor, {
      accountId: null,
      targetType: "shopOrderCode",
      targetId: id,
      action: "update",
      before,
      after: { codeKey: before.codeKey, text },
    });
  });
}

export async function addOrderCode(db: Database, actor: SupportActor, type: OrderType, rawKey: string, rawText: string) {
  requirePermission(actor.subject, "support");
  const codeKey = rawKey.trim();
  if (!ORDER_CODE_KEY.test(codeKey)) throw new AppError("support.errors.orderCodeKey", { status: 422 });
  const text = checkedText(rawText);
  const id = createId();
  try {
    await retryTransaction(db, async (trx) => {
      await trx.insertInto("shopOrderCode").values({ id, type, codeKey, text }).execute();
      await recordSupportAction(trx, actor, {
        accountId: null,
        targetType: "shopOrderCode",
        targetId: id,
        action: "create",
        after: { type, codeKey, text },
      });
    });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new AppError("support.errors.orderCodeTaken", { status: 409 });
    throw error;
  }
}

export async function deleteOrderCode(db: Database, actor: SupportActor, id: string) {
  requirePermission(actor.subject, "support");
  const before = await db.selectFrom("shopOrderCode").select(["type", "codeKey", "text"]).where("id", "=", id).executeTakeFirst();
  if (!before) throw new SupportTargetNotFound("order code");
  await retryTransaction(db, async (trx) => {
    await trx.deleteFrom("shopOrderCode").where("id", "=", id).execute();
    await recordSupportAction(trx, actor, { accountId: null, targetType: "shopOrderCode", targetId: id, action: "delete", before });
  });
}

/** Rows of each list the shop debug shows. */
const SHOP_DEBUG_ROWS = 25;

/**
 * The shop debug (§2, §7 'shop-debug: find with query'): the latest webhook events and channel
 * subscriptions, or those of the id searched for (account, subscription, channel or event id;
 * exact matches, so every lookup uses an index).
 */
export async function shopDebug(db: Database, subject: PermissionSubject, rawSearch: string): Promise<ShopDebugView> {
  requirePermission(subject, "support");
  const search = rawSearch.trim().slice(0, 128);
  const [events, subscriptions] = await Promise.all([
    db
      .selectFrom("shopWebhookEvent")
      .leftJoin("account", "account.id", "shopWebhookEvent.accountId")
      .select([
        "shopWebhookEvent.eventId",
        "shopWebhookEvent.type",
        "shopWebhookEvent.accountId",
        "account.name as accountName",
        "shopWebhookEvent.receivedAt",
      ])
      .$if(search !== "", (query) =>
        query.where((eb) => eb.or([eb("shopWebhookEvent.accountId", "=", search), eb("shopWebhookEvent.eventId", "=", search)])),
      )
      .orderBy("shopWebhookEvent.receivedAt", "desc")
      .limit(SHOP_DEBUG_ROWS)
      .execute(),
    db
      .selectFrom("shopChannelSubscription as subscription")
      .innerJoin("account", "account.id", "subscription.accountId")
      .leftJoin("channel", "channel.id", "subscription.channelId")
      .select([
        "subscription.subscriptionId",
        "subscription.accountId",
        "account.name as accountName",
        "subscription.channelId",
        "channel.name as channelName",
        "subscription.currentTermEndsAt",
        "subscription.cancelledAt",
        "subscription.rejected",
        "subscription.rejectedReason",
        "subscription.createdAt",
      ])
      .$if(search !== "", (query) =>
        query.where((eb) =>
          eb.or([
            eb("subscription.accountId", "=", search),
            eb("subscription.subscriptionId", "=", search),
            eb("subscription.channelId", "=", search),
          ]),
        ),
      )
      .orderBy("subscription.createdAt", "desc")
      .limit(SHOP_DEBUG_ROWS)
      .execute(),
  ]);
  return { search, events, subscriptions: subscriptions.map((row) => ({ ...row, rejected: Boolean(row.rejected) })) };
}
