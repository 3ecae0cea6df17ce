import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// First-party, cookieless readership statistics (issue 31, ADR 0053): the worker rolls the
// reader's events up into counters per ePaper and UTC day; no raw event is stored here. Every
// primary key starts with (epaper_id, day), so 'one ePaper over a date range' is one range scan
// of each table; every table cascades from epaper, so purging an ePaper (or removing its account)
// removes its statistics.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";
const COUNTER = "int unsigned NOT NULL DEFAULT 0";
const fk = (table: string) => `CONSTRAINT ${table}_epaper_id_fk FOREIGN KEY (epaper_id) REFERENCES epaper (id) ON DELETE CASCADE`;

const statements = [
  // On by default: customers switch statistics off per ePaper in its settings.
  "ALTER TABLE epaper_setting ADD COLUMN statistics_active boolean NOT NULL DEFAULT true AFTER tracking_google_tag_id",
  // One row per ePaper, day and the address it was read under (channel_id '' for a preview or a preview link).
  `CREATE TABLE stats_daily (
    epaper_id varchar(32) NOT NULL,
    day date NOT NULL,
    source enum('preview','previewlink','channel') NOT NULL,
    channel_id varchar(32) NOT NULL DEFAULT '',
    opens ${COUNTER},
    gpc_views ${COUNTER},
    views ${COUNTER},
    uniques ${COUNTER},
    toc_uses ${COUNTER},
    downloads ${COUNTER},
    shares ${COUNTER},
    PRIMARY KEY (epaper_id, day, source, channel_id),
    ${fk("stats_daily")}
  ) ${TABLE}`,
  // page: the reader's 1-based page number; readers_reached: distinct readers (HyperLogLog estimate).
  `CREATE TABLE stats_pages (
    epaper_id varchar(32) NOT NULL,
    day date NOT NULL,
    page int unsigned NOT NULL,
    views ${COUNTER},
    readers_reached ${COUNTER},
    total_ms bigint unsigned NOT NULL DEFAULT 0,
    PRIMARY KEY (epaper_id, day, page),
    ${fk("stats_pages")}
  ) ${TABLE}`,
  // No foreign key to page_media: a removed element's counts go with its ePaper.
  `CREATE TABLE stats_elements (
    epaper_id varchar(32) NOT NULL,
    day date NOT NULL,
    page_media_id varchar(32) NOT NULL,
    opens ${COUNTER},
    clicks ${COUNTER},
    PRIMARY KEY (epaper_id, day, page_media_id),
    ${fk("stats_elements")}
  ) ${TABLE}`,
  // Terms are stored lower case and compared byte by byte ('Bär' and 'Bar' are two terms).
  `CREATE TABLE stats_searches (
    epaper_id varchar(32) NOT NULL,
    day date NOT NULL,
    term varchar(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
    count ${COUNTER},
    PRIMARY KEY (epaper_id, day, term),
    ${fk("stats_searches")}
  ) ${TABLE}`,
  // domain '' is a direct visit (no referrer, or the publication's own host).
  `CREATE TABLE stats_referrers (
    epaper_id varchar(32) NOT NULL,
    day date NOT NULL,
    domain varchar(253) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    opens ${COUNTER},
    PRIMARY KEY (epaper_id, day, domain),
    ${fk("stats_referrers")}
  ) ${TABLE}`,
  `CREATE TABLE stats_devices (
    epaper_id varchar(32) NOT NULL,
    day date NOT NULL,
    device enum('phone','tablet','desktop') NOT NULL,
    opens ${COUNTER},
    PRIMARY KEY (epaper_id, day, device),
    ${fk("stats_devices")}
  ) ${TABLE}`,
  // The stream entries whose counts are committed, written in the same transaction as the
  // counts: an entry delivered again (its XACK lost) is recognised and counted once. Pruned
  // after two days (an entry is claimed by another consumer within minutes).
  `CREATE TABLE stats_applied (
    stream varchar(100) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    entry_id varchar(41) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    token char(24) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    applied_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (stream, entry_id),
    KEY stats_applied_applied_at_idx (applied_at)
  ) ${TABLE}`,
];

// epaper_setting has no FULLTEXT index: altering it needs no stopword care (unlike epaper, 0015).
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "stats_applied",
    "stats_devices",
    "stats_referrers",
    "stats_searches",
    "stats_elements",
    "stats_pages",
    "stats_daily",
  ])
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  await sql.raw("ALTER TABLE epaper_setting DROP COLUMN statistics_active").execute(db);
}
