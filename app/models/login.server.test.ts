import { insertAccountWithUser } from "#tests/support/fixtures";
import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { createDb } from "#db/client";
import { hashPassword } from "#app/auth/password.server";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { checkLogin } from "./login.server.ts";

const db = createDb(TEST_DATABASE_URL, { connectionLimit: 2 });
afterAll(() => db.destroy());

async function userWith(options: { active?: boolean; password?: string | null }) {
  const { userId, email } = await insertAccountWithUser(db, {
    account: { isActive: options.active ?? true },
    user: {
      passwordHash: options.password === null ? null : await hashPassword(options.password ?? "Right!Pass2026"),
      emailTokenUsed: true,
      passwordRequested: true,
    },
  });
  return { id: userId, email };
}

describe("checkLogin", () => {
  test("the right password logs in and clears emailTokenUsed and passwordRequested", async () => {
    const user = await userWith({});
    expect(await checkLogin(db, user.email, "Right!Pass2026")).toEqual({ ok: true, userId: user.id });
    const row = await db.selectFrom("user").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect([row.emailTokenUsed, row.passwordRequested, row.lastLoginAt instanceof Date]).toEqual([false, false, true]);
  });

  test("a wrong password is 'invalid credentials' and changes nothing", async () => {
    const user = await userWith({});
    expect(await checkLogin(db, user.email, "Wrong!Pass2026")).toMatchObject({ ok: false, messageKey: "validation.invalidCredentials" });
    const row = await db.selectFrom("user").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.emailTokenUsed).toBe(true);
  });

  test("an unknown address is named back; a user without password cannot log in with one", async () => {
    expect(await checkLogin(db, "nobody-here@example.com", "Any!Pass2026")).toEqual({
      ok: false,
      messageKey: "validation.notFoundEmail",
      params: { email: "nobody-here@example.com" },
    });
    const generated = await userWith({ password: null });
    expect(await checkLogin(db, generated.email, "")).toMatchObject({ ok: false, messageKey: "validation.invalidCredentials" });
  });

  test("a deactivated account points to the support address from the Support preference", async () => {
    const user = await userWith({ active: false });
    expect(await checkLogin(db, user.email, "Right!Pass2026")).toEqual({
      ok: false,
      messageKey: "validation.accountDeactivated",
      params: { supportEmail: "support@epaper.test" },
    });
  });

  test("the maintenance login lets in levels 3 and 4 only, and a refused login changes nothing", async () => {
    const customer = await userWith({});
    expect(await checkLogin(db, customer.email, "Right!Pass2026", { staffOnly: true })).toEqual({
      ok: false,
      messageKey: "validation.maintenanceStaffOnly",
      params: {},
    });
    expect(
      (await db.selectFrom("user").select("emailTokenUsed").where("id", "=", customer.id).executeTakeFirstOrThrow()).emailTokenUsed,
    ).toBe(true);
    const supporter = await userWith({});
    const support = await db.selectFrom("permissionType").select("id").where("name", "=", "support").executeTakeFirstOrThrow();
    await db.insertInto("userPermission").values({ id: createId(), userId: supporter.id, permissionTypeId: support.id }).execute();
    expect(await checkLogin(db, supporter.email, "Right!Pass2026", { staffOnly: true })).toEqual({ ok: true, userId: supporter.id });
  });
});
