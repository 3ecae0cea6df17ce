import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

const statements = [
  `CREATE TABLE news (
    id varchar(32) NOT NULL PRIMARY KEY,
    position int NOT NULL DEFAULT 0,
    active boolean NOT NULL DEFAULT false,
    lang varchar(8) NOT NULL,
    headline varchar(200) NOT NULL,
    text mediumtext NOT NULL,
    image_media_id varchar(32) NULL,
    start_date datetime(3) NULL,
    end_date datetime(3) NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    KEY news_lang_active_position_idx (lang, active, position),
    CONSTRAINT news_lang_fk FOREIGN KEY (lang) REFERENCES system_language (code),
    CONSTRAINT news_image_media_id_fk FOREIGN KEY (image_media_id) REFERENCES media (id) ON DELETE SET NULL
  ) ${TABLE}`,
  // One row per mail the product sends; the email queue retries and records the outcome here.
  `CREATE TABLE email_job (
    id varchar(32) NOT NULL PRIMARY KEY,
    user_id varchar(32) NULL,
    recipient_email varchar(254) NOT NULL,
    type varchar(64) NOT NULL,
    email_config_id int NULL,
    language varchar(8) NOT NULL,
    template_vars json NULL,
    attempts int NOT NULL DEFAULT 0,
    mailer_message_id varchar(255) NULL,
    mailer_error text NULL,
    sandboxed boolean NOT NULL DEFAULT false,
    sent_at datetime(3) NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    KEY email_job_user_id_idx (user_id),
    KEY email_job_recipient_email_idx (recipient_email),
    KEY email_job_attempts_idx (attempts),
    KEY email_job_created_at_idx (created_at),
    CONSTRAINT email_job_user_id_fk FOREIGN KEY (user_id) REFERENCES user (id) ON DELETE SET NULL,
    CONSTRAINT email_job_email_config_id_fk FOREIGN KEY (email_config_id) REFERENCES email_config (id)
  ) ${TABLE}`,
  `CREATE TABLE system_preference (
    id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
    name varchar(64) NOT NULL,
    json json NOT NULL,
    json_schema json NOT NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    UNIQUE KEY system_preference_name_idx (name)
  ) ${TABLE}`,
];

const tables = ["news", "email_job", "system_preference"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...tables].reverse()) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
