/** The databases and Redis the test suites use; never the development database. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/epaper_test";
// Redis database 15 keeps test keys away from a developer's running studio (database 0).
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/15";

/**
 * The suite's S3-compatible server, started by tests/setup/global-setup.ts (TEST_S3_ENDPOINT
 * points elsewhere, e.g. at a MinIO, to run the same tests against another store).
 */
export const TEST_S3 = {
  endpoint: process.env.TEST_S3_ENDPOINT ?? "http://127.0.0.1:25421",
  accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? "S3RVER",
  secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? "S3RVER",
  region: "us-east-1",
} as const;

/** A database of its own for a test that migrates or seeds from scratch. */
export function scratchDatabaseUrl(label: string) {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/epaper_test_${label}_${process.pid}`;
  return url.toString();
}
