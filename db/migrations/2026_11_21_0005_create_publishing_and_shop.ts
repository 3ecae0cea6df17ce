import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

const statements = [
  // Subdomain names are global: one name serves one account's channels.
  `CREATE TABLE subdomain (
    id varchar(32) NOT NULL PRIMARY KEY,
    account_id varchar(32) NOT NULL,
    name varchar(63) NOT NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    UNIQUE KEY subdomain_name_idx (name),
    KEY subdomain_account_id_idx (account_id),
    CONSTRAINT subdomain_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE
  ) ${TABLE}`,
  `CREATE TABLE channel (
    id varchar(32) NOT NULL PRIMARY KEY,
    account_id varchar(32) NOT NULL,
    epaper_id varchar(32) NULL,
    subdomain_id varchar(32) NULL,
    name varchar(250) NOT NULL,
    short_path varchar(64) NOT NULL,
    content_name varchar(250) NULL,
    content_cover_blob_key varchar(512) NULL,
    blob_prefix varchar(512) NULL,
    is_demo boolean NOT NULL DEFAULT false,
    disabled boolean NOT NULL DEFAULT false,
    available boolean NOT NULL DEFAULT true,
    process_type enum('publishing_channel','working_at_file_system','upload','channel_clearing','renewing') NULL,
    process_running boolean NOT NULL DEFAULT false,
    process_error varchar(250) NULL,
    process_cancelled boolean NOT NULL DEFAULT false,
    reviewed_at datetime(3) NULL,
    published_at datetime(3) NULL,
    remove_at datetime(3) NULL,
    deleted_at datetime(3) NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    UNIQUE KEY channel_short_path_idx (short_path),
    KEY channel_account_id_created_at_idx (account_id, created_at),
    KEY channel_epaper_id_idx (epaper_id),
    KEY channel_subdomain_id_idx (subdomain_id),
    KEY channel_created_at_idx (created_at),
    KEY channel_remove_at_idx (remove_at),
    CONSTRAINT channel_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE,
    CONSTRAINT channel_epaper_id_fk FOREIGN KEY (epaper_id) REFERENCES epaper (id) ON DELETE SET NULL,
    CONSTRAINT channel_subdomain_id_fk FOREIGN KEY (subdomain_id) REFERENCES subdomain (id) ON DELETE SET NULL
  ) ${TABLE}`,
  // Preview, preview link and zip publications of an ePaper (channels are their own table).
  // hash is the unguessable path segment; password_hash is set for preview links only.
  `CREATE TABLE publication (
    id varchar(32) NOT NULL PRIMARY KEY,
    epaper_id varchar(32) NOT NULL,
    type enum('preview','previewlink','zip') NOT NULL,
    hash varchar(64) NOT NULL,
    password_hash varchar(255) NULL,
    blob_prefix varchar(512) NULL,
    size_in_byte bigint NOT NULL DEFAULT 0,
    is_experimental boolean NOT NULL DEFAULT false,
    expired_at datetime(3) NULL,
    post_processing_time_in_hours int NULL,
    post_processing_until datetime(3) NULL,
    reviewed_at datetime(3) NULL,
    published_at datetime(3) NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    UNIQUE KEY publication_hash_idx (hash),
    KEY publication_epaper_id_type_idx (epaper_id, type),
    KEY publication_expired_at_idx (expired_at),
    CONSTRAINT publication_epaper_id_fk FOREIGN KEY (epaper_id) REFERENCES epaper (id) ON DELETE CASCADE
  ) ${TABLE}`,
  `CREATE TABLE shop_channel_subscription (
    id varchar(32) NOT NULL PRIMARY KEY,
    account_id varchar(32) NOT NULL,
    channel_id varchar(32) NULL,
    subscription_id varchar(128) NOT NULL,
    current_term_ends_at datetime(3) NULL,
    rejected boolean NOT NULL DEFAULT false,
    rejected_reason varchar(999) NULL,
    cancelled_at datetime(3) NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    UNIQUE KEY shop_channel_subscription_subscription_id_idx (subscription_id),
    UNIQUE KEY shop_channel_subscription_channel_id_idx (channel_id),
    KEY shop_channel_subscription_account_id_idx (account_id),
    CONSTRAINT shop_channel_subscription_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE,
    CONSTRAINT shop_channel_subscription_channel_id_fk FOREIGN KEY (channel_id) REFERENCES channel (id) ON DELETE SET NULL
  ) ${TABLE}`,
  `CREATE TABLE shop_order_code (
    id varchar(32) NOT NULL PRIMARY KEY,
    type enum('epaper','channel') NOT NULL,
    code_key varchar(64) NOT NULL,
    text varchar(999) NOT NULL,
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    UNIQUE KEY shop_order_code_type_code_key_idx (type, code_key)
  ) ${TABLE}`,
  // details keeps a snapshot of who triggered it (names and e-mail may change later).
  `CREATE TABLE licence_history (
    id varchar(32) NOT NULL PRIMARY KEY,
    account_id varchar(32) NOT NULL,
    action enum('licence_increment','licence_decrement','licence_order_init','licence_order_start','licence_order_end') NOT NULL,
    \`trigger\` enum('system','shop') NOT NULL,
    quantity int NOT NULL DEFAULT 1,
    epaper_id varchar(32) NULL,
    user_id varchar(32) NULL,
    triggered_by_admin boolean NOT NULL DEFAULT false,
    triggered_by_support boolean NOT NULL DEFAULT false,
    details json NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY licence_history_account_id_created_at_idx (account_id, created_at),
    KEY licence_history_epaper_id_idx (epaper_id),
    KEY licence_history_user_id_idx (user_id),
    CONSTRAINT licence_history_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE,
    CONSTRAINT licence_history_epaper_id_fk FOREIGN KEY (epaper_id) REFERENCES epaper (id) ON DELETE SET NULL,
    CONSTRAINT licence_history_user_id_fk FOREIGN KEY (user_id) REFERENCES user (id) ON DELETE SET NULL
  ) ${TABLE}`,
];

const tables = ["subdomain", "channel", "publication", "shop_channel_subscription", "shop_order_code", "licence_history"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...tables].reverse()) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
