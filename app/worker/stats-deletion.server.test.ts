import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { removeAccount } from "#app/models/account-removal.server";
import { createStatsIngest } from "#app/stats/stats-ingest.server";
import { applyEntries, ensureStatsGroup, readNewEntries } from "#app/stats/stats-rollup.server";
import { statsKeys } from "#app/stats/stats-stream.server";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { DELETED_EPAPER_GRACE_MS, purgeDeletedEpapers } from "./purge-deleted-epapers.handler.server.ts";

// Issue 31 (ADR 0053): an ePaper's readership statistics go with it: when the purge removes a
// deleted ePaper after its grace time, and when its account is removed.

const PREFIX = `stats-test-${createId()}`;
const TABLES = ["statsDaily", "statsPages", "statsElements", "statsSearches", "statsReferrers", "statsDevices"] as const;
let redis: Redis;
let dataDir: string;
let blobs: FolderBlobStore;

beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  await ensureStatsGroup(redis, statsKeys(PREFIX));
  dataDir = await mkdtemp(path.join(tmpdir(), "stats-deletion-"));
  blobs = new FolderBlobStore(dataDir);
});

afterAll(async () => {
  const leftovers = await redis.keys(`${PREFIX}:*`);
  if (leftovers.length) await redis.del(...leftovers);
  await redis.quit();
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

/** An ePaper with a page, a media element and one row in every statistics table. */
async function epaperWithStatistics(accountId: string) {
  const epaperId = createId();
  await db.insertInto("epaper").values({ id: epaperId, accountId, name: "Stats", languageCode: "en", pageCount: 1 }).execute();
  const pageId = createId();
  await db.insertInto("page").values({ id: pageId, epaperId, page: 1, sourcePage: 1 }).execute();
  const type = await db.selectFrom("pageMediaType").select("id").where("name", "=", "externalLink").executeTakeFirstOrThrow();
  const elementId = createId();
  await db.insertInto("pageMedia").values({ id: elementId, pageId, pageMediaTypeId: type.id }).execute();
  const outcome = await createStatsIngest({ db, redis, prefix: PREFIX }).ingest({
    target: { epaperId, source: "preview", channelId: null },
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" },
    ip: "10.0.0.1",
    body: Buffer.from(
      JSON.stringify({
        v: 1,
        events: [
          { t: "open", ref: "https://example.org/", w: 1280 },
          { t: "page", p: 1, ms: 10 },
          { t: "media", id: elementId, a: "click" },
          { t: "search", q: "x" },
        ],
      }),
    ),
    ownHosts: [],
  });
  expect(outcome).toBe("queued");
  const rollup = { db, redis, prefix: PREFIX, consumer: "deletion" };
  await applyEntries(rollup, await readNewEntries(rollup));
  return epaperId;
}

const rowsOf = async (epaperId: string) =>
  Promise.all(
    TABLES.map(async (table) => (await db.selectFrom(table).select("epaperId").where("epaperId", "=", epaperId).execute()).length),
  );

test("the purge of a deleted ePaper deletes its statistics; removing the account deletes the rest", async () => {
  const { accountId } = await insertAccountWithUser(db);
  const kept = await epaperWithStatistics(accountId);
  const purged = await epaperWithStatistics(accountId);
  expect(await rowsOf(purged)).toEqual([1, 1, 1, 1, 1, 1]);
  // A deleted ePaper stays restorable for its grace time, its statistics with it; the purge removes both.
  await db
    .updateTable("epaper")
    .set({ deletedAt: new Date(Date.now() - DELETED_EPAPER_GRACE_MS - 60_000) })
    .where("id", "=", purged)
    .execute();
  await purgeDeletedEpapers({ db, blobs });
  expect(await rowsOf(purged)).toEqual([0, 0, 0, 0, 0, 0]);
  expect(await rowsOf(kept)).toEqual([1, 1, 1, 1, 1, 1]);
  expect(await removeAccount({ db, blobs, redis }, accountId)).toBe("removed");
  expect(await rowsOf(kept)).toEqual([0, 0, 0, 0, 0, 0]);
});
