import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { verifyPassword } from "#app/auth/password.server";
import { createDb } from "#db/client";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { registerUser } from "./signup.server.ts";

const db = createDb(TEST_DATABASE_URL, { connectionLimit: 4 });
afterAll(() => db.destroy());

const input = (email: string) => ({
  accountName: "Druckerei Beispiel",
  firstname: "Johanna",
  lastname: "Schmitz",
  email,
  password: "Hund&Katze42-Ufer",
  emailLanguage: "en",
});

describe("registerUser", () => {
  test("creates an unconfirmed account owned by the new user, with root folder and notifications on", async () => {
    const email = `${createId()}@signup.test`;
    const outcome = await registerUser(db, input(email));
    if (!outcome.ok) throw new Error("signup refused");
    const user = await db.selectFrom("user").selectAll().where("id", "=", outcome.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email,
      accountId: outcome.accountId,
      baseAccountId: outcome.accountId,
      isTemporary: true,
      isGenerated: false,
    });
    expect(await verifyPassword("Hund&Katze42-Ufer", user.passwordHash ?? "")).toBe(true);
    const account = await db.selectFrom("account").selectAll().where("id", "=", outcome.accountId).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ name: "Druckerei Beispiel", isTemporary: true, isGenerated: false });
    const permissions = await db
      .selectFrom("userPermission")
      .innerJoin("permissionType", "permissionType.id", "userPermission.permissionTypeId")
      .select("permissionType.name")
      .where("userId", "=", outcome.userId)
      .execute();
    expect(permissions).toEqual([{ name: "owner" }]);
    const folders = await db.selectFrom("folder").select(["name", "parentId"]).where("accountId", "=", outcome.accountId).execute();
    expect(folders).toEqual([{ name: "My ePaper", parentId: null }]);
    const settings = await db.selectFrom("userEmailConfig").select("active").where("userId", "=", outcome.userId).execute();
    expect(settings.length).toBeGreaterThan(0);
    expect(settings.every((setting) => setting.active)).toBe(true);
  });

  test("an address in use is 'emailAlreadyExist', also for two signups at once", async () => {
    const email = `${createId()}@signup.test`;
    const results = await Promise.all([registerUser(db, input(email)), registerUser(db, input(email))]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "emailAlreadyExist" }]);
    expect(await registerUser(db, input(email))).toEqual({ ok: false, reason: "emailAlreadyExist" });
    const accounts = await db.selectFrom("user").select("id").where("email", "=", email).execute();
    expect(accounts).toHaveLength(1);
  });
});
