import { createId } from "@paralleldrive/cuid2";
import { AppError } from "#app/errors/app-error";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import type { OrderType } from "#app/rules/shop";
import type { Database } from "#db/client";
import { signOrderReference } from "./shop-signature.server.ts";

/**
 * The studio's side of buying (studio-admin.md §2 shop button, §7 shop-url; ADR 0040): the offers
 * of an order type come from the order codes support edits (shop_order_code); a checkout is an
 * address on the shop carrying a reference the studio signed (account, user, order code), and it
 * is written to the contingent history as 'order initiated'.
 */

export type ShopConfig = { shopUrl: string | undefined; publicUrl: string; sessionSecret: string };

export type ShopOffer = { code: string; text: string };

/** The shop page: the offers of an order type and the contingent they raise (-1: unlimited). */
export async function shopOffers(
  db: Database,
  subject: PermissionSubject,
  orderType: OrderType,
): Promise<{ offers: ShopOffer[]; contingent: number }> {
  requirePermission(subject, "payment");
  const rows = await offersOf(db, orderType);
  const account = await db
    .selectFrom("account")
    .select(["zipContingent", "channelContingent"])
    .where("id", "=", subject.accountId)
    .executeTakeFirstOrThrow();
  return {
    offers: rows.map((row) => ({ code: row.codeKey, text: row.text })),
    contingent: orderType === "epaper" ? account.zipContingent : account.channelContingent,
  };
}

/** The offers of an order type by the number in their code, smallest first (zip-1, zip-5, zip-10; issue 46), not as text (zip-1, zip-10, zip-5). */
async function offersOf(db: Database, orderType: OrderType) {
  const rows = await db.selectFrom("shopOrderCode").select(["codeKey", "text"]).where("type", "=", orderType).execute();
  return rows.sort((a, b) => a.codeKey.localeCompare(b.codeKey, "en", { numeric: true }));
}

/**
 * What the zip dialog of an account without packages lists (issue 46: what they cost and give,
 * before the shop): the offers' texts. Only for those who may pay; the caller checks.
 */
export async function zipOfferTexts(db: Database): Promise<string[]> {
  return (await offersOf(db, "epaper")).map((row) => row.text);
}

export async function beginCheckout(
  deps: { db: Database; config: ShopConfig },
  subject: PermissionSubject,
  input: { orderType: OrderType; orderCode: string; epaperId: string | null; locale: string },
): Promise<string> {
  requirePermission(subject, "payment");
  const { shopUrl, publicUrl, sessionSecret } = deps.config;
  if (!shopUrl) throw new AppError("shop.errors.noShop", { status: 409 });
  const offer = await deps.db
    .selectFrom("shopOrderCode")
    .select("codeKey")
    .where("type", "=", input.orderType)
    .where("codeKey", "=", input.orderCode)
    .executeTakeFirst();
  if (!offer) throw new AppError("shop.errors.unknownOffer", { status: 400 });
  const user = await deps.db
    .selectFrom("user")
    .innerJoin("account", "account.id", "user.accountId")
    .select(["user.email", "user.firstname", "user.lastname", "account.customerId"])
    .where("user.id", "=", subject.id)
    .where("account.id", "=", subject.accountId)
    .executeTakeFirstOrThrow();
  // An ePaper named by the zip dialog's 'to order' is only kept when it is the account's own.
  const epaper = input.epaperId
    ? await deps.db
        .selectFrom("epaper")
        .select("id")
        .where("id", "=", input.epaperId)
        .where("accountId", "=", subject.accountId)
        .where("deletedAt", "is", null)
        .executeTakeFirst()
    : undefined;
  const reference = signOrderReference(sessionSecret, {
    accountId: subject.accountId,
    userId: subject.id,
    orderType: input.orderType,
    orderCode: input.orderCode,
    epaperId: epaper?.id ?? null,
    locale: input.locale,
  });
  await deps.db
    .insertInto("licenceHistory")
    .values({
      id: createId(),
      accountId: subject.accountId,
      userId: subject.id,
      epaperId: epaper?.id ?? null,
      action: "licence_order_init",
      trigger: "system",
      quantity: 1,
      details: JSON.stringify({ orderType: input.orderType, orderCode: input.orderCode }),
    })
    .execute();
  const address = new URL(`${shopUrl}/checkout`);
  address.searchParams.set("type", input.orderType);
  address.searchParams.set("code", input.orderCode);
  address.searchParams.set("reference", reference);
  address.searchParams.set("locale", input.locale);
  address.searchParams.set("email", user.email);
  if (user.customerId) address.searchParams.set("customer", user.customerId);
  address.searchParams.set("return", `${publicUrl}/shop/${input.orderType}?ordered=1`);
  return address.toString();
}
