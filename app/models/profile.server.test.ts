import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { sendAuthMail } from "#app/auth/auth-mail.server";
import { createSession } from "#app/auth/session.server";
import { hashPassword, verifyPassword } from "#app/auth/password.server";
import { createDb } from "#db/client";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import {
  changePassword,
  isEmailTakenForChange,
  isLastUserOfAccount,
  listNotificationSettings,
  requestEmailChange,
  setNotification,
  updateNames,
} from "./profile.server.ts";
import { redeemAuthToken } from "./token-flows.server.ts";
import { readEmailJobVariables } from "#app/email/send-email.server";

const db = createDb(TEST_DATABASE_URL, { connectionLimit: 2 });
afterAll(() => db.destroy());

async function userRow(id: string) {
  return db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function liveSessionIds(userId: string) {
  const rows = await db.selectFrom("session").select("id").where("userId", "=", userId).where("revokedAt", "is", null).execute();
  return rows.map((row) => row.id);
}

/** A queue that only records what was added: the email_job row is what these tests read. */
function recordingQueue() {
  const added: unknown[] = [];
  return { added, queue: { add: async (_name: string, data: unknown) => void added.push(data) } };
}

describe("names and e-mail change", () => {
  test("updateNames writes only the given user", async () => {
    const me = await insertAccountWithUser(db, { user: { firstname: "Old", lastname: "Name" } });
    const other = await insertAccountWithUser(db, { user: { firstname: "Other", lastname: "User" } });
    await updateNames(db, me.userId, { firstname: "Johanna", lastname: "Schmitz" });
    expect(await userRow(me.userId)).toMatchObject({ firstname: "Johanna", lastname: "Schmitz" });
    expect(await userRow(other.userId)).toMatchObject({ firstname: "Other", lastname: "User" });
  });

  test("an address that is any user's e-mail or another user's requested e-mail is taken, in any case", async () => {
    const me = await insertAccountWithUser(db);
    const requested = `${createId()}@requested.test`;
    const other = await insertAccountWithUser(db, { user: { requestedEmail: requested } });
    const deleted = await insertAccountWithUser(db, { user: { deletedAt: new Date() } });
    expect(await isEmailTakenForChange(db, other.email, me.userId)).toBe(true);
    expect(await isEmailTakenForChange(db, other.email.toUpperCase(), me.userId)).toBe(true);
    expect(await isEmailTakenForChange(db, requested, me.userId)).toBe(true);
    // The unique index still holds a deleted user's address.
    expect(await isEmailTakenForChange(db, deleted.email, me.userId)).toBe(true);
    expect(await isEmailTakenForChange(db, `${createId()}@free.test`, me.userId)).toBe(false);
    // The requester's own pending address is not "taken": asking again sends a fresh link.
    expect(await isEmailTakenForChange(db, requested, other.userId)).toBe(false);
  });

  test("requestEmailChange stores the requested e-mail, refuses a taken one, and the link mailed to it completes the change", async () => {
    const me = await insertAccountWithUser(db, { user: { emailLanguage: "en", firstname: "Jo" } });
    const other = await insertAccountWithUser(db);
    expect(await requestEmailChange(db, me.userId, other.email)).toBe(false);
    expect((await userRow(me.userId)).requestedEmail).toBeNull();

    const newEmail = `${createId()}@new.test`;
    expect(await requestEmailChange(db, me.userId, newEmail)).toBe(true);
    const user = await userRow(me.userId);
    expect(user).toMatchObject({ email: me.email, requestedEmail: newEmail });

    const { queue, added } = recordingQueue();
    await sendAuthMail({ db, queue }, { user, authType: "email-reset", newEmail });
    expect(added).toHaveLength(1);
    const job = await db.selectFrom("emailJob").selectAll().where("userId", "=", me.userId).executeTakeFirstOrThrow();
    // To the NEW address, naming it, in the user's language.
    expect(job).toMatchObject({ recipientEmail: newEmail, type: "emailReset", language: "en" });
    const variables = (await readEmailJobVariables(db, job.id)) as { link: string; newEmail: string; firstName: string };
    expect(variables).toMatchObject({ newEmail, firstName: "Jo" });
    const token = variables.link.split("/auth/email-reset/with/")[1] ?? "";
    expect(await redeemAuthToken(db, "email-reset", token)).toMatchObject({ kind: "done", params: { email: newEmail } });
    expect(await userRow(me.userId)).toMatchObject({ email: newEmail, requestedEmail: null });
  });
});

describe("changePassword", () => {
  test("a wrong current password changes nothing", async () => {
    const passwordHash = await hashPassword("Alt&Passwort-2020");
    const me = await insertAccountWithUser(db, { user: { passwordHash } });
    const session = await createSession(db, { userId: me.userId, remember: true });
    const outcome = await changePassword(db, {
      userId: me.userId,
      currentPassword: "Falsch&Passwort-1",
      newPassword: "Mond&Segel77-Hafen",
      keepSessionId: session.id,
    });
    expect(outcome).toEqual({ ok: false, reason: "wrongCurrentPassword" });
    expect((await userRow(me.userId)).passwordHash).toBe(passwordHash);
  });

  test("a user without a password (try-it) cannot change one here", async () => {
    const me = await insertAccountWithUser(db);
    const session = await createSession(db, { userId: me.userId, remember: true });
    expect(
      await changePassword(db, { userId: me.userId, currentPassword: "", newPassword: "Mond&Segel77-Hafen", keepSessionId: session.id }),
    ).toEqual({ ok: false, reason: "wrongCurrentPassword" });
  });

  test("stores the new argon2id hash and ends every other session of the user, not this one", async () => {
    const me = await insertAccountWithUser(db, {
      user: { passwordHash: await hashPassword("Alt&Passwort-2020"), passwordRequested: true },
    });
    const colleague = await insertAccountWithUser(db);
    const current = await createSession(db, { userId: me.userId, remember: true });
    await createSession(db, { userId: me.userId, remember: false });
    const colleagueSession = await createSession(db, { userId: colleague.userId, remember: true });
    const outcome = await changePassword(db, {
      userId: me.userId,
      currentPassword: "Alt&Passwort-2020",
      newPassword: "Mond&Segel77-Hafen",
      keepSessionId: current.id,
    });
    expect(outcome).toEqual({ ok: true });
    const user = await userRow(me.userId);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword("Mond&Segel77-Hafen", user.passwordHash ?? "")).toBe(true);
    expect(user.passwordRequested).toBe(false);
    expect(await liveSessionIds(me.userId)).toEqual([current.id]);
    expect(await liveSessionIds(colleague.userId)).toEqual([colleagueSession.id]);
    const revoked = await db
      .selectFrom("session")
      .select("revokedReason")
      .where("userId", "=", me.userId)
      .where("revokedAt", "is not", null)
      .execute();
    expect(revoked).toEqual([{ revokedReason: "passwordChanged" }]);
  });
});

describe("notification settings", () => {
  async function withSettings(settings: Record<string, boolean>) {
    const me = await insertAccountWithUser(db);
    for (const [name, active] of Object.entries(settings)) {
      const config = await db.selectFrom("emailConfig").select("id").where("name", "=", name).executeTakeFirstOrThrow();
      await db.insertInto("userEmailConfig").values({ id: createId(), userId: me.userId, emailConfigId: config.id, active }).execute();
    }
    return me;
  }

  test("lists the user's own settings in a fixed order", async () => {
    const me = await withSettings({ channelPublicationReady: true, epaperReady: false });
    await withSettings({ zipReady: false });
    expect(await listNotificationSettings(db, me.userId)).toEqual([
      { name: "epaperReady", active: false },
      { name: "channelPublicationReady", active: true },
    ]);
  });

  test("switches one setting of one user; an unchanged value is fine; a setting the user lacks is refused", async () => {
    const me = await withSettings({ epaperReady: true, zipReady: true, channelPublicationReady: true });
    const other = await withSettings({ zipReady: true });
    expect(await setNotification(db, me.userId, "zipReady", false)).toBe(true);
    expect(await setNotification(db, me.userId, "zipReady", false)).toBe(true);
    expect(await listNotificationSettings(db, me.userId)).toEqual([
      { name: "epaperReady", active: true },
      { name: "zipReady", active: false },
      { name: "channelPublicationReady", active: true },
    ]);
    expect(await listNotificationSettings(db, other.userId)).toEqual([{ name: "zipReady", active: true }]);
    expect(await setNotification(db, other.userId, "epaperReady", false)).toBe(false);
    expect(await listNotificationSettings(db, other.userId)).toEqual([{ name: "zipReady", active: true }]);
  });
});

describe("isLastUserOfAccount", () => {
  test("counts the other live users of the user's own account", async () => {
    const me = await insertAccountWithUser(db);
    const user = { id: me.userId, baseAccountId: me.accountId };
    expect(await isLastUserOfAccount(db, user)).toBe(true);
    const colleagueId = createId();
    await db
      .insertInto("user")
      .values({ id: colleagueId, accountId: me.accountId, baseAccountId: me.accountId, email: `${colleagueId}@fixture.test` })
      .execute();
    expect(await isLastUserOfAccount(db, user)).toBe(false);
    await db.updateTable("user").set({ deletedAt: new Date() }).where("id", "=", colleagueId).execute();
    expect(await isLastUserOfAccount(db, user)).toBe(true);
  });
});
