import { hashPassword } from "#app/auth/password.server";
import { dropDatabase, ensureDatabase } from "#db/admin";
import { createDb, type Database } from "#db/client";
import { migrateToLatest } from "#db/migrator";
import { seed } from "#db/seed";
import { scratchDatabaseUrl } from "#tests/setup/test-env";

/**
 * A database of a test file's own, migrated and seeded like the suite's: for a file whose worker
 * reads the whole database (the reconciler ends every process it finds without a job), so that the
 * running processes other files insert as fixtures stay out of its way, and it out of theirs.
 */
export async function createScratchDatabase(label: string): Promise<{ url: string; db: Database; drop(): Promise<void> }> {
  const url = scratchDatabaseUrl(label);
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, { connectionLimit: 4 });
  await migrateToLatest(db);
  await seed(db, { studioUrl: "http://localhost:3000", hashPassword });
  return {
    url,
    db,
    async drop() {
      await db.destroy();
      await dropDatabase(url);
    },
  };
}
