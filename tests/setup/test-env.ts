/** The databases and Redis the test suites use; never the development database. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/epaper_test";
// Redis database 15 keeps test keys away from a developer's running studio (database 0).
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/15";

/** A database of its own for a test that migrates or seeds from scratch. */
export function scratchDatabaseUrl(label: string) {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/epaper_test_${label}_${process.pid}`;
  return url.toString();
}
