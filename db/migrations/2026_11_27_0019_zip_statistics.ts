import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// Readership statistics for self-hosted zip packages (issue 31 item 1, ADR 0053 'Zip packages'):
// off by default; when on, the package's readers are counted in this studio (source 'zip', at
// the content origin's /zip/<epaperId>/_stats) or sent to an https endpoint of the customer's.
const statements = [
  `ALTER TABLE epaper_setting
    ADD COLUMN zip_statistics_active boolean NOT NULL DEFAULT false AFTER statistics_active,
    ADD COLUMN zip_statistics_target enum('studio','endpoint') NOT NULL DEFAULT 'studio' AFTER zip_statistics_active,
    ADD COLUMN zip_statistics_endpoint varchar(2048) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER zip_statistics_target`,
  // A value appended to the end of an enum changes only the table's metadata (no copy): the
  // rollup keeps writing while it runs.
  "ALTER TABLE stats_daily MODIFY COLUMN source enum('preview','previewlink','channel','zip') NOT NULL",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The zip's counts cannot be kept under a source that no longer exists.
  await sql.raw("DELETE FROM stats_daily WHERE source = 'zip'").execute(db);
  await sql.raw("ALTER TABLE stats_daily MODIFY COLUMN source enum('preview','previewlink','channel') NOT NULL").execute(db);
  await sql
    .raw(
      "ALTER TABLE epaper_setting DROP COLUMN zip_statistics_endpoint, DROP COLUMN zip_statistics_target, DROP COLUMN zip_statistics_active",
    )
    .execute(db);
}
