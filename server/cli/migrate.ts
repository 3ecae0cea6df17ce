/** `npm run db:migrate`: creates the database if missing and applies every pending migration. */
import { ensureDatabase } from "#db/admin";
import { createDb } from "#db/client";
import { migrateToLatest } from "#db/migrator";
import { getEnv } from "#app/utils/env.server";
import { runCli } from "./run-cli.ts";

await runCli(async () => {
  const { DATABASE_URL } = getEnv();
  await ensureDatabase(DATABASE_URL);
  const db = createDb(DATABASE_URL, { connectionLimit: 1 });
  try {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? applied.join("\n") : "database schema is up to date");
  } finally {
    await db.destroy();
  }
});
