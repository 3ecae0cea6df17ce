import type { Transaction } from "kysely";
import type { Database } from "./client.ts";
import type { DB } from "./schema.gen.ts";

/** InnoDB's answers that mean "this transaction lost a race; running it again is safe". */
const RETRYABLE = new Set(["ER_LOCK_DEADLOCK", "ER_LOCK_WAIT_TIMEOUT"]);

export function isRetryableLockError(error: unknown): boolean {
  return typeof error === "object" && error !== null && RETRYABLE.has((error as { code?: string }).code ?? "");
}

/**
 * Runs a transaction, and runs it again when InnoDB chose it as a deadlock victim: concurrent
 * inserts into the same unique index (two signups at once create two root folders) can take gap
 * locks in an order that deadlocks, which MySQL documents as normal and to be retried. The
 * transaction was rolled back as a whole, so the callback must only touch the database. Every
 * transaction of the app runs through here (a test in retry-transaction.test.ts keeps it so).
 */
export async function retryTransaction<T>(db: Database, work: (trx: Transaction<DB>) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryableLockError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}
