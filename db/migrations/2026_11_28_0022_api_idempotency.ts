import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// Idempotency keys of the public API's POST calls (issue 32, ADR 0056): per account, the first
// call with a key claims the row (status_code null while it runs) and stores its answer; a retry
// with the same key and the same request gets that answer again instead of a second ePaper.
// Rows older than a day are purged.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

const statements = [
  `CREATE TABLE api_idempotency_key (
    id varchar(32) NOT NULL PRIMARY KEY,
    account_id varchar(32) NOT NULL,
    idempotency_key varchar(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    request_hash char(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    status_code smallint NULL,
    response_body mediumtext NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    UNIQUE KEY api_idempotency_key_account_key_idx (account_id, idempotency_key),
    KEY api_idempotency_key_created_at_idx (created_at),
    CONSTRAINT api_idempotency_key_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE
  ) ${TABLE}`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("DROP TABLE api_idempotency_key").execute(db);
}
