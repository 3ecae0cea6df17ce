import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// The folder tree and the grid read in parts (issue 15 §2): a folder's ePapers by name, a page of
// the grid newest first, the search by name, a folder's subfolders by name. Each walks one index
// range of the account instead of reading every ePaper of it (EXPLAIN checks in
// app/models/folder-listing.server.test.ts and app/models/epaper-grid.server.test.ts).
const indexes = [
  ["epaper", "epaper_account_folder_deleted_name_idx", "account_id, folder_id, deleted_at, name"],
  ["epaper", "epaper_account_folder_deleted_created_idx", "account_id, folder_id, deleted_at, created_at"],
  ["epaper", "epaper_account_deleted_name_idx", "account_id, deleted_at, name"],
  ["folder", "folder_account_parent_name_idx", "account_id, parent_id, name"],
  ["folder", "folder_account_name_idx", "account_id, name"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, name, columns] of indexes) await sql.raw(`CREATE INDEX ${name} ON ${table} (${columns})`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, name] of indexes) await sql.raw(`DROP INDEX ${name} ON ${table}`).execute(db);
}
