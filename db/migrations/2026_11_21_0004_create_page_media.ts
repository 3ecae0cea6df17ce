import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";
const DISPLAY_AS = "enum('tab_blank','tab_self','overlay')";

// A media element (enrichment) is one page_media row plus exactly one detail row of its kind.
const detail = (table: string, columns: string) => `CREATE TABLE ${table} (
    page_media_id varchar(32) NOT NULL PRIMARY KEY,
    ${columns},
    CONSTRAINT ${table}_page_media_id_fk FOREIGN KEY (page_media_id) REFERENCES page_media (id) ON DELETE CASCADE
  ) ${TABLE}`;

const statements = [
  `CREATE TABLE page_media_type (
    id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
    name varchar(32) NOT NULL,
    UNIQUE KEY page_media_type_name_idx (name)
  ) ${TABLE}`,
  `CREATE TABLE player_icon (
    id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
    name varchar(32) NOT NULL,
    file_name varchar(64) NOT NULL,
    UNIQUE KEY player_icon_name_idx (name)
  ) ${TABLE}`,
  `CREATE TABLE page_media (
    id varchar(32) NOT NULL PRIMARY KEY,
    page_id varchar(32) NOT NULL,
    page_media_type_id int NOT NULL,
    title varchar(999) NULL,
    description varchar(999) NULL,
    custom_icon varchar(32) NULL,
    preview_image_id varchar(32) NULL,
    preview_image_auto boolean NOT NULL DEFAULT false,
    frame_x1 decimal(5,4) NOT NULL DEFAULT 0,
    frame_x2 decimal(5,4) NOT NULL DEFAULT 0,
    frame_y1 decimal(5,4) NOT NULL DEFAULT 0,
    frame_y2 decimal(5,4) NOT NULL DEFAULT 0,
    frame_active boolean NOT NULL DEFAULT true,
    frame_icon_active boolean NOT NULL DEFAULT true,
    frame_embedded boolean NOT NULL DEFAULT false,
    media_bar_active boolean NOT NULL DEFAULT false,
    media_bar_content enum('icon','short','long','thumb') NULL,
    position int NOT NULL DEFAULT 0,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    KEY page_media_page_id_position_idx (page_id, position),
    KEY page_media_preview_image_id_idx (preview_image_id),
    CONSTRAINT page_media_page_id_fk FOREIGN KEY (page_id) REFERENCES page (id) ON DELETE CASCADE,
    CONSTRAINT page_media_page_media_type_id_fk FOREIGN KEY (page_media_type_id) REFERENCES page_media_type (id),
    CONSTRAINT page_media_custom_icon_fk FOREIGN KEY (custom_icon) REFERENCES player_icon (name),
    CONSTRAINT page_media_preview_image_id_fk FOREIGN KEY (preview_image_id) REFERENCES media (id) ON DELETE SET NULL,
    CONSTRAINT page_media_frame_check CHECK (frame_x1 <= frame_x2 AND frame_y1 <= frame_y2)
  ) ${TABLE}`,
  detail(
    "page_media_internal_link",
    `internal_link_page_id varchar(32) NULL,
    KEY page_media_internal_link_internal_link_page_id_idx (internal_link_page_id),
    CONSTRAINT page_media_internal_link_internal_link_page_id_fk FOREIGN KEY (internal_link_page_id) REFERENCES page (id) ON DELETE SET NULL`,
  ),
  detail(
    "page_media_external_link",
    `url varchar(2048) NOT NULL,
    display_as ${DISPLAY_AS} NOT NULL DEFAULT 'tab_blank',
    width int NULL,
    height int NULL`,
  ),
  detail(
    "page_media_mailto_link",
    `recipient varchar(254) NOT NULL,
    subject varchar(999) NULL,
    body text NULL`,
  ),
  detail(
    "page_media_video",
    `url varchar(2048) NOT NULL,
    display_as ${DISPLAY_AS} NOT NULL DEFAULT 'overlay',
    width int NULL,
    height int NULL`,
  ),
  detail(
    "page_media_gallery",
    `gallery_id varchar(32) NULL,
    KEY page_media_gallery_gallery_id_idx (gallery_id),
    CONSTRAINT page_media_gallery_gallery_id_fk FOREIGN KEY (gallery_id) REFERENCES gallery (id) ON DELETE SET NULL`,
  ),
  detail(
    "page_media_custom_html",
    `content mediumtext NULL,
    editor_mode enum('text','html') NOT NULL DEFAULT 'text',
    width int NOT NULL,
    height int NOT NULL`,
  ),
];

const tables = [
  "page_media_type",
  "player_icon",
  "page_media",
  "page_media_internal_link",
  "page_media_external_link",
  "page_media_mailto_link",
  "page_media_video",
  "page_media_gallery",
  "page_media_custom_html",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...tables].reverse()) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
