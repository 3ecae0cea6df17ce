import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// Issue 47: pages without text in the PDF (scans) are read by OCR after the render. A page's
// `ocr_state` says whether it waits for it, was read, or could not be; `ocr_confidence` is the
// recognised words' mean confidence (0–100). The ePaper counts the pages still waiting, so the
// card says "recognising text" without counting pages on every list.

/**
 * Altering `epaper` rebuilds it, and with it the FULLTEXT index on its name, which InnoDB then
 * builds with the session's stopword setting: off, as when the index was made (0010), or words
 * like 'the' drop out of the name search.
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
    await sql.raw("ALTER TABLE page ADD COLUMN ocr_state ENUM('pending','done','failed') NULL DEFAULT NULL").execute(connection);
    await sql.raw("ALTER TABLE page ADD COLUMN ocr_confidence DECIMAL(5,2) NULL DEFAULT NULL").execute(connection);
    await sql.raw("ALTER TABLE page ADD INDEX page_ocr_state (ocr_state)").execute(connection);
    await sql.raw("ALTER TABLE epaper ADD COLUMN ocr_pending INT NOT NULL DEFAULT 0").execute(connection);
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await withoutStopwords(db, async (connection) => {
    await sql.raw("ALTER TABLE epaper DROP COLUMN ocr_pending").execute(connection);
    await sql.raw("ALTER TABLE page DROP INDEX page_ocr_state").execute(connection);
    await sql.raw("ALTER TABLE page DROP COLUMN ocr_confidence").execute(connection);
    await sql.raw("ALTER TABLE page DROP COLUMN ocr_state").execute(connection);
  });
}
