import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import { AppError, Forbidden } from "#app/errors/app-error";
import type { PermissionLevel } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { generatedAccountRemoveAt } from "../generated-account.server.ts";
import { listAccountAudit, type SupportActor } from "./support-audit.server.ts";
import { renewGeneratedAccountAsSupport } from "./support-try-it.server.ts";

// Support renews a try-it account's storage time (studio-admin.md §7 renew-generated-account;
// issue 30) against real MariaDB and Redis: the account and its ePapers are kept longer, the audit
// trail says so, a registered account is refused with its own message, and the hierarchy of the
// other support writes holds (issue 27).

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

async function staff(level: PermissionLevel): Promise<SupportActor> {
  const user = await insertUserWithLevel(db, level);
  const subject = permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId, permissions: [level] });
  return { subject, email: user.email };
}

/** A try-it account (its user holds `level`, level 2 as /try-it makes it) whose storage time ends in a day, with one ePaper. */
async function tryItAccount(options: { level?: PermissionLevel; isProtected?: boolean } = {}) {
  const removeAt = new Date(Date.now() + DAY);
  const user = await insertUserWithLevel(db, options.level ?? "2", {
    account: { isGenerated: true, isTemporary: true, removeAt, isProtected: options.isProtected ?? false },
    user: { isGenerated: true, isTemporary: true },
  });
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId: user.accountId, name: "Try-out", languageCode: "en", removeAt, fromTemporaryAccount: true })
    .execute();
  return { ...user, epaperId, removeAt };
}

async function storedRemoveAt(accountId: string, epaperId: string) {
  const account = await db.selectFrom("account").select("removeAt").where("id", "=", accountId).executeTakeFirstOrThrow();
  const epaper = await db.selectFrom("epaper").select("removeAt").where("id", "=", epaperId).executeTakeFirstOrThrow();
  return { account: account.removeAt, epaper: epaper.removeAt };
}

test("support renews a try-it account: its storage time and its ePapers' start again from now, and the audit trail records it", async () => {
  const actor = await staff("3");
  const target = await tryItAccount();
  const now = new Date();

  const renewed = await renewGeneratedAccountAsSupport(deps(), actor, target.accountId, now);

  expect(renewed).toEqual(generatedAccountRemoveAt(now));
  expect(await storedRemoveAt(target.accountId, target.epaperId)).toEqual({ account: renewed, epaper: renewed });
  const [entry] = await listAccountAudit(db, actor.subject, target.accountId);
  expect(entry).toMatchObject({
    actorEmail: actor.email,
    targetType: "account",
    targetId: target.accountId,
    action: "renewGeneratedAccount",
  });
  expect(JSON.parse(entry?.before ?? "{}")).toEqual({ removeAt: target.removeAt.toISOString() });
  expect(JSON.parse(entry?.after ?? "{}")).toEqual({ removeAt: renewed.toISOString() });
});

test("a registered account has no storage time to renew: 422 with its own message, nothing changes, nothing is recorded", async () => {
  const actor = await staff("4");
  const registered = await insertUserWithLevel(db, "2");
  const error = await renewGeneratedAccountAsSupport(deps(), actor, registered.accountId).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 422, messageKey: "support.errors.notGenerated" });
  const account = await db.selectFrom("account").select("removeAt").where("id", "=", registered.accountId).executeTakeFirstOrThrow();
  expect(account.removeAt).toBeNull();
  expect(await listAccountAudit(db, actor.subject, registered.accountId)).toEqual([]);
});

test("the hierarchy of the support writes: nobody renews an account above their level, or a protected one below level 4", async () => {
  const supporter = await staff("3");
  const admin = await staff("4");
  for (const target of [await tryItAccount({ level: "4" }), await tryItAccount({ isProtected: true })]) {
    const error = await renewGeneratedAccountAsSupport(deps(), supporter, target.accountId).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Forbidden);
    expect(error).toMatchObject({ reason: "higherLevel" });
    expect(await storedRemoveAt(target.accountId, target.epaperId)).toEqual({ account: target.removeAt, epaper: target.removeAt });
    // Level 4 may.
    const renewed = await renewGeneratedAccountAsSupport(deps(), admin, target.accountId);
    expect(renewed.getTime()).toBeGreaterThan(target.removeAt.getTime());
  }
});

test("below level 3 the action is refused before any lookup; an unknown or deleted account is 'not found'", async () => {
  const target = await tryItAccount();
  const customer = await staff("2");
  await expect(renewGeneratedAccountAsSupport(deps(), customer, target.accountId)).rejects.toBeInstanceOf(Forbidden);
  expect(await storedRemoveAt(target.accountId, target.epaperId)).toEqual({ account: target.removeAt, epaper: target.removeAt });

  const actor = await staff("3");
  await expect(renewGeneratedAccountAsSupport(deps(), actor, createId())).rejects.toMatchObject({
    status: 404,
    messageKey: "support.errors.notFound",
  });
  await db.updateTable("account").set({ deletedAt: new Date() }).where("id", "=", target.accountId).execute();
  await expect(renewGeneratedAccountAsSupport(deps(), actor, target.accountId)).rejects.toMatchObject({ status: 404 });
});
