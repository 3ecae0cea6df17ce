import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DemoError, Forbidden, UserNotConfirmed } from "#app/errors/app-error";
import type { PermissionLevel, PermissionSubject } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import type { Account, User } from "#db/schema.gen";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { listShopChannels } from "./licence-history.server.ts";
import { listMoveTargets, moveShopSubscription } from "./shop-channels.server.ts";

// Moving a channel subscription to another channel of the account (studio-admin.md §7
// shop-channel update; issue 30; ADR 0040) against real MariaDB and Redis: the subscription pays
// for the target, the two channels swap their removal dates, every lookup is scoped to the
// caller's account, and each bad input has its own translated refusal.

const DAY = 24 * 60 * 60_000;
let redis: Redis;
beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  redis.disconnect();
  await db.destroy();
});
const deps = () => ({ db, redis });

type OwnerOptions = { user?: Partial<Insertable<User>>; account?: Partial<Insertable<Account>>; subject?: Partial<PermissionSubject> };

async function owner(level: PermissionLevel = "2", extra: OwnerOptions = {}) {
  const user = await insertUserWithLevel(db, level, { user: extra.user, account: extra.account });
  const subject = permissionSubject({
    id: user.userId,
    accountId: user.accountId,
    baseAccountId: user.accountId,
    permissions: [level],
    ...extra.subject,
  });
  return { ...user, subject };
}

async function channel(accountId: string, values: { removeAt?: Date | null; isDemo?: boolean } = {}) {
  const id = createId();
  const name = `Channel ${id.slice(0, 6)}`;
  await db
    .insertInto("channel")
    .values({ id, accountId, name, shortPath: createId().slice(0, 10), ...values })
    .execute();
  return { id, name };
}

/** A subscription the shop booked for `channelId` (null: its channel was removed). */
async function subscription(
  accountId: string,
  channelId: string | null,
  values: { cancelledAt?: Date; currentTermEndsAt?: Date; rejected?: boolean } = {},
) {
  const subscriptionId = `sub_${createId()}`;
  await db
    .insertInto("shopChannelSubscription")
    .values({ id: createId(), accountId, channelId, subscriptionId, currentTermEndsAt: new Date(Date.now() + 300 * DAY), ...values })
    .execute();
  return subscriptionId;
}

async function stored(subscriptionId: string, ...channelIds: string[]) {
  const row = await db
    .selectFrom("shopChannelSubscription")
    .select("channelId")
    .where("subscriptionId", "=", subscriptionId)
    .executeTakeFirstOrThrow();
  const channels = await db.selectFrom("channel").select(["id", "removeAt"]).where("id", "in", channelIds).execute();
  return { channelId: row.channelId, removeAt: Object.fromEntries(channels.map((c) => [c.id, c.removeAt])) };
}

describe("moving a subscription", () => {
  test("a running subscription moves to a channel without one: the target is kept, the channel it leaves takes the target's removal date", async () => {
    const user = await owner();
    const paid = await channel(user.accountId);
    const laterRemoved = new Date(Date.now() + 10 * DAY);
    const free = await channel(user.accountId, { removeAt: laterRemoved });
    const subscriptionId = await subscription(user.accountId, paid.id);
    expect((await listMoveTargets(db, user.subject)).map((target) => target.id)).toEqual([free.id]);

    expect(await moveShopSubscription(deps(), user.subject, { subscriptionId, channelId: free.id })).toEqual({ channelName: free.name });

    expect(await stored(subscriptionId, paid.id, free.id)).toEqual({
      channelId: free.id,
      removeAt: { [free.id]: null, [paid.id]: laterRemoved },
    });
    const [row] = await listShopChannels(db, user.subject);
    expect(row).toMatchObject({ subscriptionId, channelId: free.id, channelName: free.name });
    expect(await listMoveTargets(db, user.subject)).toEqual([{ id: paid.id, name: paid.name, removeAt: laterRemoved.toISOString() }]);
  });

  test("a cancelled subscription takes its term's end along; a target without a removal date leaves none on the source", async () => {
    const user = await owner();
    const termEnds = new Date(Date.now() + 20 * DAY);
    const leaving = await channel(user.accountId, { removeAt: termEnds });
    const target = await channel(user.accountId);
    const subscriptionId = await subscription(user.accountId, leaving.id, { cancelledAt: new Date(), currentTermEndsAt: termEnds });
    await moveShopSubscription(deps(), user.subject, { subscriptionId, channelId: target.id });
    expect(await stored(subscriptionId, leaving.id, target.id)).toEqual({
      channelId: target.id,
      removeAt: { [target.id]: termEnds, [leaving.id]: null },
    });
  });

  test("a subscription whose channel was removed pays for a channel again", async () => {
    const user = await owner();
    const target = await channel(user.accountId, { removeAt: new Date(Date.now() + DAY) });
    const subscriptionId = await subscription(user.accountId, null);
    await moveShopSubscription(deps(), user.subject, { subscriptionId, channelId: target.id });
    expect(await stored(subscriptionId, target.id)).toEqual({ channelId: target.id, removeAt: { [target.id]: null } });
  });

  test("two moves to one channel at once: one wins, the other hears that the channel has a subscription", async () => {
    const user = await owner();
    const target = await channel(user.accountId);
    const first = await subscription(user.accountId, (await channel(user.accountId)).id);
    const second = await subscription(user.accountId, (await channel(user.accountId)).id);
    const results = await Promise.allSettled([
      moveShopSubscription(deps(), user.subject, { subscriptionId: first, channelId: target.id }),
      moveShopSubscription(deps(), user.subject, { subscriptionId: second, channelId: target.id }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.reason).toMatchObject({ status: 409, messageKey: "shopChannels.errors.targetSubscribed" });
  });
});

describe("refusals", () => {
  test("every bad input has its own message, and nothing changes", async () => {
    const user = await owner();
    const paid = await channel(user.accountId);
    const other = await channel(user.accountId);
    const subscriptionId = await subscription(user.accountId, paid.id);
    const move = (input: { subscriptionId: string; channelId: string }, subject = user.subject) =>
      moveShopSubscription(deps(), subject, input);

    await expect(move({ subscriptionId, channelId: "" })).rejects.toMatchObject({
      status: 400,
      messageKey: "shopChannels.errors.noChannel",
    });
    await expect(move({ subscriptionId: "sub_unknown", channelId: other.id })).rejects.toMatchObject({
      status: 404,
      messageKey: "shopChannels.errors.notFound",
    });
    await expect(move({ subscriptionId, channelId: createId() })).rejects.toMatchObject({ status: 404 });
    await expect(move({ subscriptionId, channelId: paid.id })).rejects.toMatchObject({
      status: 422,
      messageKey: "shopChannels.errors.sameChannel",
    });
    const subscribed = await channel(user.accountId);
    await subscription(user.accountId, subscribed.id);
    await expect(move({ subscriptionId, channelId: subscribed.id })).rejects.toMatchObject({
      status: 409,
      messageKey: "shopChannels.errors.targetSubscribed",
    });
    const rejected = await subscription(user.accountId, null, { rejected: true });
    await expect(move({ subscriptionId: rejected, channelId: other.id })).rejects.toMatchObject({
      status: 422,
      messageKey: "shopChannels.errors.rejected",
    });
    // Demo channels are demo content: moving onto one needs demoManagement.
    const demo = await channel(user.accountId, { isDemo: true });
    await expect(move({ subscriptionId, channelId: demo.id })).rejects.toBeInstanceOf(DemoError);
    expect((await listMoveTargets(db, user.subject)).map((target) => target.id)).not.toContain(demo.id);
    expect(await stored(subscriptionId, paid.id, other.id)).toEqual({
      channelId: paid.id,
      removeAt: { [paid.id]: null, [other.id]: null },
    });
  });

  test("another account's subscription or channel is 'not found', in both directions", async () => {
    const user = await owner();
    const stranger = await owner();
    const own = await channel(user.accountId);
    const ownSubscriptionId = await subscription(user.accountId, (await channel(user.accountId)).id);
    const foreign = await channel(stranger.accountId);
    const foreignSubscriptionId = await subscription(stranger.accountId, (await channel(stranger.accountId)).id);
    const notFound = { status: 404, messageKey: "shopChannels.errors.notFound" };
    await expect(
      moveShopSubscription(deps(), user.subject, { subscriptionId: foreignSubscriptionId, channelId: own.id }),
    ).rejects.toMatchObject(notFound);
    await expect(
      moveShopSubscription(deps(), user.subject, { subscriptionId: ownSubscriptionId, channelId: foreign.id }),
    ).rejects.toMatchObject(notFound);
    expect((await stored(foreignSubscriptionId, foreign.id)).channelId).not.toBe(own.id);
    expect((await stored(ownSubscriptionId, own.id)).channelId).not.toBe(foreign.id);
    expect((await listMoveTargets(db, user.subject)).map((target) => target.id)).toEqual([own.id]);
  });

  test("only those who manage channels may: not editors, try-it users, or before the e-mail is confirmed", async () => {
    const editor = await owner("1");
    const generated = await owner("2", {
      user: { isGenerated: true, isTemporary: true },
      account: { isGenerated: true, isTemporary: true },
      subject: { isGenerated: true, isTemporary: true },
    });
    const unconfirmed = await owner("2", { user: { isTemporary: true }, subject: { isTemporary: true } });
    for (const caller of [editor, generated, unconfirmed]) {
      const target = await channel(caller.accountId);
      const subscriptionId = await subscription(caller.accountId, (await channel(caller.accountId)).id);
      const error = await moveShopSubscription(deps(), caller.subject, { subscriptionId, channelId: target.id }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(caller === unconfirmed ? UserNotConfirmed : Forbidden);
      expect((await stored(subscriptionId, target.id)).channelId).not.toBe(target.id);
    }
  });
});
