import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { scratchDatabaseUrl } from "#tests/setup/test-env";
import { dropDatabase, ensureDatabase } from "./admin.ts";
import { createDb, type Database } from "./client.ts";
import { migrateAllDown, migrateToLatest } from "./migrator.ts";

const url = scratchDatabaseUrl("migrations");
let db: Database;

async function tables() {
  const { rows } = await sql<{ name: string }>`
    SELECT TABLE_NAME AS name FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME NOT LIKE 'kysely_migration%' ORDER BY TABLE_NAME`.execute(db);
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  await ensureDatabase(url);
  db = createDb(url, { connectionLimit: 1 });
});

afterAll(async () => {
  await db.destroy();
  await dropDatabase(url);
});

// Every entity of both spec documents (section 3), one table each, plus one detail table per media kind.
const EXPECTED_TABLES = [
  "account",
  "account_membership",
  "api_idempotency_key",
  "api_key",
  "channel",
  "email_config",
  "email_job",
  "epaper",
  "epaper_language",
  "epaper_setting",
  "folder",
  "footer_link",
  "gallery",
  "gallery_media",
  "job_heartbeat",
  "licence_history",
  "media",
  "news",
  "one_time_token",
  "page",
  "page_draft",
  "page_media",
  "page_media_custom_html",
  "page_media_external_link",
  "page_media_gallery",
  "page_media_internal_link",
  "page_media_mailto_link",
  "page_media_type",
  "page_media_video",
  "page_operation",
  "permission_type",
  "player_icon",
  "publication",
  "render_process",
  "session",
  "stats_applied",
  "stats_daily",
  "stats_devices",
  "stats_elements",
  "stats_pages",
  "stats_referrers",
  "stats_searches",
  "shop_channel_subscription",
  "shop_order_code",
  "shop_webhook_event",
  "subdomain",
  "support_audit",
  "system_language",
  "system_preference",
  "terms",
  "toc_item",
  "upload",
  "user",
  "user_email_config",
  "user_permission",
  "user_tour",
  "webhook_attempt",
  "webhook_delivery",
  "webhook_endpoint",
].sort();

test("migrations run up, down and up again cleanly", async () => {
  const firstUp = await migrateToLatest(db);
  expect(firstUp.length).toBeGreaterThan(0);
  expect(await tables()).toEqual(EXPECTED_TABLES);

  const down = await migrateAllDown(db);
  expect(down).toHaveLength(firstUp.length);
  expect(await tables()).toEqual([]);

  expect(await migrateToLatest(db)).toEqual(firstUp);
  expect(await tables()).toEqual(EXPECTED_TABLES);
  expect(await migrateToLatest(db)).toEqual([]); // nothing left to apply
});

test("every table stores text as utf8mb4 and every foreign key has an index", async () => {
  const { rows: collations } = await sql<{ name: string; collation: string }>`
    SELECT TABLE_NAME AS name, TABLE_COLLATION AS collation FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME NOT LIKE 'kysely_migration%'`.execute(db);
  for (const row of collations) expect(row.collation, row.name).toMatch(/^utf8mb4/);

  const { rows: unindexed } = await sql<{ name: string }>`
    SELECT CONCAT(k.TABLE_NAME, '.', k.COLUMN_NAME) AS name FROM information_schema.KEY_COLUMN_USAGE k
    WHERE k.TABLE_SCHEMA = DATABASE() AND k.REFERENCED_TABLE_NAME IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM information_schema.STATISTICS s
      WHERE s.TABLE_SCHEMA = k.TABLE_SCHEMA AND s.TABLE_NAME = k.TABLE_NAME
        AND s.COLUMN_NAME = k.COLUMN_NAME AND s.SEQ_IN_INDEX = 1)`.execute(db);
  expect(unindexed.map((r) => r.name)).toEqual([]);
});

test("a 4-byte character survives a round trip", async () => {
  await db.insertInto("systemLanguage").values({ code: "xx", name: "名前 😀", position: 9 }).execute();
  const row = await db.selectFrom("systemLanguage").select("name").where("code", "=", "xx").executeTakeFirstOrThrow();
  expect(row.name).toBe("名前 😀");
  await db.deleteFrom("systemLanguage").where("code", "=", "xx").execute();
});
