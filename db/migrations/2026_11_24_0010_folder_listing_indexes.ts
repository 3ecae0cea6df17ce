import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// The folder tree and the grid read in parts (issue 15 §2): a folder's ePapers by name, a page of
// the grid newest first, a folder's subfolders by name, the search on words of names. Each walks
// one index range of the account, or the FULLTEXT index, instead of reading every ePaper of it
// (EXPLAIN checks in app/models/folder-listing.server.test.ts). The FULLTEXT indexes are made
// without a stopword list, so 'the', 'und' or 'was' in an ePaper's name are found like any word.
const indexes = [
  ["epaper", "epaper_account_folder_deleted_name_idx", "account_id, folder_id, deleted_at, name"],
  ["epaper", "epaper_account_folder_deleted_created_idx", "account_id, folder_id, deleted_at, created_at"],
  ["epaper", "epaper_account_deleted_name_idx", "account_id, deleted_at, name"],
  ["folder", "folder_account_parent_name_idx", "account_id, parent_id, name"],
  ["folder", "folder_account_name_idx", "account_id, name"],
] as const;
const fulltext = [
  ["epaper", "epaper_name_fulltext"],
  ["folder", "folder_name_fulltext"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, name, columns] of indexes) await sql.raw(`CREATE INDEX ${name} ON ${table} (${columns})`).execute(db);
  // The stopword setting is read when the index is made, from the session that makes it.
  await db.connection().execute(async (connection) => {
    await sql.raw("SET SESSION innodb_ft_enable_stopword = OFF").execute(connection);
    for (const [table, name] of fulltext) await sql.raw(`CREATE FULLTEXT INDEX ${name} ON ${table} (name)`).execute(connection);
    await sql.raw("SET SESSION innodb_ft_enable_stopword = ON").execute(connection);
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, name] of fulltext) await sql.raw(`DROP INDEX ${name} ON ${table}`).execute(db);
  for (const [table, name] of indexes) await sql.raw(`DROP INDEX ${name} ON ${table}`).execute(db);
}
