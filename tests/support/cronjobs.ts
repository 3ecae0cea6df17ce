import type { Database } from "#db/client";

/**
 * Runs a clean-up with the Cronjob preference switched off. The switch happens in a transaction
 * of the caller's own and is rolled back: other test files flip the same preference row.
 */
export async function withCronjobsOff<T>(db: Database, run: (trx: Database) => Promise<T>): Promise<T> {
  const trx = await db.startTransaction().execute();
  try {
    await trx
      .updateTable("systemPreference")
      .set({ json: JSON.stringify({ cronjobsActive: { active: false }, intervalMinutes: 15 }) })
      .where("name", "=", "Cronjob")
      .execute();
    return await run(trx);
  } finally {
    await trx.rollback().execute();
  }
}
