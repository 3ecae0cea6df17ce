import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// Issue 44 (ADR 0027): a queued mail's secret variables (one-time links, unsubscribe and preview
// links) are sealed in email_job.sealed_vars instead of resting readable in template_vars. Rows
// already delivered (or given up) lose theirs here: their links are spent, expired or never
// arrived, and nobody may read them again. A row still waiting is sealed at its delivery.
// user.email_change_requested_by: set while an e-mail change that support asked for waits for the
// user's approval (from the current address or the user's own session); the support user's address,
// named in the new address's mail once approved.

const SECRETS: Record<string, string> = {
  signup: "$.link",
  generatedUserSignup: "$.link",
  passwordReset: "$.link",
  setPassword: "$.link",
  emailReset: "$.link",
  deleteUser: "$.link",
  deleteAccount: "$.link",
  epaperReady: "$.unsubscribeLink",
  zipReady: "$.unsubscribeLink",
  channelPublicationReady: "$.unsubscribeLink",
  previewLinkGenerated: "$.previewUrl",
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw("ALTER TABLE email_job ADD COLUMN sealed_vars text CHARACTER SET ascii COLLATE ascii_bin NULL AFTER template_vars")
    .execute(db);
  await sql.raw("ALTER TABLE user ADD COLUMN email_change_requested_by varchar(254) NULL AFTER requested_email").execute(db);
  // A change support asked for before this migration and not yet confirmed now waits for the user's
  // approval too: its confirmation link (at the address support chose) is refused from here on.
  await sql`UPDATE user u SET u.email_change_requested_by = (
      SELECT a.actor_email FROM support_audit a
      WHERE a.target_type = 'user' AND a.target_id = u.id AND a.action = 'request:email'
        AND JSON_VALUE(a.after_json, '$.requestedEmail') = u.requested_email
      ORDER BY a.created_at DESC LIMIT 1)
    WHERE u.requested_email IS NOT NULL`.execute(db);
  for (const [type, path] of Object.entries(SECRETS)) {
    await sql`UPDATE email_job SET template_vars = JSON_REMOVE(template_vars, ${path})
      WHERE type = ${type} AND template_vars IS NOT NULL AND JSON_EXISTS(template_vars, ${path})
        AND (sent_at IS NOT NULL OR sandboxed = 1 OR failed_at IS NOT NULL)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("ALTER TABLE user DROP COLUMN email_change_requested_by").execute(db);
  await sql.raw("ALTER TABLE email_job DROP COLUMN sealed_vars").execute(db);
}
