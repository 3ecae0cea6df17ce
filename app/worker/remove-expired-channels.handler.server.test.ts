import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { BlobStore } from "#app/blob/blob-store.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { accountChannel } from "#app/events/catalogue";
import { db } from "#app/utils/db.server";
import { withCronjobsOff } from "#tests/support/cronjobs";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { removeExpiredChannels } from "./remove-expired-channels.handler.server.ts";

// A channel whose removal date has passed goes (issue 13; ADR 0039): its files, its address, and
// the account hears it; a channel still subscribed, still publishing or due later stays.

const redisUrl = (() => {
  const url = new URL(TEST_REDIS_URL);
  url.pathname = "/1";
  return url.toString();
})();
let dataDir: string;
let blobs: BlobStore;
let redis: Redis;
let subscriber: Redis;
let accountId: string;
const heard: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "epaper-channel-job-"));
  blobs = new FolderBlobStore(dataDir);
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  // Connected (ready check and SELECT done) before it subscribes: a SUBSCRIBE that overtakes the
  // ready check puts the connection in subscriber mode, the check fails and the events never come.
  subscriber = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  await subscriber.connect();
  ({ accountId } = await insertAccountWithUser(db));
  await subscriber.subscribe(accountChannel(accountId));
  subscriber.on("message", (_channel, message) => heard.push(message));
});

afterAll(async () => {
  await subscriber.quit();
  await redis.quit();
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

async function channelWithFiles(values: { removeAt: Date | null; processRunning?: boolean }) {
  const id = createId();
  const blobPrefix = `channels/${id}/rev1`;
  await blobs.put(`${blobPrefix}/index.html`, Buffer.from("reader"));
  await db
    .insertInto("channel")
    .values({ id, accountId, name: `Channel ${id.slice(0, 5)}`, shortPath: createId().slice(0, 10), blobPrefix, ...values })
    .execute();
  return { id, blobPrefix };
}

test("removes channels past their removal date with their files; keeps the others; only while cron jobs run", async () => {
  // Long ago: other test files' channels (removal dates around today) are not due at this moment.
  const now = new Date("2001-01-01T00:00:00Z");
  const expired = await channelWithFiles({ removeAt: new Date(now.getTime() - 60_000) });
  const later = await channelWithFiles({ removeAt: new Date(now.getTime() + 3600_000) });
  const subscribed = await channelWithFiles({ removeAt: null });
  const busy = await channelWithFiles({ removeAt: new Date(now.getTime() - 60_000), processRunning: true });

  expect(await withCronjobsOff(db, (trx) => removeExpiredChannels({ db: trx, blobs, redis }, now))).toEqual({ skipped: true });
  const result = await removeExpiredChannels({ db, blobs, redis }, now);
  expect(result).toMatchObject({ skipped: false });
  const rows = await db
    .selectFrom("channel")
    .select(["id", "deletedAt", "blobPrefix"])
    .where("id", "in", [expired.id, later.id, subscribed.id, busy.id])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  expect(byId.get(expired.id)).toMatchObject({ blobPrefix: null });
  expect(byId.get(expired.id)?.deletedAt).not.toBeNull();
  expect(await blobs.size(`${expired.blobPrefix}/index.html`)).toBeNull();
  for (const kept of [later, subscribed, busy]) {
    expect(byId.get(kept.id)?.deletedAt).toBeNull();
    expect(await blobs.size(`${kept.blobPrefix}/index.html`)).not.toBeNull();
  }
  // Pub/sub delivery waits for the event loop; with the render corpus on both cores beside it, 1 s (the default) is too short.
  await expect
    .poll(() => heard.map((message) => JSON.parse(message)).find((event) => event.channelId === expired.id), { timeout: 10_000 })
    .toMatchObject({ type: "channelRemoved" });
  // Again: nothing more to do for it.
  await removeExpiredChannels({ db, blobs, redis }, now);
  expect(heard.filter((message) => message.includes(expired.id))).toHaveLength(1);
});
