import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { hashPassword, verifyPassword } from "#app/auth/password.server";
import { scratchDatabaseUrl } from "#tests/setup/test-env";
import { dropDatabase, ensureDatabase } from "./admin.ts";
import { createDb, type Database } from "./client.ts";
import { migrateToLatest } from "./migrator.ts";
import { seed } from "./seed.ts";

const url = scratchDatabaseUrl("seed");
let db: Database;
const options = {
  studioUrl: "https://www.example.org",
  demoAdmin: { email: "admin@demo.epaper.test", password: "Demo!Admin2026" },
  hashPassword,
};

/** Every row of every table, in a stable order, to compare two states of the database. */
async function snapshot() {
  const { rows } = await sql<{ name: string }>`
    SELECT TABLE_NAME AS name FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME NOT LIKE 'kysely_migration%' ORDER BY TABLE_NAME`.execute(db);
  const state: Record<string, unknown[]> = {};
  for (const { name } of rows) {
    state[name] = (await sql.raw(`SELECT * FROM \`${name}\` ORDER BY 1`).execute(db)).rows;
  }
  return state;
}

beforeAll(async () => {
  await ensureDatabase(url);
  db = createDb(url, { connectionLimit: 1 });
  await migrateToLatest(db);
});

afterAll(async () => {
  await db.destroy();
  await dropDatabase(url);
});

test("the seed creates the reference data and the demo admin, and a second run changes nothing", async () => {
  expect(await seed(db, options)).toEqual({ demoAdmin: "created" });
  const first = await snapshot();
  expect(await seed(db, options)).toEqual({ demoAdmin: "exists" });
  expect(await snapshot()).toEqual(first);
});

test("the reference data is complete", async () => {
  const count = async (table: "epaperLanguage" | "systemLanguage" | "emailConfig" | "systemPreference" | "pageMediaType") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count("epaperLanguage")).toBe(29);
  expect(await count("systemLanguage")).toBe(2);
  expect(await count("emailConfig")).toBe(3);
  expect(await count("pageMediaType")).toBe(6);
  const preferences = await db.selectFrom("systemPreference").select("name").orderBy("name").execute();
  expect(preferences.map((p) => p.name)).toEqual(["Cronjob", "DevKit", "Email", "Maintenance", "Support", "Tour"]);
  const permissions = await db.selectFrom("permissionType").select(["name", "priority"]).orderBy("priority", "desc").execute();
  expect(permissions).toEqual([
    { name: "admin", priority: "4" },
    { name: "support", priority: "3" },
    { name: "owner", priority: "2" },
    { name: "manager", priority: "2" },
    { name: "editor", priority: "1" },
  ]);
  const arabic = await db.selectFrom("epaperLanguage").select("isRtl").where("code", "=", "ar").executeTakeFirstOrThrow();
  expect(arabic.isRtl).toBe(true);
  const links = await db.selectFrom("footerLink").select(["languageCode", "kind", "url"]).where("languageCode", "=", "en").execute();
  expect(links).toHaveLength(4);
  expect(links.every((l) => l.url.startsWith("https://www.example.org/legal/"))).toBe(true);
});

test("the demo admin signs in with the documented password and holds the admin permission", async () => {
  const admin = await db
    .selectFrom("user")
    .innerJoin("userPermission", "userPermission.userId", "user.id")
    .innerJoin("permissionType", "permissionType.id", "userPermission.permissionTypeId")
    .select(["user.passwordHash", "permissionType.priority", "user.accountId"])
    .where("user.email", "=", options.demoAdmin.email)
    .executeTakeFirstOrThrow();
  expect(admin.priority).toBe("4");
  expect(await verifyPassword(options.demoAdmin.password, admin.passwordHash ?? "")).toBe(true);
  const root = await db
    .selectFrom("folder")
    .select("name")
    .where("accountId", "=", admin.accountId)
    .where("parentId", "is", null)
    .execute();
  expect(root).toEqual([{ name: "My ePaper" }]);
});

test("a changed demo admin password survives another seed", async () => {
  await db
    .updateTable("user")
    .set({ passwordHash: await hashPassword("Changed!Pass99") })
    .where("email", "=", options.demoAdmin.email)
    .execute();
  await seed(db, options);
  const { passwordHash } = await db
    .selectFrom("user")
    .select("passwordHash")
    .where("email", "=", options.demoAdmin.email)
    .executeTakeFirstOrThrow();
  expect(await verifyPassword("Changed!Pass99", passwordHash ?? "")).toBe(true);
});
