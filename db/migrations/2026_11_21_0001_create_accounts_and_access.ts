import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// MySQL ignores inline REFERENCES, so every foreign key is declared at table level.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

const statements = [
  `CREATE TABLE system_language (
    code varchar(8) NOT NULL PRIMARY KEY,
    name varchar(64) NOT NULL,
    position int NOT NULL DEFAULT 0
  ) ${TABLE}`,
  `CREATE TABLE epaper_language (
    code varchar(16) NOT NULL PRIMARY KEY,
    name varchar(64) NOT NULL,
    native_name varchar(64) NOT NULL,
    is_rtl boolean NOT NULL DEFAULT false,
    position int NOT NULL DEFAULT 0
  ) ${TABLE}`,
  `CREATE TABLE permission_type (
    id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
    name varchar(32) NOT NULL,
    priority varchar(1) NOT NULL,
    UNIQUE KEY permission_type_name_idx (name)
  ) ${TABLE}`,
  `CREATE TABLE account (
    id varchar(32) NOT NULL PRIMARY KEY,
    name varchar(250) NOT NULL,
    customer_id varchar(64) NULL,
    is_generated boolean NOT NULL DEFAULT false,
    is_temporary boolean NOT NULL DEFAULT false,
    is_active boolean NOT NULL DEFAULT true,
    is_protected boolean NOT NULL DEFAULT false,
    is_demo_account boolean NOT NULL DEFAULT false,
    zip_contingent int NOT NULL DEFAULT 0,
    channel_contingent int NOT NULL DEFAULT 0,
    zip_post_processing_time_in_hours int NULL,
    preview_link_expiry_time_in_hours int NULL,
    page_exchange_max int NULL,
    remove_at datetime(3) NULL,
    soft_deleted_by varchar(32) NULL,
    deleted_at datetime(3) NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    UNIQUE KEY account_customer_id_idx (customer_id),
    KEY account_name_idx (name),
    KEY account_created_at_idx (created_at),
    KEY account_remove_at_idx (remove_at),
    KEY account_deleted_at_idx (deleted_at)
  ) ${TABLE}`,
  `CREATE TABLE user (
    id varchar(32) NOT NULL PRIMARY KEY,
    account_id varchar(32) NOT NULL,
    base_account_id varchar(32) NOT NULL,
    email varchar(254) NOT NULL,
    firstname varchar(250) NOT NULL DEFAULT '',
    lastname varchar(250) NOT NULL DEFAULT '',
    password_hash varchar(255) NULL,
    password_requested boolean NOT NULL DEFAULT false,
    is_generated boolean NOT NULL DEFAULT false,
    is_temporary boolean NOT NULL DEFAULT false,
    email_token_used boolean NOT NULL DEFAULT false,
    requested_email varchar(254) NULL,
    email_language varchar(8) NOT NULL DEFAULT 'de',
    demo_active boolean NOT NULL DEFAULT false,
    document_uploaded_at datetime(3) NULL,
    last_login_at datetime(3) NULL,
    deleted_at datetime(3) NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    UNIQUE KEY user_email_idx (email),
    KEY user_account_id_idx (account_id),
    KEY user_base_account_id_idx (base_account_id),
    KEY user_requested_email_idx (requested_email),
    KEY user_created_at_idx (created_at),
    CONSTRAINT user_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE,
    CONSTRAINT user_base_account_id_fk FOREIGN KEY (base_account_id) REFERENCES account (id) ON DELETE CASCADE,
    CONSTRAINT user_email_language_fk FOREIGN KEY (email_language) REFERENCES system_language (code)
  ) ${TABLE}`,
  `CREATE TABLE account_membership (
    id varchar(32) NOT NULL PRIMARY KEY,
    account_id varchar(32) NOT NULL,
    user_id varchar(32) NOT NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    UNIQUE KEY account_membership_account_id_user_id_idx (account_id, user_id),
    KEY account_membership_user_id_idx (user_id),
    CONSTRAINT account_membership_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE,
    CONSTRAINT account_membership_user_id_fk FOREIGN KEY (user_id) REFERENCES user (id) ON DELETE CASCADE
  ) ${TABLE}`,
  `CREATE TABLE user_permission (
    id varchar(32) NOT NULL PRIMARY KEY,
    user_id varchar(32) NOT NULL,
    permission_type_id int NOT NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    UNIQUE KEY user_permission_user_id_permission_type_id_idx (user_id, permission_type_id),
    KEY user_permission_permission_type_id_idx (permission_type_id),
    CONSTRAINT user_permission_user_id_fk FOREIGN KEY (user_id) REFERENCES user (id) ON DELETE CASCADE,
    CONSTRAINT user_permission_permission_type_id_fk FOREIGN KEY (permission_type_id) REFERENCES permission_type (id)
  ) ${TABLE}`,
  `CREATE TABLE email_config (
    id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
    name varchar(64) NOT NULL,
    UNIQUE KEY email_config_name_idx (name)
  ) ${TABLE}`,
  `CREATE TABLE user_email_config (
    id varchar(32) NOT NULL PRIMARY KEY,
    user_id varchar(32) NOT NULL,
    email_config_id int NOT NULL,
    active boolean NOT NULL DEFAULT true,
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    UNIQUE KEY user_email_config_user_id_email_config_id_idx (user_id, email_config_id),
    KEY user_email_config_email_config_id_idx (email_config_id),
    CONSTRAINT user_email_config_user_id_fk FOREIGN KEY (user_id) REFERENCES user (id) ON DELETE CASCADE,
    CONSTRAINT user_email_config_email_config_id_fk FOREIGN KEY (email_config_id) REFERENCES email_config (id)
  ) ${TABLE}`,
  `CREATE TABLE terms (
    id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
    language_code varchar(8) NOT NULL,
    confirmation_text text NOT NULL,
    link varchar(2048) NOT NULL,
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    UNIQUE KEY terms_language_code_idx (language_code),
    CONSTRAINT terms_language_code_fk FOREIGN KEY (language_code) REFERENCES system_language (code)
  ) ${TABLE}`,
  `CREATE TABLE footer_link (
    id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
    language_code varchar(8) NOT NULL,
    kind enum('imprint','helpcenter','terms','privacy_policy') NOT NULL,
    url varchar(2048) NOT NULL,
    UNIQUE KEY footer_link_language_code_kind_idx (language_code, kind),
    CONSTRAINT footer_link_language_code_fk FOREIGN KEY (language_code) REFERENCES system_language (code)
  ) ${TABLE}`,
  `CREATE TABLE session (
    id varchar(64) NOT NULL PRIMARY KEY,
    user_id varchar(32) NOT NULL,
    expires_at datetime(3) NOT NULL,
    revoked_at datetime(3) NULL,
    revoked_reason varchar(32) NULL,
    ip varchar(45) NULL,
    user_agent varchar(512) NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    last_seen_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY session_user_id_idx (user_id),
    KEY session_expires_at_idx (expires_at),
    CONSTRAINT session_user_id_fk FOREIGN KEY (user_id) REFERENCES user (id) ON DELETE CASCADE
  ) ${TABLE}`,
  `CREATE TABLE one_time_token (
    id varchar(32) NOT NULL PRIMARY KEY,
    user_id varchar(32) NOT NULL,
    purpose varchar(64) NOT NULL,
    token_hash char(64) NOT NULL,
    payload json NULL,
    expires_at datetime(3) NOT NULL,
    used_at datetime(3) NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    UNIQUE KEY one_time_token_token_hash_idx (token_hash),
    KEY one_time_token_user_id_purpose_idx (user_id, purpose),
    KEY one_time_token_expires_at_idx (expires_at),
    CONSTRAINT one_time_token_user_id_fk FOREIGN KEY (user_id) REFERENCES user (id) ON DELETE CASCADE
  ) ${TABLE}`,
  `CREATE TABLE user_tour (
    user_id varchar(32) NOT NULL,
    tour varchar(64) NOT NULL,
    finished_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (user_id, tour),
    CONSTRAINT user_tour_user_id_fk FOREIGN KEY (user_id) REFERENCES user (id) ON DELETE CASCADE
  ) ${TABLE}`,
];

const tables = [
  "system_language",
  "epaper_language",
  "permission_type",
  "account",
  "user",
  "account_membership",
  "user_permission",
  "email_config",
  "user_email_config",
  "terms",
  "footer_link",
  "session",
  "one_time_token",
  "user_tour",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...tables].reverse()) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
