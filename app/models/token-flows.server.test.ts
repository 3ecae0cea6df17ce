import { insertAccountWithUser } from "#tests/support/fixtures";
import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { issueToken } from "#app/auth/one-time-token.server";
import { createSession } from "#app/auth/session.server";
import { createDb } from "#db/client";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { redeemAuthToken, redeemDeactivateEmailToken } from "./token-flows.server.ts";

const db = createDb(TEST_DATABASE_URL, { connectionLimit: 2 });
afterAll(() => db.destroy());

async function userRow(id: string) {
  return db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function liveSessions(userId: string) {
  const rows = await db.selectFrom("session").select("id").where("userId", "=", userId).where("revokedAt", "is", null).execute();
  return rows.length;
}

describe("redeemAuthToken", () => {
  test("signup confirms user and account, logs in to the start route, and works once", async () => {
    const { userId, accountId } = await insertAccountWithUser(db, {
      account: { isTemporary: true },
      user: { isTemporary: true, emailTokenUsed: true },
    });
    const { token } = await issueToken(db, { userId, purpose: "signup" });
    expect(await redeemAuthToken(db, "signup", token)).toEqual({ kind: "login", userId, next: "start", confirmed: true });
    expect(await userRow(userId)).toMatchObject({ isTemporary: false, emailTokenUsed: false });
    const account = await db.selectFrom("account").selectAll().where("id", "=", accountId).executeTakeFirstOrThrow();
    expect(account.isTemporary).toBe(false);
    expect(await redeemAuthToken(db, "signup", token)).toEqual({ kind: "failed", reason: "used" });
  });

  test("a token of another flow, an expired one and garbage are refused without changes", async () => {
    const { userId } = await insertAccountWithUser(db, { user: { isTemporary: true } });
    const { token } = await issueToken(db, { userId, purpose: "password-reset" });
    expect(await redeemAuthToken(db, "signup", token)).toEqual({ kind: "failed", reason: "invalid" });
    expect((await userRow(userId)).isTemporary).toBe(true);
    const old = await issueToken(db, { userId, purpose: "delete-user", now: new Date(Date.now() - 48 * 3600_000) });
    expect(await redeemAuthToken(db, "delete-user", old.token)).toEqual({ kind: "failed", reason: "expired" });
    expect(await redeemAuthToken(db, "signup", "not-a-token")).toEqual({ kind: "failed", reason: "invalid" });
  });

  test("password-reset and generated-user-signup open a token session that leads to /password", async () => {
    const reset = await insertAccountWithUser(db);
    const resetToken = await issueToken(db, { userId: reset.userId, purpose: "password-reset" });
    expect(await redeemAuthToken(db, "password-reset", resetToken.token)).toMatchObject({ kind: "login", next: "password" });
    expect(await userRow(reset.userId)).toMatchObject({ emailTokenUsed: true, passwordRequested: false });

    const generated = await insertAccountWithUser(db, { account: { isTemporary: true }, user: { isTemporary: true } });
    const generatedToken = await issueToken(db, { userId: generated.userId, purpose: "generated-user-signup" });
    expect(await redeemAuthToken(db, "generated-user-signup", generatedToken.token)).toMatchObject({ kind: "login", next: "password" });
    expect(await userRow(generated.userId)).toMatchObject({ emailTokenUsed: true, passwordRequested: true, isTemporary: false });
  });

  test("email-reset makes the requested address the e-mail and ends every session", async () => {
    const newEmail = `${createId()}@changed.test`;
    const { userId } = await insertAccountWithUser(db, { user: { requestedEmail: newEmail } });
    await createSession(db, { userId, remember: true });
    const { token } = await issueToken(db, { userId, purpose: "email-reset" });
    expect(await redeemAuthToken(db, "email-reset", token)).toEqual({
      kind: "done",
      messageKey: "emailChanged",
      params: { email: newEmail },
      sessionsEnded: { userId },
    });
    expect(await userRow(userId)).toMatchObject({ email: newEmail, requestedEmail: null });
    expect(await liveSessions(userId)).toBe(0);
  });

  test("email-reset without a requested address is unprocessable and leaves the link usable", async () => {
    const { userId } = await insertAccountWithUser(db);
    const { token } = await issueToken(db, { userId, purpose: "email-reset" });
    expect(await redeemAuthToken(db, "email-reset", token)).toEqual({ kind: "failed", reason: "unprocessable" });
    const row = await db.selectFrom("oneTimeToken").select("usedAt").where("userId", "=", userId).executeTakeFirstOrThrow();
    expect(row.usedAt).toBeNull();
  });

  test("delete-user refuses the last user of an account and deletes any other", async () => {
    const { userId, accountId } = await insertAccountWithUser(db);
    const last = await issueToken(db, { userId, purpose: "delete-user" });
    expect(await redeemAuthToken(db, "delete-user", last.token)).toEqual({ kind: "failed", reason: "lastUser" });
    const colleague = createId();
    await db
      .insertInto("user")
      .values({ id: colleague, accountId, baseAccountId: accountId, email: `${colleague}@fixture.test` })
      .execute();
    await createSession(db, { userId: colleague, remember: false });
    const { token } = await issueToken(db, { userId: colleague, purpose: "delete-user" });
    expect(await redeemAuthToken(db, "delete-user", token)).toMatchObject({ kind: "done", messageKey: "userDeleted" });
    expect((await userRow(colleague)).deletedAt).toBeInstanceOf(Date);
    expect(await liveSessions(colleague)).toBe(0);
    // The refused link of the last user is still usable (its use was rolled back).
    expect(await redeemAuthToken(db, "delete-user", last.token)).toEqual({ kind: "failed", reason: "lastUser" });
  });

  test("delete-account is refused while a channel subscription runs, then soft-deletes the account", async () => {
    const { userId, accountId } = await insertAccountWithUser(db);
    const channelId = createId();
    await db
      .insertInto("channel")
      .values({ id: channelId, accountId, name: "Kanal", shortPath: `c-${channelId}` })
      .execute();
    const { token } = await issueToken(db, { userId, purpose: "delete-account" });
    expect(await redeemAuthToken(db, "delete-account", token)).toEqual({ kind: "failed", reason: "activeShopSubscriptions" });
    await db
      .updateTable("channel")
      .set({ removeAt: new Date(Date.now() - 1000) })
      .where("id", "=", channelId)
      .execute();
    expect(await redeemAuthToken(db, "delete-account", token)).toMatchObject({
      kind: "done",
      messageKey: "accountDeleted",
      sessionsEnded: { accountId },
    });
    const account = await db.selectFrom("account").selectAll().where("id", "=", accountId).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ softDeletedBy: userId, isActive: false });
    expect(account.deletedAt).toBeInstanceOf(Date);
  });
});

describe("redeemDeactivateEmailToken", () => {
  test("switches that one notification off, once", async () => {
    const { userId } = await insertAccountWithUser(db);
    const { token } = await issueToken(db, { userId, purpose: "deactivate-email:zipReady" });
    expect(await redeemDeactivateEmailToken(db, "zipReady", token)).toEqual({ ok: true, userId });
    const settings = await db
      .selectFrom("userEmailConfig")
      .innerJoin("emailConfig", "emailConfig.id", "userEmailConfig.emailConfigId")
      .select(["emailConfig.name", "userEmailConfig.active"])
      .where("userId", "=", userId)
      .execute();
    expect(settings).toEqual([{ name: "zipReady", active: false }]);
    expect(await redeemDeactivateEmailToken(db, "zipReady", token)).toEqual({ ok: false, reason: "used" });
    expect(await redeemDeactivateEmailToken(db, "epaperReady", token)).toEqual({ ok: false, reason: "invalid" });
  });
});
