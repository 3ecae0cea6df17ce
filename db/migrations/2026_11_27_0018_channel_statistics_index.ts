import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// A channel's statistics (issue 31 item 4, ADR 0053 'Channel statistics') read the stats_daily rows
// of one channel over a range of days, across every ePaper the channel showed. The primary key
// starts with (epaper_id, day), which a channel cannot use; this index makes the read one range
// scan: `channel_id = ? AND day BETWEEN ? AND ?` (InnoDB adds the primary key's columns, source
// and epaper_id among them, to each entry). CREATE INDEX on InnoDB is an online change: the
// rollup keeps writing while it is built.

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw("CREATE INDEX stats_daily_channel_day_idx ON stats_daily (channel_id, day)").execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("DROP INDEX stats_daily_channel_day_idx ON stats_daily").execute(db);
}
