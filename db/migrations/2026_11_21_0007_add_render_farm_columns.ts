import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
const statements = [
  // studio-admin.md "supervised pages {high[], low[]}": pages a person should look at.
  // high = the page broke a render limit and a blank page stands in; low = rendered degraded.
  `ALTER TABLE page ADD COLUMN supervision enum('none','low','high') NOT NULL DEFAULT 'none' AFTER rendered_at`,
  `ALTER TABLE page ADD KEY page_epaper_id_supervision_idx (epaper_id, supervision)`,
  // Which render job owns the process (the BullMQ job id), and the reason key of a failure.
  `ALTER TABLE render_process ADD COLUMN job_id varchar(128) NULL AFTER render_service_id`,
  `ALTER TABLE render_process ADD COLUMN pages_failed int NOT NULL DEFAULT 0 AFTER page_count_ready`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("ALTER TABLE render_process DROP COLUMN pages_failed").execute(db);
  await sql.raw("ALTER TABLE render_process DROP COLUMN job_id").execute(db);
  await sql.raw("ALTER TABLE page DROP KEY page_epaper_id_supervision_idx").execute(db);
  await sql.raw("ALTER TABLE page DROP COLUMN supervision").execute(db);
}
