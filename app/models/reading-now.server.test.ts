import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { SessionUser } from "#app/auth/session.server";
import { AppError } from "#app/errors/app-error";
import type { PermissionSubject } from "#app/rules/permissions";
import { createStatsIngest } from "#app/stats/stats-ingest.server";
import { statsKeys } from "#app/stats/stats-stream.server";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { insertStatsEpaper } from "#tests/support/readership-stats";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { keepWatchingReadingNow, loadReadingNow, receivesStatistics } from "./reading-now.server.ts";

// Issue 31 item 4, 'reading now' on the statistics screen: the count and the screen's watch, for
// the caller's own ePaper only, refused as the statistics are; unknown (not an error) without Redis.

const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

let redis: Redis;
let mine: PermissionSubject;
let theirs: PermissionSubject;
let prefix: string;
const prefixes: string[] = [];

beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  const subjects: PermissionSubject[] = [];
  for (let n = 0; n < 2; n++) {
    const { accountId, userId } = await insertAccountWithUser(db);
    subjects.push(permissionSubject({ id: userId, accountId, baseAccountId: accountId, permissions: ["1"] }));
  }
  [mine, theirs] = subjects as [PermissionSubject, PermissionSubject];
});

beforeEach(() => {
  // Keys of this test's own (the suite shares Redis database 15), under the statistics' key scheme.
  prefix = `reading-now-model-test-${createId()}`;
  prefixes.push(prefix);
});

afterAll(async () => {
  for (const used of prefixes) {
    const leftovers = await redis.keys(`${used}:*`);
    if (leftovers.length) await redis.del(...leftovers);
  }
  await redis.quit();
  await db.deleteFrom("account").where("id", "in", [mine.accountId, theirs.accountId]).execute();
  await db.destroy();
});

const deps = () => ({ db, redis, prefix });
const keys = () => statsKeys(prefix);

/** One beacon through the real ingest (the content origin's half), as a reader at `ip` sends it. */
async function send(epaperId: string, ip = "10.0.0.1") {
  const ingest = createStatsIngest({ db, redis, prefix });
  const body = Buffer.from(JSON.stringify({ v: 1, events: [{ t: "open", ref: "", w: 1200 }] }));
  const target = { epaperId, source: "preview" as const, channelId: null };
  expect(await ingest.ingest({ target, headers: { "user-agent": DESKTOP }, ip, body, ownHosts: ["content.test"] })).toBe("queued");
}

describe("the count on the statistics screen", () => {
  test("answers the readers of the caller's own ePaper", async () => {
    const { epaperId } = await insertStatsEpaper(db, mine.accountId);
    await send(epaperId);
    await send(epaperId, "10.0.0.9");
    expect(await loadReadingNow(deps(), mine, epaperId)).toBe(2);
    expect(await keepWatchingReadingNow(deps(), mine, epaperId)).toBe(2);
  });

  test("another account's, a deleted or an unknown ePaper is not found; without epaperDetails it is refused", async () => {
    const { epaperId: theirEpaper } = await insertStatsEpaper(db, theirs.accountId);
    const { epaperId: deleted } = await insertStatsEpaper(db, mine.accountId, { deletedAt: new Date() });
    await send(theirEpaper);
    for (const epaperId of [theirEpaper, deleted, createId()]) {
      await expect(loadReadingNow(deps(), mine, epaperId)).rejects.toMatchObject({ status: 404 });
      await expect(keepWatchingReadingNow(deps(), mine, epaperId)).rejects.toMatchObject({ status: 404 });
    }
    // A refused caller sets no watch on anybody's ePaper.
    expect(await redis.zcard(keys().liveWatch)).toBe(0);
    const { epaperId } = await insertStatsEpaper(db, mine.accountId);
    const generated = { ...mine, isGenerated: true };
    await expect(loadReadingNow(deps(), generated, epaperId)).rejects.toBeInstanceOf(AppError);
    await expect(keepWatchingReadingNow(deps(), { ...mine, isTemporary: true }, epaperId)).rejects.toMatchObject({ status: 403 });
  });

  test("is unknown (null), not an error, while Redis is away", async () => {
    const { epaperId } = await insertStatsEpaper(db, mine.accountId);
    const away = new Redis("redis://127.0.0.1:1", { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    away.on("error", () => {});
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      expect(await loadReadingNow({ db, redis: away }, mine, epaperId)).toBeNull();
      expect(await keepWatchingReadingNow({ db, redis: away }, mine, epaperId)).toBeNull();
    } finally {
      console.error = original;
      away.disconnect();
    }
    expect(errors).toHaveLength(1);
  });

  test("the account's statistics channel reaches only users who may see an ePaper's details", () => {
    const user = { ...mine, permissions: ["1"], emailConfigNames: [] } as unknown as SessionUser;
    expect(receivesStatistics(user)).toBe(true);
    expect(receivesStatistics({ ...user, isGenerated: true })).toBe(false);
    expect(receivesStatistics({ ...user, isTemporary: true })).toBe(false);
  });
});
