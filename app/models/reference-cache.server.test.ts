import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { savePreference } from "./preferences.server.ts";
import { findSupportEmail } from "#app/preferences/system-preference.server";
import type { Database } from "#db/client";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { permissionSubject } from "#tests/support/permission-subject";
import { createScratchDatabase } from "#tests/support/scratch-database";
import { forgetReference, REFERENCE_MEMORY_MAX_KEYS, remembered } from "#app/utils/reference-cache.server";

// The reference memory (ADR 0054): one read per lifetime and database, shared by concurrent
// requests, a failed read not kept, and a write through the studio forgets at once.

const counting = () => {
  let reads = 0;
  return {
    load: async () => {
      reads += 1;
      return reads;
    },
    reads: () => reads,
  };
};

afterEach(() => {
  process.env.REFERENCE_CACHE_MS = "0";
});

test("rows are read once per lifetime and database; concurrent requests share the read; 0 switches it off", async () => {
  process.env.REFERENCE_CACHE_MS = "2000";
  const db = {};
  const other = {};
  const source = counting();
  const [a, b] = await Promise.all([remembered(db, "k", source.load, 1_000), remembered(db, "k", source.load, 1_000)]);
  expect([a, b, source.reads()]).toEqual([1, 1, 1]);
  expect(await remembered(db, "k", source.load, 2_999)).toBe(1);
  expect(await remembered(other, "k", source.load, 2_999)).toBe(2);
  // Older than the lifetime: read again.
  expect(await remembered(db, "k", source.load, 3_000)).toBe(3);
  forgetReference(db, "k");
  expect(await remembered(db, "k", source.load, 3_001)).toBe(4);
  process.env.REFERENCE_CACHE_MS = "0";
  expect(await remembered(db, "k", source.load, 3_002)).toBe(5);
  expect(await remembered(db, "k", source.load, 3_002)).toBe(6);
});

test("a failed read is not kept; forgetting takes only the keys with the prefix", async () => {
  process.env.REFERENCE_CACHE_MS = "2000";
  const db = {};
  await expect(remembered(db, "news:de", () => Promise.reject(new Error("down")), 1_000)).rejects.toThrow("down");
  expect(await remembered(db, "news:de", async () => "read again", 1_001)).toBe("read again");
  await remembered(db, "terms:de", async () => "terms", 1_001);
  forgetReference(db, "news:");
  expect(await remembered(db, "news:de", async () => "forgotten", 1_002)).toBe("forgotten");
  expect(await remembered(db, "terms:de", async () => "not forgotten", 1_002)).toBe("terms");
});

test("the memory of one database stays bounded: the expired keys go first, else all", async () => {
  process.env.REFERENCE_CACHE_MS = "2000";
  const db = {};
  const source = counting();
  for (let key = 0; key < REFERENCE_MEMORY_MAX_KEYS; key++) await remembered(db, `old:${key}`, source.load, 1_000);
  expect(await remembered(db, "old:0", source.load, 1_500)).toBe(1);
  // Full, and every key expired: they go, the new one stays.
  await remembered(db, "fresh", source.load, 3_500);
  expect(await remembered(db, "old:0", async () => "read again", 3_600)).toBe("read again");
  expect(await remembered(db, "fresh", async () => "not kept", 3_600)).toBe(REFERENCE_MEMORY_MAX_KEYS + 1);
  // Full of keys still alive: all of them go.
  for (let key = 0; key < REFERENCE_MEMORY_MAX_KEYS; key++) await remembered(db, `live:${key}`, source.load, 4_000);
  await remembered(db, "newest", source.load, 4_001);
  expect(await remembered(db, "live:1", async () => "read again", 4_002)).toBe("read again");
});

let scratch: { db: Database; drop(): Promise<void> };
const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
beforeAll(async () => {
  scratch = await createScratchDatabase("reference_cache");
});
afterAll(async () => {
  await scratch.drop();
  redis.disconnect();
});

test("a preference saved through the studio is seen at once; one written behind its back only after the lifetime", async () => {
  process.env.REFERENCE_CACHE_MS = "60000";
  const { db } = scratch;
  const admin = permissionSubject({ id: "admin", accountId: "a", baseAccountId: "a", permissions: ["4"] });
  const before = await findSupportEmail(db);
  await db
    .updateTable("systemPreference")
    .set({ json: JSON.stringify({ supportEmail: { email: "behind@example.org" } }) })
    .where("name", "=", "Support")
    .execute();
  expect(await findSupportEmail(db)).toBe(before);
  await savePreference({ db, redis }, admin, "Support", JSON.stringify({ supportEmail: { email: "saved@example.org" } }));
  expect(await findSupportEmail(db)).toBe("saved@example.org");
});
