import { type Kysely, type MigrationResultSet, Migrator, NO_MIGRATIONS } from "kysely";
import { migrations } from "./migrations/index.ts";

function createMigrator(db: Kysely<any>) {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Throws with the failing migration's name, so a half-migrated database is never silent. */
function unwrap(result: MigrationResultSet): string[] {
  const failed = result.results?.find((r) => r.status === "Error");
  if (result.error) {
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause}`, { cause: result.error });
  }
  return (result.results ?? []).map((r) => `${r.direction === "Up" ? "applied" : "reverted"} ${r.migrationName}`);
}

/** Applies every pending migration; returns one line per migration applied. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateToLatest());
}

/** Reverts every migration (used by tests that prove down() is clean). */
export async function migrateAllDown(db: Kysely<any>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateTo(NO_MIGRATIONS));
}

/** Names of the migrations in the folder, in order. */
export async function listMigrations(db: Kysely<any>) {
  return createMigrator(db).getMigrations();
}
