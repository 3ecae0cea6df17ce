import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { dropDatabase, ensureDatabase } from "#db/admin";
import { createDb } from "#db/client";
import { migrateToLatest } from "#db/migrator";
import { seed } from "#db/seed";
import { hashPassword } from "#app/auth/password.server";
import { startLocalS3 } from "#server/s3-local/s3-local";
import { TEST_PORTS } from "#tests/support/test-ports";
import { TEST_DATABASE_URL } from "./test-env.ts";

/**
 * Once per test run: a fresh, migrated and seeded test database, and the local S3-compatible
 * server the S3 driver's tests use (unless TEST_S3_ENDPOINT names another); stopped at the end.
 */
export default async function setup() {
  const s3 = process.env.TEST_S3_ENDPOINT
    ? null
    : await startLocalS3({ port: TEST_PORTS.s3, directory: await mkdtemp(path.join(os.tmpdir(), "epaper-test-s3-")) });
  await dropDatabase(TEST_DATABASE_URL);
  await ensureDatabase(TEST_DATABASE_URL);
  const db = createDb(TEST_DATABASE_URL, { connectionLimit: 1 });
  try {
    await migrateToLatest(db);
    await seed(db, { studioUrl: "http://localhost:3000", hashPassword });
  } finally {
    await db.destroy();
  }
  return async () => {
    await s3?.close();
  };
}
