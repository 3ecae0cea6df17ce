import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// API keys of the public API (issue 32, ADR 0056): per account, made in the account drawer. The
// secret is shown once; only its SHA-256 is kept. `prefix` (ep_live_ and a random lookup part)
// is shown in lists and finds the row; `scopes` is a comma list of read, write, publish.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

const statements = [
  `CREATE TABLE api_key (
    id varchar(32) NOT NULL PRIMARY KEY,
    account_id varchar(32) NOT NULL,
    created_by_user_id varchar(32) NULL,
    name varchar(100) NOT NULL,
    prefix varchar(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    secret_hash char(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    scopes varchar(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    last_used_at datetime(3) NULL,
    revoked_at datetime(3) NULL,
    UNIQUE KEY api_key_prefix_idx (prefix),
    KEY api_key_account_id_created_at_idx (account_id, created_at),
    CONSTRAINT api_key_account_id_fk FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE,
    CONSTRAINT api_key_created_by_user_id_fk FOREIGN KEY (created_by_user_id) REFERENCES user (id) ON DELETE SET NULL
  ) ${TABLE}`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("DROP TABLE api_key").execute(db);
}
