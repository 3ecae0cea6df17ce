import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// Page operations (issue 12, studio-admin.md §4 "Pages"): insert, move, replace and delete pages
// of a rendered ePaper. An operation's parameters live in page_operation while its process runs;
// pages rendered for an insert or a replacement wait in page_draft (files under the operation's
// own blob prefix) until one transaction puts them in place, so a failed or cancelled operation
// leaves the ePaper exactly as it was. page.source_upload_id names the PDF a page came from when
// it is not the ePaper's own source (its per-page PDF download is cut from that file).
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

const statements = [
  // Counts changes of the page order and files: the studio's page-file addresses carry it, so a
  // browser never shows a cached image of the page that had a number before.
  "ALTER TABLE epaper ADD COLUMN pages_version int NOT NULL DEFAULT 0",
  // Beside it, a fix of the settings (issue 12 §5): an imprint may have 20000 characters, which in
  // utf8mb4 can exceed a TEXT column's 65535 bytes; the privacy policy already is MEDIUMTEXT.
  "ALTER TABLE epaper_setting MODIFY imprint_text mediumtext NULL",
  `ALTER TABLE page ADD COLUMN source_upload_id varchar(32) NULL AFTER source_page,
    ADD KEY page_source_upload_id_idx (source_upload_id),
    ADD CONSTRAINT page_source_upload_id_fk FOREIGN KEY (source_upload_id) REFERENCES upload (id) ON DELETE SET NULL`,
  `CREATE TABLE page_operation (
    id varchar(32) NOT NULL PRIMARY KEY,
    epaper_id varchar(32) NOT NULL,
    kind enum('insert','move','replace','delete') NOT NULL,
    page_id varchar(32) NULL,
    target_page_id varchar(32) NULL,
    before_target boolean NOT NULL DEFAULT true,
    upload_id varchar(32) NULL,
    source_page int NULL,
    page_count int NOT NULL DEFAULT 0,
    render_process_id varchar(32) NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY page_operation_epaper_id_idx (epaper_id),
    KEY page_operation_upload_id_idx (upload_id),
    CONSTRAINT page_operation_epaper_id_fk FOREIGN KEY (epaper_id) REFERENCES epaper (id) ON DELETE CASCADE,
    CONSTRAINT page_operation_upload_id_fk FOREIGN KEY (upload_id) REFERENCES upload (id) ON DELETE SET NULL
  ) ${TABLE}`,
  `CREATE TABLE page_draft (
    operation_id varchar(32) NOT NULL,
    source_page int NOT NULL,
    width double NOT NULL DEFAULT 0,
    height double NOT NULL DEFAULT 0,
    rotation smallint NOT NULL DEFAULT 0,
    blob_prefix varchar(512) NOT NULL,
    renditions json NOT NULL,
    links json NULL,
    text mediumtext NULL,
    supervision enum('none','low','high') NOT NULL DEFAULT 'none',
    PRIMARY KEY (operation_id, source_page),
    CONSTRAINT page_draft_operation_id_fk FOREIGN KEY (operation_id) REFERENCES page_operation (id) ON DELETE CASCADE
  ) ${TABLE}`,
];

/**
 * Altering `epaper` may rebuild it, and with it the FULLTEXT index on its name, which InnoDB then
 * builds with the session's stopword setting: the session that alters must have it off, as when
 * the index was made (0010), or words like 'the' drop out of the search.
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
  await withoutStopwords(db, (connection) => undo(connection));
}

async function undo(db: Kysely<any>): Promise<void> {
  await sql.raw("DROP TABLE page_draft").execute(db);
  await sql.raw("DROP TABLE page_operation").execute(db);
  await sql.raw("ALTER TABLE page DROP FOREIGN KEY page_source_upload_id_fk").execute(db);
  await sql.raw("ALTER TABLE page DROP KEY page_source_upload_id_idx").execute(db);
  await sql.raw("ALTER TABLE page DROP COLUMN source_upload_id").execute(db);
  await sql.raw("ALTER TABLE epaper DROP COLUMN pages_version").execute(db);
  await sql.raw("ALTER TABLE epaper_setting MODIFY imprint_text text NULL").execute(db);
}
