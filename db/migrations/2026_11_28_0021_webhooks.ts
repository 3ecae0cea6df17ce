import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// Webhooks (issue 32 item 4, ADR 0058): an account's endpoints (address, signing secret, chosen
// events), one delivery per event and endpoint (the database is its truth: the queue's job only
// triggers the next attempt, and the worker's reconciler enqueues a due delivery again whose job
// is gone), and every attempt of a delivery for the drawer's log. The secret is kept as it is:
// the worker signs every attempt with it.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

const statements = [
  `CREATE TABLE webhook_endpoint (
    id varchar(32) NOT NULL PRIMARY KEY,
    account_id varchar(32) NOT NULL,
    created_by_user_id varchar(32) NULL,
    url varchar(2000) NOT NULL,
    secret varchar(100) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    events varchar(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY webhook_endpoint_account_id_created_at_idx (account_id, created_at),
    CONSTRAINT webhook_endpoint_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE,
    CONSTRAINT webhook_endpoint_created_by_user_id_fk FOREIGN KEY (created_by_user_id) REFERENCES user (id) ON DELETE SET NULL
  ) ${TABLE}`,
  `CREATE TABLE webhook_delivery (
    id varchar(32) NOT NULL PRIMARY KEY,
    endpoint_id varchar(32) NOT NULL,
    account_id varchar(32) NOT NULL,
    event_id varchar(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    event_type varchar(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    payload mediumtext NOT NULL,
    state enum('pending', 'delivered', 'failed') NOT NULL DEFAULT 'pending',
    attempts int NOT NULL DEFAULT 0,
    next_attempt_at datetime(3) NULL,
    last_status_code smallint NULL,
    last_error varchar(500) NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    delivered_at datetime(3) NULL,
    UNIQUE KEY webhook_delivery_endpoint_id_event_id_idx (endpoint_id, event_id),
    KEY webhook_delivery_endpoint_id_created_at_idx (endpoint_id, created_at),
    KEY webhook_delivery_state_next_attempt_at_idx (state, next_attempt_at),
    CONSTRAINT webhook_delivery_endpoint_id_fk FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
    CONSTRAINT webhook_delivery_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE
  ) ${TABLE}`,
  `CREATE TABLE webhook_attempt (
    id varchar(32) NOT NULL PRIMARY KEY,
    delivery_id varchar(32) NOT NULL,
    attempted_at datetime(3) NOT NULL,
    status_code smallint NULL,
    error varchar(500) NULL,
    duration_ms int NOT NULL,
    manual tinyint(1) NOT NULL DEFAULT 0,
    KEY webhook_attempt_delivery_id_attempted_at_idx (delivery_id, attempted_at),
    CONSTRAINT webhook_attempt_delivery_id_fk FOREIGN KEY (delivery_id) REFERENCES webhook_delivery (id) ON DELETE CASCADE
  ) ${TABLE}`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("DROP TABLE webhook_attempt").execute(db);
  await sql.raw("DROP TABLE webhook_delivery").execute(db);
  await sql.raw("DROP TABLE webhook_endpoint").execute(db);
}
