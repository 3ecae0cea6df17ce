import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Forbidden } from "#app/errors/app-error";
import { accountChannel } from "#app/events/catalogue";
import { listLicenceHistory, listShopChannels } from "#app/models/licence-history.server";
import type { ShopEvent } from "#app/rules/shop";
import { db } from "#app/utils/db.server";
import { completedOrder } from "#server/sandbox-shop/sandbox-shop";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { beginCheckout, shopOffers } from "#app/shop/checkout.server";
import { readOrderReference, signOrderReference, signShopCall } from "#app/shop/shop-signature.server";
import { receiveShopCall } from "#app/shop/shop-webhook.server";

// The shop integration on the server (issue 13; ADR 0040), against real MariaDB and Redis: the
// checkout address with its signed reference and 'order initiated' entry, and the webhook —
// signature (401), payload (400), idempotent replays, zip contingent, channels with their
// subscriptions, cancellation setting the removal date, renewal taking it back.

// Only publishes real-time events (pub/sub is not per database): the suite's own Redis serves.
const redisUrl = TEST_REDIS_URL;
const SECRET = "fake-shop-webhook-secret-0123456789abcdef";
const SESSION_SECRET = "test-session-secret-for-shop-0123456789";
let redis: Redis;
let subscriber: Redis;
const heard: { channel: string; type: string }[] = [];

beforeAll(async () => {
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  // Ready before it subscribes (see app/worker/remove-expired-channels.handler.server.test.ts).
  subscriber = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  await subscriber.connect();
  subscriber.on("message", (channel, message) => heard.push({ channel, type: (JSON.parse(message) as { type: string }).type }));
});
afterAll(async () => {
  subscriber.disconnect();
  redis.disconnect();
  await db.destroy();
});

const deps = () => ({ db, redis, sessionSecret: SESSION_SECRET, webhookSecret: SECRET });
const call = (event: ShopEvent | string, options: { signature?: string | null; secret?: string; now?: Date } = {}) => {
  const rawBody = typeof event === "string" ? event : JSON.stringify(event);
  const signature = options.signature === undefined ? signShopCall(options.secret ?? SECRET, rawBody, options.now) : options.signature;
  return receiveShopCall(deps(), { rawBody, signature });
};

async function customer(account: { zipContingent?: number } = {}) {
  const user = await insertUserWithLevel(db, "2", { account });
  await subscriber.subscribe(accountChannel(user.accountId));
  const subject = permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId });
  return { ...user, subject };
}
const referenceFor = (user: { accountId: string; userId: string }, orderType: "epaper" | "channel", orderCode: string) =>
  signOrderReference(SESSION_SECRET, {
    accountId: user.accountId,
    userId: user.userId,
    orderType,
    orderCode,
    epaperId: null,
    locale: "de",
  });
const accountOf = (id: string) =>
  db.selectFrom("account").select(["zipContingent", "channelContingent", "customerId"]).where("id", "=", id).executeTakeFirstOrThrow();
const historyOf = (accountId: string) =>
  db
    .selectFrom("licenceHistory")
    .select(["action", "trigger", "quantity"])
    .where("accountId", "=", accountId)
    .orderBy("createdAt")
    .execute();

test("the checkout address carries a reference only this studio can sign, and the order is written as initiated", async () => {
  const user = await customer();
  const config = { shopUrl: "https://shop.example.org", publicUrl: "https://studio.example.org", sessionSecret: SESSION_SECRET };
  const { offers, contingent } = await shopOffers(db, user.subject, "epaper");
  expect(offers.map((offer) => offer.code)).toEqual(["zip-1", "zip-5", "zip-10"]);
  expect(contingent).toBe(0);
  const address = new URL(
    await beginCheckout({ db, config }, user.subject, { orderType: "epaper", orderCode: "zip-5", epaperId: "not-mine", locale: "en" }),
  );
  expect(`${address.origin}${address.pathname}`).toBe("https://shop.example.org/checkout");
  expect(address.searchParams.get("code")).toBe("zip-5");
  expect(address.searchParams.get("return")).toBe("https://studio.example.org/shop/epaper?ordered=1");
  expect(readOrderReference(SESSION_SECRET, address.searchParams.get("reference") ?? "")).toEqual({
    accountId: user.accountId,
    userId: user.userId,
    orderType: "epaper",
    orderCode: "zip-5",
    epaperId: null,
    locale: "en",
  });
  expect(readOrderReference("another-studio-secret-0123456789abcdef", address.searchParams.get("reference") ?? "")).toBeNull();
  expect(await historyOf(user.accountId)).toEqual([{ action: "licence_order_init", trigger: "system", quantity: 1 }]);

  const input = { orderType: "epaper" as const, orderCode: "zip-5", epaperId: null, locale: "en" };
  await expect(beginCheckout({ db, config: { ...config, shopUrl: undefined } }, user.subject, input)).rejects.toMatchObject({
    messageKey: "shop.errors.noShop",
  });
  await expect(beginCheckout({ db, config }, user.subject, { ...input, orderCode: "zip-999" })).rejects.toMatchObject({
    messageKey: "shop.errors.unknownOffer",
  });
  await expect(beginCheckout({ db, config }, { ...user.subject, permissions: ["1"] }, input)).rejects.toBeInstanceOf(Forbidden);
  await expect(shopOffers(db, { ...user.subject, permissions: ["1"] }, "channel")).rejects.toBeInstanceOf(Forbidden);
});

test("a call without a valid, recent signature of its exact body is refused with 401 and changes nothing", async () => {
  const user = await customer({ zipContingent: 2 });
  const event = completedOrder({ reference: referenceFor(user, "epaper", "zip-5"), code: "zip-5", type: "epaper", email: user.email });
  const body = JSON.stringify(event);
  expect((await call(event, { signature: null })).status).toBe(401);
  expect((await call(event, { secret: "a-different-secret-0123456789abcdefgh" })).status).toBe(401);
  expect((await call(event, { now: new Date(Date.now() - 10 * 60_000) })).status).toBe(401);
  expect((await call(event, { signature: "t=1,v1=abc" })).status).toBe(401);
  const tampered = body.replace('"quantity":5', '"quantity":500');
  expect((await receiveShopCall(deps(), { rawBody: tampered, signature: signShopCall(SECRET, body) })).status).toBe(401);
  expect((await call("{not json")).status).toBe(400);
  expect((await call({ ...event, type: "order.refunded" } as unknown as ShopEvent)).status).toBe(400);
  expect((await accountOf(user.accountId)).zipContingent).toBe(2);
});

test("a completed zip order raises the contingent once, however often the shop repeats it", async () => {
  const user = await customer({ zipContingent: 2 });
  const event = completedOrder({ reference: referenceFor(user, "epaper", "zip-5"), code: "zip-5", type: "epaper", email: user.email });
  expect(await call(event)).toEqual({ status: 200, body: { received: true, replayed: false } });
  expect(await call(event)).toEqual({ status: 200, body: { received: true, replayed: true } });
  const account = await accountOf(user.accountId);
  expect(account.zipContingent).toBe(7);
  expect(account.customerId).toMatch(/^cus_/);
  expect(await historyOf(user.accountId)).toEqual([
    { action: "licence_order_start", trigger: "shop", quantity: 5 },
    { action: "licence_increment", trigger: "shop", quantity: 5 },
  ]);
  await expect
    // Pub/sub delivery waits for the event loop; on a loaded machine 1 s (the default) is too short.
    .poll(() => heard.filter((entry) => entry.channel === accountChannel(user.accountId)).map((entry) => entry.type), { timeout: 10_000 })
    .toEqual(["zipContingentIncremented"]);
  // The dialog hides the shop's order steps until asked (studio-admin.md §9).
  const hidden = await listLicenceHistory(db, user.subject, { page: 1, showShopActions: false });
  expect(hidden.rows.map((row) => row.action)).toEqual(["licence_increment"]);
  const shown = await listLicenceHistory(db, user.subject, { page: 1, showShopActions: true });
  expect(shown.rows.map((row) => row.action).sort()).toEqual(["licence_increment", "licence_order_start"]);
  expect(shown.rows[0]?.orderCode).toBe("zip-5");
  // Another account's history is not there.
  const other = await customer();
  expect((await listLicenceHistory(db, other.subject, { page: 1, showShopActions: true })).rows).toEqual([]);

  const unlimited = await customer({ zipContingent: -1 });
  await call(
    completedOrder({ reference: referenceFor(unlimited, "epaper", "zip-1"), code: "zip-1", type: "epaper", email: unlimited.email }),
  );
  expect((await accountOf(unlimited.accountId)).zipContingent).toBe(-1);
});

test("a reference the studio did not sign books nothing", async () => {
  const user = await customer();
  const forged = signOrderReference("another-studio-secret-0123456789abcdef", {
    accountId: user.accountId,
    userId: user.userId,
    orderType: "epaper",
    orderCode: "zip-10",
    epaperId: null,
    locale: "de",
  });
  const result = await call(completedOrder({ reference: forged, code: "zip-10", type: "epaper", email: user.email }));
  expect(result.status).toBe(400);
  expect((await accountOf(user.accountId)).zipContingent).toBe(0);
  expect(await historyOf(user.accountId)).toEqual([]);
});

test("a channel order books one channel per subscription; a cancellation sets its removal date, a renewal takes it back", async () => {
  const user = await customer();
  const event = completedOrder({
    reference: referenceFor(user, "channel", "channel-3"),
    code: "channel-3",
    type: "channel",
    email: user.email,
  });
  expect((await call(event)).status).toBe(200);
  expect((await call(event)).body.replayed).toBe(true);
  const channels = await db
    .selectFrom("channel")
    .innerJoin("shopChannelSubscription", "shopChannelSubscription.channelId", "channel.id")
    .select(["channel.id", "channel.name", "channel.removeAt", "shopChannelSubscription.subscriptionId"])
    .where("channel.accountId", "=", user.accountId)
    .orderBy("channel.name")
    .execute();
  expect(channels.map((channel) => channel.name)).toEqual(["Kanal 1", "Kanal 2", "Kanal 3"]);
  expect(channels.every((channel) => channel.removeAt === null)).toBe(true);
  expect((await accountOf(user.accountId)).channelContingent).toBe(3);
  expect(await listShopChannels(db, user.subject)).toHaveLength(3);

  const first = channels[0];
  if (!first) throw new Error("no channel");
  const termEnd = "2027-12-31T00:00:00.000Z";
  const cancelled: ShopEvent = {
    id: `evt_cancel_${first.id}`,
    type: "subscription.cancelled",
    data: { subscriptionId: first.subscriptionId, currentTermEndsAt: termEnd },
  };
  expect((await call(cancelled)).status).toBe(200);
  // The shop sends the cancellation again under a new id: still one cancellation.
  expect((await call({ ...cancelled, id: `${cancelled.id}-again` })).status).toBe(200);
  const after = await db.selectFrom("channel").select("removeAt").where("id", "=", first.id).executeTakeFirstOrThrow();
  expect(after.removeAt?.toISOString()).toBe(termEnd);
  expect((await accountOf(user.accountId)).channelContingent).toBe(2);
  const rows = await listShopChannels(db, user.subject);
  expect(rows.find((row) => row.subscriptionId === first.subscriptionId)).toMatchObject({
    removeAt: termEnd,
    cancelledAt: expect.any(String),
  });
  expect((await historyOf(user.accountId)).map((row) => row.action)).toEqual([
    "licence_order_start",
    "licence_increment",
    "licence_order_end",
    "licence_decrement",
  ]);

  const renewed: ShopEvent = {
    id: `evt_renew_${first.id}`,
    type: "subscription.renewed",
    data: { subscriptionId: first.subscriptionId, currentTermEndsAt: "2028-12-31T00:00:00.000Z" },
  };
  expect((await call(renewed)).status).toBe(200);
  expect((await db.selectFrom("channel").select("removeAt").where("id", "=", first.id).executeTakeFirstOrThrow()).removeAt).toBeNull();
  expect((await accountOf(user.accountId)).channelContingent).toBe(3);

  // A subscription the studio never booked is refused (the shop alerts on it).
  expect((await call({ ...renewed, id: "evt_unknown", data: { ...renewed.data, subscriptionId: "sub_unknown" } })).status).toBe(404);
  // A channel order whose subscriptions do not match its quantity books nothing.
  const broken = completedOrder({
    reference: referenceFor(user, "channel", "channel-3"),
    code: "channel-3",
    type: "channel",
    email: user.email,
  });
  if (broken.type !== "order.completed") throw new Error("not an order");
  expect((await call({ ...broken, data: { ...broken.data, subscriptions: broken.data.subscriptions.slice(1) } })).status).toBe(400);
  expect((await accountOf(user.accountId)).channelContingent).toBe(3);
});
