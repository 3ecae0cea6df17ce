/**
 * Regenerates db/schema.gen.ts from the migrations: a scratch database is migrated to the
 * latest version and introspected, so the migrations stay the one source of truth.
 * `--verify` fails when the committed file is out of date (run by the test command).
 */
import { execFileSync } from "node:child_process";
import { sql } from "kysely";
import { dropDatabase, ensureDatabase } from "#db/admin";
import { createDb } from "#db/client";
import { migrateToLatest } from "#db/migrator";
import { getEnv } from "#app/utils/env.server";

const verify = process.argv.includes("--verify");
const url = new URL(getEnv().DATABASE_URL);
url.pathname = `/epaper_codegen_${process.pid}`;
const scratch = url.toString();

await ensureDatabase(scratch);
const db = createDb(scratch, { connectionLimit: 1 });
try {
  await migrateToLatest(db);
  // MySQL reports JSON columns as json; MariaDB stores them as longtext with a json_valid check.
  const { rows } = await sql<{ tableName: string; columnName: string; isNullable: string }>`
    SELECT c.TABLE_NAME AS table_name, c.COLUMN_NAME AS column_name, c.IS_NULLABLE AS is_nullable
    FROM information_schema.COLUMNS c
    WHERE c.TABLE_SCHEMA = DATABASE() AND (c.DATA_TYPE = 'json' OR EXISTS (
      SELECT 1 FROM information_schema.CHECK_CONSTRAINTS k
      WHERE k.CONSTRAINT_SCHEMA = c.TABLE_SCHEMA AND k.TABLE_NAME = c.TABLE_NAME
        AND k.CHECK_CLAUSE LIKE CONCAT('%json_valid(', CHAR(96), c.COLUMN_NAME, CHAR(96), ')%')))
    ORDER BY c.TABLE_NAME, c.COLUMN_NAME`.execute(db);
  const columns = Object.fromEntries(
    rows.map((r) => [
      `${r.tableName}.${r.columnName}`,
      r.isNullable === "YES"
        ? "ColumnType<JsonValue | null, string | null | undefined, string | null>"
        : "ColumnType<JsonValue, string, string>",
    ]),
  );
  execFileSync(
    "npx",
    [
      "kysely-codegen",
      "--dialect=mysql",
      "--camel-case",
      `--url=${scratch}`,
      "--exclude-pattern=kysely_*",
      "--out-file=db/schema.gen.ts",
      `--type-mapping=${JSON.stringify({ tinyint: "boolean", decimal: "number" })}`,
      `--overrides=${JSON.stringify({ columns })}`,
      ...(verify ? ["--verify"] : []),
    ],
    { stdio: "inherit" },
  );
} finally {
  await db.destroy();
  await dropDatabase(scratch);
}
