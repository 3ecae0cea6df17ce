import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// Issue 47: pages without text in the PDF (scans) are read by OCR after the render. A page's
// `ocr_state` says whether it waits for it, was read, or could not be; `ocr_confidence` is the
// recognised words' mean confidence (0–100). The ePaper counts the pages still waiting, so the
// card says "recognising text" without counting pages on every list.

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw("ALTER TABLE page ADD COLUMN ocr_state ENUM('pending','done','failed') NULL DEFAULT NULL").execute(db);
  await sql.raw("ALTER TABLE page ADD COLUMN ocr_confidence DECIMAL(5,2) NULL DEFAULT NULL").execute(db);
  await sql.raw("ALTER TABLE page ADD INDEX page_ocr_state (ocr_state)").execute(db);
  await sql.raw("ALTER TABLE epaper ADD COLUMN ocr_pending INT NOT NULL DEFAULT 0").execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("ALTER TABLE epaper DROP COLUMN ocr_pending").execute(db);
  await sql.raw("ALTER TABLE page DROP INDEX page_ocr_state").execute(db);
  await sql.raw("ALTER TABLE page DROP COLUMN ocr_confidence").execute(db);
  await sql.raw("ALTER TABLE page DROP COLUMN ocr_state").execute(db);
}
