import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { sendAuthMail } from "#app/auth/auth-mail.server";
import type { StudioUser } from "#app/auth/studio-user.server";
import type { PermissionKey } from "#app/rules/permissions";
import { createDb } from "#db/client";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { deleteAccountState, findAccountName, hasActiveChannelSubscriptions, renameAccount } from "./account-settings.server.ts";
import { redeemAuthToken } from "./token-flows.server.ts";
import { readEmailJobVariables } from "#app/email/send-email.server";

const db = createDb(TEST_DATABASE_URL, { connectionLimit: 2 });
afterAll(() => db.destroy());

const DAY = 86_400_000;

async function addChannel(accountId: string, values: { removeAt?: Date | null; deletedAt?: Date | null } = {}) {
  const id = createId();
  await db
    .insertInto("channel")
    .values({ id, accountId, name: "Kanal", shortPath: id, ...values })
    .execute();
}

function studioUser(user: { accountId: string; baseAccountId: string; accountName: string }, keys: PermissionKey[]) {
  return { user, permissions: new Set(keys) } as unknown as Pick<StudioUser, "user" | "permissions">;
}

describe("renameAccount", () => {
  test("renames the given account only, never a deleted one", async () => {
    const mine = await insertAccountWithUser(db, { account: { name: "Alt GmbH" } });
    const other = await insertAccountWithUser(db, { account: { name: "Andere GmbH" } });
    await renameAccount(db, mine.accountId, "Neu GmbH");
    expect(await findAccountName(db, mine.accountId)).toBe("Neu GmbH");
    expect(await findAccountName(db, other.accountId)).toBe("Andere GmbH");
    await db.updateTable("account").set({ deletedAt: new Date() }).where("id", "=", other.accountId).execute();
    await renameAccount(db, other.accountId, "Gelöscht");
    const row = await db.selectFrom("account").select("name").where("id", "=", other.accountId).executeTakeFirstOrThrow();
    expect(row.name).toBe("Andere GmbH");
    expect(await findAccountName(db, other.accountId)).toBeNull();
  });
});

describe("hasActiveChannelSubscriptions (studio-admin.md §4)", () => {
  test("a live channel without removeAt, or with one in the future, is active; ended and deleted ones are not", async () => {
    const now = new Date();
    const ended = await insertAccountWithUser(db);
    await addChannel(ended.accountId, { removeAt: new Date(now.getTime() - DAY) });
    await addChannel(ended.accountId, { removeAt: null, deletedAt: now });
    expect(await hasActiveChannelSubscriptions(db, ended.accountId, now)).toBe(false);

    const subscribed = await insertAccountWithUser(db);
    await addChannel(subscribed.accountId, { removeAt: null });
    expect(await hasActiveChannelSubscriptions(db, subscribed.accountId, now)).toBe(true);

    const cancelled = await insertAccountWithUser(db);
    await addChannel(cancelled.accountId, { removeAt: new Date(now.getTime() + DAY) });
    expect(await hasActiveChannelSubscriptions(db, cancelled.accountId, now)).toBe(true);
    expect(await hasActiveChannelSubscriptions(db, cancelled.accountId, new Date(now.getTime() + 2 * DAY))).toBe(false);
  });
});

describe("deleteAccountState", () => {
  test("offers deletion of the user's own account with the deleteAccount key, and says whether channels stop it", async () => {
    const mine = await insertAccountWithUser(db, { account: { name: "Meine GmbH" } });
    const user = { accountId: mine.accountId, baseAccountId: mine.accountId, accountName: "Meine GmbH" };
    expect(await deleteAccountState(db, studioUser(user, ["deleteAccount"]))).toEqual({
      allowed: true,
      administered: false,
      hasActiveChannels: false,
      accountName: "Meine GmbH",
    });
    await addChannel(mine.accountId);
    expect((await deleteAccountState(db, studioUser(user, ["deleteAccount"]))).hasActiveChannels).toBe(true);
    expect((await deleteAccountState(db, studioUser(user, ["account"]))).allowed).toBe(false);
  });

  test("acting in another account is 'administered': the link would delete the user's own account", async () => {
    const own = await insertAccountWithUser(db);
    const customer = await insertAccountWithUser(db);
    const user = { accountId: customer.accountId, baseAccountId: own.accountId, accountName: "Kunde" };
    expect(await deleteAccountState(db, studioUser(user, ["deleteAccount"]))).toMatchObject({ allowed: true, administered: true });
  });
});

describe("the delete-account mail", () => {
  test("goes to the user, names the account, and its link deletes the account", async () => {
    const mine = await insertAccountWithUser(db, { account: { name: "Druckerei Beispiel" }, user: { emailLanguage: "de" } });
    const user = await db.selectFrom("user").selectAll().where("id", "=", mine.userId).executeTakeFirstOrThrow();
    await sendAuthMail(
      { db, queue: { add: async () => undefined } },
      { user, authType: "delete-account", accountName: "Druckerei Beispiel" },
    );
    const job = await db.selectFrom("emailJob").selectAll().where("userId", "=", mine.userId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ recipientEmail: mine.email, type: "deleteAccount", language: "de" });
    const variables = (await readEmailJobVariables(db, job.id)) as { link: string; accountName: string };
    expect(variables.accountName).toBe("Druckerei Beispiel");
    const token = variables.link.split("/auth/delete-account/with/")[1] ?? "";
    expect(await redeemAuthToken(db, "delete-account", token)).toMatchObject({ kind: "done", messageKey: "accountDeleted" });
    const account = await db.selectFrom("account").selectAll().where("id", "=", mine.accountId).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ softDeletedBy: mine.userId, isActive: false });
    expect(account.deletedAt).not.toBeNull();
  });
});
