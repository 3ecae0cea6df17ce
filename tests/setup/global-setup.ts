import { dropDatabase, ensureDatabase } from "#db/admin";
import { createDb } from "#db/client";
import { migrateToLatest } from "#db/migrator";
import { seed } from "#db/seed";
import { hashPassword } from "#app/auth/password.server";
import { TEST_DATABASE_URL } from "./test-env.ts";

/** Once per test run: a fresh, migrated and seeded test database. */
export default async function setup() {
  await dropDatabase(TEST_DATABASE_URL);
  await ensureDatabase(TEST_DATABASE_URL);
  const db = createDb(TEST_DATABASE_URL, { connectionLimit: 1 });
  try {
    await migrateToLatest(db);
    await seed(db, { studioUrl: "http://localhost:3000", hashPassword });
  } finally {
    await db.destroy();
  }
}
