import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import {
  type ConvertGeneratedAccountInput,
  convertGeneratedAccount,
  createGeneratedAccount,
  EmailAlreadyExists,
  GeneratedAccountRemoved,
  generatedAccountRemoveAt,
  isGeneratedEmail,
  NotAGeneratedUser,
  renewGeneratedAccount,
  TRY_IT_STORAGE_MS,
  TRY_IT_TEST_PHASE_MS,
  testPhaseEndsAt,
  testPhaseExpired,
} from "./generated-account.server.ts";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const accountIds: string[] = [];

afterAll(async () => {
  if (accountIds.length) await db.deleteFrom("account").where("id", "in", accountIds).execute();
  await db.destroy();
});

async function generated(now = new Date()) {
  const created = await createGeneratedAccount(db, { locale: "en", now });
  accountIds.push(created.accountId);
  return created;
}

function signup(userId: string, overrides: Partial<ConvertGeneratedAccountInput> = {}): ConvertGeneratedAccountInput {
  return {
    userId,
    email: `${createId()}@signup.test`,
    firstname: " Erika ",
    lastname: "Müller",
    companyName: " Müller Druck GmbH ",
    emailLanguage: "de",
    ...overrides,
  };
}

describe("lifecycle times", () => {
  const createdAt = new Date("2026-03-01T10:00:00.000Z");

  test("the test phase ends a day after creation, the storage time a week after it", () => {
    expect(TRY_IT_TEST_PHASE_MS).toBe(DAY);
    expect(TRY_IT_STORAGE_MS).toBe(7 * DAY);
    expect(testPhaseEndsAt(createdAt)).toEqual(new Date("2026-03-02T10:00:00.000Z"));
    expect(generatedAccountRemoveAt(createdAt)).toEqual(new Date("2026-03-08T10:00:00.000Z"));
    expect(testPhaseEndsAt(createdAt) < generatedAccountRemoveAt(createdAt)).toBe(true);
  });

  test("only a generated account's test phase expires, at its end and after", () => {
    const end = testPhaseEndsAt(createdAt).getTime();
    expect(testPhaseExpired({ isGenerated: true, createdAt }, new Date(end - 1))).toBe(false);
    expect(testPhaseExpired({ isGenerated: true, createdAt }, new Date(end))).toBe(true);
    expect(testPhaseExpired({ isGenerated: true, createdAt }, new Date(end + DAY))).toBe(true);
    expect(testPhaseExpired({ isGenerated: false, createdAt }, new Date(end + DAY))).toBe(false);
  });
});

test("createGeneratedAccount stores a generated, temporary account and owner with the storage time", async () => {
  // Real time: an account in the past would be the scheduled job's business (its test runs meanwhile).
  const now = new Date();
  const { accountId, userId, removeAt } = await generated(now);
  expect(removeAt).toEqual(generatedAccountRemoveAt(now));

  const account = await db.selectFrom("account").selectAll().where("id", "=", accountId).executeTakeFirstOrThrow();
  expect(account).toMatchObject({
    isGenerated: true,
    isTemporary: true,
    isActive: true,
    removeAt: generatedAccountRemoveAt(now),
    createdAt: now,
    testPhaseNotifiedAt: null,
    deletedAt: null,
  });
  expect(account.name).toMatch(/^Try-it \w{8}$/);

  const user = await db.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  expect(user).toMatchObject({
    accountId,
    baseAccountId: accountId,
    isGenerated: true,
    isTemporary: true,
    passwordHash: null,
    emailLanguage: "en",
    firstname: "",
    lastname: "",
  });
  expect(user.email).toMatch(/^try-[a-z0-9]+@generated\.invalid$/);
  expect(isGeneratedEmail(user.email)).toBe(true);
  expect(isGeneratedEmail("erika@example.com")).toBe(false);

  const memberships = await db.selectFrom("accountMembership").select(["accountId"]).where("userId", "=", userId).execute();
  expect(memberships).toEqual([{ accountId }]);
  const permissions = await db
    .selectFrom("userPermission")
    .innerJoin("permissionType", "permissionType.id", "userPermission.permissionTypeId")
    .select(["permissionType.name", "permissionType.priority"])
    .where("userPermission.userId", "=", userId)
    .execute();
  expect(permissions).toEqual([{ name: "owner", priority: "2" }]);
  const folders = await db.selectFrom("folder").select(["name", "parentId"]).where("accountId", "=", accountId).execute();
  expect(folders).toEqual([{ name: "My ePaper", parentId: null }]);
  const configs = await db.selectFrom("userEmailConfig").select("active").where("userId", "=", userId).execute();
  expect(configs.length).toBeGreaterThan(0);

  // Every try-it user gets an address of its own.
  const second = await generated(now);
  const other = await db.selectFrom("user").select("email").where("id", "=", second.userId).executeTakeFirstOrThrow();
  expect(other.email).not.toBe(user.email);
});

test("an unknown locale creates nothing: no account is left without its user", async () => {
  await expect(createGeneratedAccount(db, { locale: "xx" })).rejects.toThrow();
  const orphans = await db
    .selectFrom("account")
    .leftJoin("user", "user.baseAccountId", "account.id")
    .select("account.id")
    .where("account.isGenerated", "=", true)
    .where("user.id", "is", null)
    .execute();
  expect(orphans).toEqual([]);
});

test("signing up converts the generated user and account and keeps the ePapers and the session", async () => {
  const { accountId, userId } = await generated();
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, languageCode: "de", name: "Try-out", removeAt: generatedAccountRemoveAt(new Date()) })
    .execute();
  const sessionId = createId();
  await db
    .insertInto("session")
    .values({ id: sessionId, userId, expiresAt: new Date(Date.now() + DAY) })
    .execute();
  const input = signup(userId);

  expect(await convertGeneratedAccount(db, input)).toEqual({ accountId });

  const user = await db.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  expect(user).toMatchObject({
    email: input.email,
    firstname: "Erika",
    lastname: "Müller",
    emailLanguage: "de",
    isGenerated: false,
    isTemporary: true,
    accountId,
  });
  const account = await db.selectFrom("account").selectAll().where("id", "=", accountId).executeTakeFirstOrThrow();
  expect(account).toMatchObject({ name: "Müller Druck GmbH", isGenerated: false, isTemporary: true, removeAt: null, deletedAt: null });
  const epaper = await db.selectFrom("epaper").select(["id", "removeAt"]).where("accountId", "=", accountId).execute();
  expect(epaper).toEqual([{ id: epaperId, removeAt: null }]);
  const session = await db.selectFrom("session").select("id").where("id", "=", sessionId).executeTakeFirst();
  expect(session).toEqual({ id: sessionId });

  // Converted once: it is no longer a generated user.
  await expect(convertGeneratedAccount(db, signup(userId))).rejects.toBeInstanceOf(NotAGeneratedUser);
});

test("signup refuses registered users, unknown users and accounts whose removal began", async () => {
  const registered = await insertAccountWithUser(db, { emailDomain: "generated-account.test" });
  accountIds.push(registered.accountId);
  await expect(convertGeneratedAccount(db, signup(registered.userId))).rejects.toBeInstanceOf(NotAGeneratedUser);
  await expect(convertGeneratedAccount(db, signup(createId()))).rejects.toBeInstanceOf(NotAGeneratedUser);

  const { accountId, userId } = await generated();
  await db.updateTable("account").set({ deletedAt: new Date() }).where("id", "=", accountId).execute();
  await expect(convertGeneratedAccount(db, signup(userId))).rejects.toBeInstanceOf(GeneratedAccountRemoved);
  const user = await db.selectFrom("user").select("isGenerated").where("id", "=", userId).executeTakeFirstOrThrow();
  expect(user.isGenerated).toBe(true);
});

test("signup with an address in use is refused as EmailAlreadyExists and changes nothing", async () => {
  const taken = await insertAccountWithUser(db, { emailDomain: "generated-account.test" });
  accountIds.push(taken.accountId);
  const { accountId, userId } = await generated();

  for (const email of [taken.email, taken.email.toUpperCase(), ` ${taken.email} `]) {
    const error = await convertGeneratedAccount(db, signup(userId, { email })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailAlreadyExists);
    expect(error).toMatchObject({ name: "EmailAlreadyExists", messageKey: "validation.emailAlreadyExist" });
  }

  const user = await db.selectFrom("user").select(["isGenerated", "email"]).where("id", "=", userId).executeTakeFirstOrThrow();
  expect(user.isGenerated).toBe(true);
  expect(isGeneratedEmail(user.email)).toBe(true);
  const account = await db.selectFrom("account").select(["isGenerated", "removeAt"]).where("id", "=", accountId).executeTakeFirstOrThrow();
  expect(account.isGenerated).toBe(true);
  expect(account.removeAt).not.toBeNull();
});

test("renewing a generated account restarts its storage time, for it and its ePapers, never shortening it", async () => {
  const createdAt = new Date(Date.now() - 3 * HOUR);
  const { accountId } = await generated(createdAt);
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, languageCode: "de", name: "Try-out", removeAt: generatedAccountRemoveAt(createdAt) })
    .execute();
  const now = new Date();

  const renewed = await renewGeneratedAccount(db, accountId, now);
  expect(renewed).toEqual(generatedAccountRemoveAt(now));
  const account = await db.selectFrom("account").select(["removeAt", "createdAt"]).where("id", "=", accountId).executeTakeFirstOrThrow();
  expect(account).toEqual({ removeAt: generatedAccountRemoveAt(now), createdAt });
  const epaper = await db.selectFrom("epaper").select("removeAt").where("id", "=", epaperId).executeTakeFirstOrThrow();
  expect(epaper.removeAt).toEqual(generatedAccountRemoveAt(now));

  // An earlier renewal date keeps the later storage time.
  expect(await renewGeneratedAccount(db, accountId, createdAt)).toEqual(generatedAccountRemoveAt(now));

  const registered = await insertAccountWithUser(db, { emailDomain: "generated-account.test" });
  accountIds.push(registered.accountId);
  expect(await renewGeneratedAccount(db, registered.accountId, now)).toBeNull();
  expect(await renewGeneratedAccount(db, createId(), now)).toBeNull();
});
