import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// Issue 45 (ADR 0058 addendum): each webhook attempt keeps what a receiver's developer needs to
// debug it: the request headers sent (no secret travels in them), the response's headers (a
// Set-Cookie value replaced) and the first KB of the response's body. The request body is the
// delivery's payload, kept once per delivery. Older attempts have none.

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      "ALTER TABLE webhook_attempt ADD COLUMN request_headers text NULL, ADD COLUMN response_headers text NULL, ADD COLUMN response_body text NULL",
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw("ALTER TABLE webhook_attempt DROP COLUMN request_headers, DROP COLUMN response_headers, DROP COLUMN response_body")
    .execute(db);
}
