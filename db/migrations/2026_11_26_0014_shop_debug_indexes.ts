import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// The support's shop debug (issue 14) lists the latest webhook events and subscriptions: indexes
// on their times keep that page's cost independent of how many there are.

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw("CREATE INDEX shop_webhook_event_received_at_idx ON shop_webhook_event (received_at)").execute(db);
  await sql.raw("CREATE INDEX shop_channel_subscription_created_at_idx ON shop_channel_subscription (created_at)").execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("DROP INDEX shop_channel_subscription_created_at_idx ON shop_channel_subscription").execute(db);
  await sql.raw("DROP INDEX shop_webhook_event_received_at_idx ON shop_webhook_event").execute(db);
}
