import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// The shop's webhook (issue 13, docs/decisions/0040-shop.md): every event the studio applied,
// by the shop's event id, so a replayed call (the shop retries until it gets a 2xx) changes
// nothing. The row is written in the same transaction as the event's effects.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`CREATE TABLE shop_webhook_event (
    event_id varchar(128) NOT NULL PRIMARY KEY,
    type varchar(64) NOT NULL,
    account_id varchar(32) NULL,
    received_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY shop_webhook_event_account_id_idx (account_id),
    CONSTRAINT shop_webhook_event_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE SET NULL
  ) ${TABLE}`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("DROP TABLE shop_webhook_event").execute(db);
}
