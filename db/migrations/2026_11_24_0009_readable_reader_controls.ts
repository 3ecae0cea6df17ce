import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// The default interface colour is white, so the default controls are dark (issue 15 §0): an
// untouched ePaper showed white controls on a white header. Rows nobody could have edited yet
// (no settings form shipped before this) take the new default.
const statements = [
  `ALTER TABLE epaper_setting ALTER COLUMN dark_controls_active SET DEFAULT true`,
  `ALTER TABLE epaper_setting ALTER COLUMN default_dark_controls_active SET DEFAULT true`,
  `UPDATE epaper_setting SET dark_controls_active = true, default_dark_controls_active = true
     WHERE interface_background_color IS NULL AND default_interface_background_color = '#ffffff'`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("ALTER TABLE epaper_setting ALTER COLUMN dark_controls_active SET DEFAULT false").execute(db);
  await sql.raw("ALTER TABLE epaper_setting ALTER COLUMN default_dark_controls_active SET DEFAULT false").execute(db);
}
