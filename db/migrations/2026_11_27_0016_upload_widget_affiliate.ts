import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// The embedded upload widget's code for customers' sites (issue 30 item 5, ADR 0052): an
// account's affiliate digest, which its widget code carries; the account whose widget created a
// try-it account; and the page of the customer's site that try-it account came from.
const statements = [
  // Made once, when the account first asks for its widget code; public (it stands in customers' pages).
  "ALTER TABLE account ADD COLUMN affiliate_digest varchar(32) NULL AFTER customer_id",
  "ALTER TABLE account ADD UNIQUE KEY account_affiliate_digest_idx (affiliate_digest)",
  // Kept when the try-it account signs up; forgotten when the referring account is removed.
  "ALTER TABLE account ADD COLUMN referred_by_account_id varchar(32) NULL AFTER affiliate_digest",
  `ALTER TABLE account ADD CONSTRAINT account_referred_by_account_id_fk
    FOREIGN KEY (referred_by_account_id) REFERENCES account (id) ON DELETE SET NULL`,
  "ALTER TABLE account ADD COLUMN widget_return_url varchar(2048) NULL AFTER referred_by_account_id",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("ALTER TABLE account DROP COLUMN widget_return_url").execute(db);
  await sql.raw("ALTER TABLE account DROP FOREIGN KEY account_referred_by_account_id_fk").execute(db);
  await sql.raw("ALTER TABLE account DROP COLUMN referred_by_account_id").execute(db);
  await sql.raw("ALTER TABLE account DROP KEY account_affiliate_digest_idx").execute(db);
  await sql.raw("ALTER TABLE account DROP COLUMN affiliate_digest").execute(db);
}
