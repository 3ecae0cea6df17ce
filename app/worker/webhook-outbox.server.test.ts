import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import type { JobQueue } from "#app/jobs/queues.server";
import { claimChannelRemoval, finishChannelRemoval } from "#app/models/channel-removal.server";
import { runPageOperation } from "#app/page-operations/run-operation.server";
import { runPublishJob } from "#app/publish/publish-job.server";
import { endRender, finishRender } from "#app/render/render-outcome.server";
import { WEBHOOK_EVENTS } from "#app/rules/webhooks";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { createWebhookEndpoint } from "#app/webhooks/endpoints.server";
import { setWebhookQueue, webhookEventId } from "#app/webhooks/record.server";
import { retryTransaction } from "#db/retry-transaction";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";

// The webhook outbox (ADR 0058) at every place a process ends, on real MariaDB: the deliveries
// commit in the transaction that ends the process, so a Redis that is away when the end is
// announced, or a worker that stops right after the commit, loses no event; recording the same
// end again inserts nothing. The publish build writes no files here (it is mocked): what is
// tested is where the end and its webhooks commit.

vi.mock("#app/publish/build-publication.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("#app/publish/build-publication.server")>()),
  buildPublication: async (deps: { db: typeof db }, input: { epaperId: string; type: "preview" | "previewlink" | "zip" }) => {
    const publicationId = createId();
    const hash = createId();
    await deps.db
      .insertInto("publication")
      .values({ id: publicationId, epaperId: input.epaperId, type: input.type, hash, publishedAt: new Date() })
      .execute();
    return { publicationId, hash, blobPrefix: `publications/${publicationId}/x`, sizeInByte: 1 };
  },
  writeBundle: async () => 1,
}));
vi.mock("#app/publish/epaper-snapshot.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("#app/publish/epaper-snapshot.server")>()),
  loadEpaperSnapshot: async () => ({}),
}));

/** Redis as it is when it went away: every publish (the real-time announce) throws. */
const redisAway = {
  publish: async () => {
    throw new Error("Connection is closed.");
  },
} as unknown as Redis;
const redisUp = { publish: async () => 1 } as unknown as Redis;

const accountIds: string[] = [];
let blobs: FolderBlobStore;
let dataDir: string;
/** What was enqueued on the webhooks queue; `failing` makes the enqueue throw (Redis away). */
const enqueued: string[] = [];
let failing = false;
const queue: JobQueue = {
  name: "webhooks",
  add: async (_name, data) => {
    if (failing) throw new Error("Connection is closed.");
    enqueued.push((data as { deliveryId: string }).deliveryId);
  },
};
/** Notifications that never end: the worker stopped right after the commit. */
const stopped: (() => void)[] = [];
const never = () => new Promise<void>((resolve) => void stopped.push(resolve));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "webhook-outbox-"));
  blobs = new FolderBlobStore(dataDir);
  await blobs.ready();
  setWebhookQueue(queue);
});

beforeEach(() => {
  enqueued.length = 0;
  failing = false;
});

afterAll(async () => {
  for (const resolve of stopped) resolve();
  setWebhookQueue(null);
  if (accountIds.length) await db.deleteFrom("account").where("id", "in", accountIds).execute();
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

/** An account with an endpoint for every event, and an ePaper running `processType` since `startedAt`. */
async function account(
  processType: "rendering" | "deleting_page" | "publishing_zip" | "publishing_channel" | null,
  startedAt = new Date(),
) {
  const user = await insertUserWithLevel(db, "2");
  accountIds.push(user.accountId);
  const subject = permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId, permissions: ["2"] });
  await createWebhookEndpoint(db, subject, { url: "https://hooks.example.com/in", events: [...WEBHOOK_EVENTS] });
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({
      id: epaperId,
      accountId: user.accountId,
      name: "Spring issue",
      languageCode: "en",
      pageCount: 2,
      ...(processType ? { processType, processRunning: true, processStartedAt: startedAt } : {}),
    })
    .execute();
  return { accountId: user.accountId, epaperId };
}

const deliveriesOf = (accountId: string) =>
  db.selectFrom("webhookDelivery").select(["id", "eventId", "eventType", "payload", "state"]).where("accountId", "=", accountId).execute();

test("a render that finished: its delivery commits with the end, though Redis is away for the announce and the enqueue", async () => {
  const { accountId, epaperId } = await account("rendering");
  const renderProcessId = createId();
  await db.insertInto("renderProcess").values({ id: renderProcessId, epaperId, documentId: createId() }).execute();
  const target = { epaperId, accountId, renderProcessId, revision: 1 };
  failing = true;
  await expect(finishRender({ db, redis: redisAway, blobs }, target, [])).rejects.toThrow(/Connection is closed/);
  const [delivery, ...more] = await deliveriesOf(accountId);
  expect(more).toEqual([]);
  expect(delivery).toMatchObject({
    eventType: "epaper.rendered",
    state: "pending",
    eventId: webhookEventId(accountId, { type: "epaper.rendered", epaperId, occurrence: renderProcessId }),
  });
  expect(JSON.parse(delivery?.payload ?? "")).toMatchObject({ data: { epaperId, pageCount: 0 } });
  // The same end recorded again (the job run again) adds nothing and enqueues nothing.
  failing = false;
  await finishRender({ db, redis: redisUp, blobs }, target, []);
  expect(await deliveriesOf(accountId)).toHaveLength(1);
  expect(enqueued).toEqual([]);
});

test("a render that failed commits its delivery with the end; a cancelled one sends nothing", async () => {
  const failed = await account("rendering");
  const renderProcessId = createId();
  await db.insertInto("renderProcess").values({ id: renderProcessId, epaperId: failed.epaperId, documentId: createId() }).execute();
  const target = { epaperId: failed.epaperId, accountId: failed.accountId, renderProcessId, revision: 1 };
  await expect(endRender({ db, redis: redisAway, blobs }, target, "renderProcessFailed")).rejects.toThrow(/Connection is closed/);
  expect(await deliveriesOf(failed.accountId)).toEqual([expect.objectContaining({ eventType: "epaper.render_failed", state: "pending" })]);

  const cancelled = await account("rendering");
  await endRender(
    { db, redis: redisUp, blobs },
    { epaperId: cancelled.epaperId, accountId: cancelled.accountId, renderProcessId: createId(), revision: 1 },
    "renderingCancelled",
  );
  expect(await deliveriesOf(cancelled.accountId)).toEqual([]);
});

test("a page operation that finished commits its delivery with the operation, though Redis is away afterwards", async () => {
  const { accountId, epaperId } = await account("deleting_page");
  const pages = [createId(), createId()];
  await db
    .insertInto("page")
    .values(pages.map((id, index) => ({ id, epaperId, page: index + 1, sourcePage: index + 1 })))
    .execute();
  const operationId = createId();
  await db.insertInto("pageOperation").values({ id: operationId, epaperId, kind: "delete", pageId: pages[0] }).execute();
  const deps = { db, redis: redisAway, blobs, log: () => {} } as never;
  await expect(runPageOperation(deps, { epaperId, operationId }, new AbortController().signal, { lastAttempt: false })).rejects.toThrow(
    /Connection is closed/,
  );
  const [delivery, ...more] = await deliveriesOf(accountId);
  expect(more).toEqual([]);
  expect(delivery).toMatchObject({
    eventType: "page_operation.finished",
    eventId: webhookEventId(accountId, { type: "page_operation.finished", epaperId, operation: "delete", occurrence: operationId }),
  });
  expect(JSON.parse(delivery?.payload ?? "")).toMatchObject({ data: { operation: "delete", pageCount: 1 } });
  expect(enqueued).toEqual([delivery?.id]);
});

test("a zip publish: its delivery is there as soon as the end commits, though the worker stops before it notifies", async () => {
  const startedAt = new Date();
  const { accountId, epaperId } = await account("publishing_zip", startedAt);
  const job = { epaperId, accountId, userId: null, type: "zip" as const, charged: false, startedAt: startedAt.toISOString() };
  void runPublishJob({ db, blobs, redis: redisUp, log: () => {}, onZipReady: never } as never, job);
  await expect.poll(() => deliveriesOf(accountId), { timeout: 10_000 }).toHaveLength(1);
  const [delivery] = await deliveriesOf(accountId);
  expect(delivery?.eventId).toBe(
    webhookEventId(accountId, {
      type: "publication.ready",
      epaperId,
      publication: { type: "zip", id: "", hash: "" },
      occurrence: job.startedAt,
    }),
  );
  const { publication } = JSON.parse(delivery?.payload ?? "").data;
  // The public API's download, which a read key opens (not the studio's cookie route).
  expect(publication).toMatchObject({ type: "zip", url: `${getEnv().PUBLIC_URL}/api/v1/epapers/${epaperId}/zip` });
});

test("a channel publish and a channel removal commit their deliveries with them", async () => {
  const startedAt = new Date();
  const { accountId, epaperId } = await account("publishing_channel", startedAt);
  const channelId = createId();
  await db
    .insertInto("channel")
    .values({
      id: channelId,
      accountId,
      name: "Town",
      shortPath: createId().slice(0, 10),
      processRunning: true,
      processType: "publishing_channel",
    })
    .execute();
  const job = {
    epaperId,
    accountId,
    userId: null,
    type: "channel" as const,
    channelId,
    charged: false,
    startedAt: startedAt.toISOString(),
  };
  void runPublishJob({ db, blobs, redis: redisUp, log: () => {}, onChannelPublished: never } as never, job);
  await expect.poll(() => deliveriesOf(accountId), { timeout: 10_000 }).toHaveLength(1);
  expect(JSON.parse((await deliveriesOf(accountId))[0]?.payload ?? "").data.publication).toMatchObject({
    type: "channel",
    channel: { id: channelId, name: "Town" },
  });

  const claimed = await retryTransaction(db, (trx) => claimChannelRemoval(trx, channelId));
  expect(claimed?.webhooks).toHaveLength(1);
  await expect(
    finishChannelRemoval({ db, blobs, redis: redisAway }, { id: channelId, accountId, name: "Town" }, claimed?.webhooks),
  ).rejects.toThrow(/Connection is closed/);
  const removed = (await deliveriesOf(accountId)).filter((delivery) => delivery.eventType === "channel.removed");
  expect(removed).toEqual([
    expect.objectContaining({ eventId: webhookEventId(accountId, { type: "channel.removed", channelId, name: "Town" }) }),
  ]);
  expect(enqueued).toContain(removed[0]?.id);
});
