import { createId } from "@paralleldrive/cuid2";
import { AppError } from "#app/errors/app-error";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { ORDER_CODE_KEY, ORDER_CODE_TEXT, type OrderType } from "#app/rules/shop";
import type { OrderCodeRow } from "#app/rules/support-rows";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { isDuplicateKeyError } from "../account-creation.server.ts";
import { SupportTargetNotFound } from "./support-accounts.server.ts";
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
