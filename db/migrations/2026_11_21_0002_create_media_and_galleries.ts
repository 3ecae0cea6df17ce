import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

const statements = [
  // account_id is null for system media (news images), which no account's library lists.
  `CREATE TABLE media (
    id varchar(32) NOT NULL PRIMARY KEY,
    account_id varchar(32) NULL,
    name varchar(250) NOT NULL,
    blob_key varchar(512) NOT NULL,
    extension varchar(16) NOT NULL,
    mime_type varchar(100) NOT NULL,
    size_in_byte bigint NOT NULL,
    width int NULL,
    height int NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    KEY media_account_id_name_idx (account_id, name),
    KEY media_account_id_mime_type_idx (account_id, mime_type),
    KEY media_account_id_size_in_byte_idx (account_id, size_in_byte),
    CONSTRAINT media_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE
  ) ${TABLE}`,
  `CREATE TABLE gallery (
    id varchar(32) NOT NULL PRIMARY KEY,
    account_id varchar(32) NOT NULL,
    name varchar(250) NOT NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    KEY gallery_account_id_name_idx (account_id, name),
    CONSTRAINT gallery_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE
  ) ${TABLE}`,
  `CREATE TABLE gallery_media (
    id varchar(32) NOT NULL PRIMARY KEY,
    gallery_id varchar(32) NOT NULL,
    media_id varchar(32) NOT NULL,
    position int NOT NULL DEFAULT 0,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    UNIQUE KEY gallery_media_gallery_id_media_id_idx (gallery_id, media_id),
    KEY gallery_media_media_id_idx (media_id),
    CONSTRAINT gallery_media_gallery_id_fk FOREIGN KEY (gallery_id) REFERENCES gallery (id) ON DELETE CASCADE,
    CONSTRAINT gallery_media_media_id_fk FOREIGN KEY (media_id) REFERENCES media (id) ON DELETE CASCADE
  ) ${TABLE}`,
];

const tables = ["media", "gallery", "gallery_media"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...tables].reverse()) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
