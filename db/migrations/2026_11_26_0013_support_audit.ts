import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// The support back office (issue 14, docs/decisions/0042-support-back-office.md): every write a
// support user makes on customer data, with who, when, what, and the values before and after, so
// it can be traced. The actor's e-mail is copied: the trail must outlive a deleted supporter.
// The account is kept as a plain id for the same reason (a removed account's trail stays
// readable to whoever looks it up by id); it is indexed for the account drawer's newest-first list.
const TABLE = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`CREATE TABLE support_audit (
    id varchar(32) NOT NULL PRIMARY KEY,
    actor_user_id varchar(32) NULL,
    actor_email varchar(255) NOT NULL,
    account_id varchar(32) NULL,
    target_type varchar(32) NOT NULL,
    target_id varchar(64) NOT NULL,
    action varchar(64) NOT NULL,
    before_json longtext NULL,
    after_json longtext NULL,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY support_audit_account_id_created_at_idx (account_id, created_at),
    KEY support_audit_actor_user_id_idx (actor_user_id),
    KEY support_audit_target_type_target_id_idx (target_type, target_id),
    CONSTRAINT support_audit_actor_user_id_fk FOREIGN KEY (actor_user_id) REFERENCES user (id) ON DELETE SET NULL
  ) ${TABLE}`)
    .execute(db);
  // The developer kit forces an error on the admin's own session (issue 14): the error's name.
  await sql.raw("ALTER TABLE session ADD COLUMN forced_error varchar(64) NULL").execute(db);
  // Support searches ePapers by name across all accounts: a prefix is a range of this index, and
  // with deleted_at in it the count of the matches never reads the rows (bench:support).
  await sql.raw("CREATE INDEX epaper_name_deleted_at_idx ON epaper (name, deleted_at)").execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("DROP INDEX epaper_name_deleted_at_idx ON epaper").execute(db);
  await sql.raw("ALTER TABLE session DROP COLUMN forced_error").execute(db);
  await sql.raw("DROP TABLE support_audit").execute(db);
}
