import { Redis } from "ioredis";
import { TEST_REDIS_URL } from "#tests/setup/test-env";

/**
 * The suite's Redis for a test file's statistics stream (ADR 0053), its keys under a prefix of its
 * own (statsKeys(prefix)), so that files side by side never meet each other's entries.
 */
export const openStatsRedis = () => new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });

/** Deletes the keys the file left under `prefix` and closes the connection (afterAll). */
export async function closeStatsRedis(redis: Redis, prefix: string) {
  const leftovers = await redis.keys(`${prefix}:*`);
  if (leftovers.length) await redis.del(...leftovers);
  await redis.quit();
}
