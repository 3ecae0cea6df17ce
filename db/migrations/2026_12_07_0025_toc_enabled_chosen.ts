import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// Issue 46: entries added by hand or imported from the PDF switch the reader's table of contents
// on, unless the customer has switched it themselves. This remembers that they did. Existing
// ePapers start as "not chosen": their next added entry turns the table of contents on.

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw("ALTER TABLE epaper_setting ADD COLUMN toc_enabled_chosen boolean NOT NULL DEFAULT false").execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("ALTER TABLE epaper_setting DROP COLUMN toc_enabled_chosen").execute(db);
}
