import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
const statements = [
  // When the 'test phase expired' event went out for a generated (try-it) account: the scheduled
  // job sends it once per account (docs/decisions/0015-try-it-lifecycle.md).
  `ALTER TABLE account ADD COLUMN test_phase_notified_at datetime(3) NULL AFTER remove_at`,
  // The job's two questions, each answered from an index instead of a scan of every account:
  // generated accounts not yet told, by age; generated accounts by storage time.
  `ALTER TABLE account ADD KEY account_is_generated_test_phase_notified_at_created_at_idx (is_generated, test_phase_notified_at, created_at)`,
  `ALTER TABLE account ADD KEY account_is_generated_remove_at_idx (is_generated, remove_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("ALTER TABLE account DROP KEY account_is_generated_remove_at_idx").execute(db);
  await sql.raw("ALTER TABLE account DROP KEY account_is_generated_test_phase_notified_at_created_at_idx").execute(db);
  await sql.raw("ALTER TABLE account DROP COLUMN test_phase_notified_at").execute(db);
}
