import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// Nothing stuck when Redis loses its data (issue 33, ADR 0047): the database must be able to
// rebuild the queue. A running ePaper process records the job that carries it; a running job
// beats a heartbeat, so the worker's reconciler can tell a lost job from a long one; a mail the
// worker gave up on says so in a column (not only in its error text); a removed channel says
// whether its files are still to be deleted.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

const statements = [
  // The queue job of the running process ({ name, data }, as the job registry declares it).
  "ALTER TABLE epaper ADD COLUMN process_job json NULL AFTER process_started_at",
  // The reconciler reads the running processes every minute: an index, not a scan of every ePaper.
  "CREATE INDEX epaper_process_running_idx ON epaper (process_running, process_started_at)",
  `CREATE TABLE job_heartbeat (
    job_id varchar(255) NOT NULL PRIMARY KEY,
    queue varchar(32) NOT NULL,
    beat_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY job_heartbeat_beat_at_idx (beat_at)
  ) ${TABLE}`,
  "ALTER TABLE email_job ADD COLUMN failed_at datetime(3) NULL AFTER sent_at",
  "UPDATE email_job SET failed_at = updated_at WHERE sent_at IS NULL AND mailer_error LIKE 'gave up%'",
  // The reconciler reads the mails still to send: unsent, not sandboxed, not given up.
  "CREATE INDEX email_job_pending_idx ON email_job (sent_at, failed_at, created_at)",
  "ALTER TABLE channel ADD COLUMN files_pending_removal boolean NOT NULL DEFAULT false",
];

/**
 * Altering `epaper` (and `channel`) may rebuild it, and with it the FULLTEXT index on its name,
 * which InnoDB then builds with the session's stopword setting: the session that alters must have
 * it off, as when the index was made (0010), or words like 'the' drop out of the search.
 */
async function withoutStopwords(db: Kysely<any>, work: (connection: Kysely<any>) => Promise<void>) {
  await db.connection().execute(async (connection) => {
    await sql.raw("SET SESSION innodb_ft_enable_stopword = OFF").execute(connection);
    try {
      await work(connection);
    } finally {
      await sql.raw("SET SESSION innodb_ft_enable_stopword = ON").execute(connection);
    }
  });
}

export async function up(db: Kysely<any>): Promise<void> {
  await withoutStopwords(db, async (connection) => {
    for (const statement of statements) await sql.raw(statement).execute(connection);
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await withoutStopwords(db, async (connection) => {
    await sql.raw("ALTER TABLE channel DROP COLUMN files_pending_removal").execute(connection);
    await sql.raw("DROP INDEX email_job_pending_idx ON email_job").execute(connection);
    await sql.raw("ALTER TABLE email_job DROP COLUMN failed_at").execute(connection);
    await sql.raw("DROP TABLE job_heartbeat").execute(connection);
    await sql.raw("DROP INDEX epaper_process_running_idx ON epaper").execute(connection);
    await sql.raw("ALTER TABLE epaper DROP COLUMN process_job").execute(connection);
  });
}
