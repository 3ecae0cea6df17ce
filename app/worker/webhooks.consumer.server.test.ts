import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createId } from "@paralleldrive/cuid2";
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Forbidden } from "#app/errors/app-error";
import type { JobQueue } from "#app/jobs/queues.server";
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_DELIVERY_WINDOW_MS, type WebhookEventType } from "#app/rules/webhooks";
import { db } from "#app/utils/db.server";
import { verifyTimestamped } from "#app/utils/timestamped-signature.server";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { type DeliverDeps, deliverWebhook, GAVE_UP_ACCOUNT, GAVE_UP_WINDOW, requeueDueWebhooks } from "#app/webhooks/deliver.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  sendWebhookAgain,
  WebhookNotFound,
} from "#app/webhooks/endpoints.server";
import { sendWebhookPing } from "#app/webhooks/ping.server";
import { recordWebhookEvent, webhookEventId } from "#app/webhooks/record.server";
import { createWebhooksConsumer } from "./webhooks.consumer.server.ts";

// Webhooks on real MariaDB and Redis (ADR 0058): recording, a real worker delivering to a local
// receiver with a valid signature, back-off, the 24-hour window, 'send again', the SSRF rules, the
// reconciler's sweep after Redis lost the job, and who may do what. The queue has a prefix of
// this file's own, so removing its jobs touches no other suite's.

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let receiver: http.Server;
let base: string;
let allowPrivate: string[];
let connection: Redis;
let queue: Queue;
let worker: Worker | null = null;
const prefix = `webhooks-test-${createId()}`;
const accountIds: string[] = [];
let raceHeld = false;
let releaseRace: () => void = () => {};
const raceGate = new Promise<void>((resolve) => {
  releaseRace = resolve;
});

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (request.url === "/fail") return void response.writeHead(500, { "content-type": "text/plain" }).end("boom");
      if (request.url === "/cookie")
        return void response
          .writeHead(500, { "content-type": "text/plain", "set-cookie": "session=receiver-secret; HttpOnly", "x-request-id": "req-7" })
          .end("é".repeat(1500));
      // The first call waits until the test lets it fail; every later one is answered at once.
      if (request.url === "/race" && !raceHeld) {
        raceHeld = true;
        return void raceGate.then(() => response.writeHead(500, { "content-type": "text/plain" }).end("late"));
      }
      if (request.url === "/slow") return; // never answers
      response.writeHead(204).end();
    });
  });
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  const { port } = receiver.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  allowPrivate = [`127.0.0.1:${port}`];
  connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue("webhooks", { connection, prefix });
});

afterAll(async () => {
  await worker?.close();
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  connection.disconnect();
  releaseRace();
  receiver.closeAllConnections();
  receiver.close();
  if (accountIds.length) await db.deleteFrom("account").where("id", "in", accountIds).execute();
  await db.destroy();
});

async function owner(level: "1" | "2" = "2") {
  const user = await insertUserWithLevel(db, level);
  accountIds.push(user.accountId);
  const subject = permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId, permissions: [level] });
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId: user.accountId, name: "Spring issue", languageCode: "en", pageCount: 12 })
    .execute();
  return { ...user, subject, epaperId };
}

const deps = (extra: Partial<DeliverDeps> = {}): DeliverDeps => ({ db, queue, allowPrivate, ...extra });
const delivery = (id: string) => db.selectFrom("webhookDelivery").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const attemptsOf = (id: string) =>
  db.selectFrom("webhookAttempt").selectAll().where("deliveryId", "=", id).orderBy("attemptedAt").execute();

/** A recording double of the queue: what was enqueued, with its options. */
function recorder() {
  const added: { data: Record<string, unknown>; opts: Record<string, unknown> }[] = [];
  const double: JobQueue = {
    name: "webhooks",
    add: async (_name, data, opts) =>
      void added.push({ data: data as Record<string, unknown>, opts: (opts ?? {}) as Record<string, unknown> }),
  };
  return { added, double };
}

/** One delivery of `type` to a new endpoint at `path` of a new account, recorded without a job. */
async function recorded(path: string, type: WebhookEventType = "epaper.rendered", createdAt = new Date()) {
  const user = await owner();
  const { endpoint } = await createWebhookEndpoint(db, user.subject, { url: `${base}${path}`, events: [type] });
  const { double } = recorder();
  expect(
    await recordWebhookEvent(
      { db, webhookQueue: double },
      user.accountId,
      { type: "epaper.rendered", epaperId: user.epaperId, occurrence: "render-1" },
      createdAt,
    ),
  ).toBe(1);
  const row = await db.selectFrom("webhookDelivery").selectAll().where("endpointId", "=", endpoint.id).executeTakeFirstOrThrow();
  return { ...user, endpoint, row };
}

describe("recording", () => {
  test("an event makes one delivery per endpoint that chose it, with the payload of ids and names, and a job each", async () => {
    const user = await owner();
    const wants = await createWebhookEndpoint(db, user.subject, { url: "https://a.example.com/hooks", events: ["epaper.rendered"] });
    await createWebhookEndpoint(db, user.subject, { url: "https://b.example.com/hooks", events: ["channel.removed"] });
    const { added, double } = recorder();
    const at = new Date("2026-11-28T08:00:00.000Z");
    expect(
      await recordWebhookEvent(
        { db, webhookQueue: double },
        user.accountId,
        { type: "epaper.rendered", epaperId: user.epaperId, occurrence: "render-1" },
        at,
      ),
    ).toBe(1);
    const rows = await db.selectFrom("webhookDelivery").selectAll().where("accountId", "=", user.accountId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpointId: wants.endpoint.id, eventType: "epaper.rendered", state: "pending", attempts: 0 });
    expect(JSON.parse(rows[0]?.payload ?? "")).toEqual({
      id: rows[0]?.eventId,
      type: "epaper.rendered",
      createdAt: at.toISOString(),
      data: { epaperId: user.epaperId, name: "Spring issue", pageCount: 12, folderId: null },
    });
    expect(rows[0]?.payload).not.toContain(wants.secret);
    expect(added).toEqual([
      { data: { deliveryId: rows[0]?.id, attempt: 0 }, opts: expect.objectContaining({ jobId: `webhook-${rows[0]?.id}-attempt-0` }) },
    ]);
    // The id says what happened: the same end recorded again (a job run again) inserts and enqueues
    // nothing, and keeps its Webhook-Id; another render of the ePaper is another event.
    const rendered = (occurrence: string) => ({ type: "epaper.rendered" as const, epaperId: user.epaperId, occurrence });
    expect(rows[0]?.eventId).toBe(webhookEventId(user.accountId, rendered("render-1")));
    expect(rows[0]?.eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    const later = new Date(at.getTime() + 60_000);
    expect(await recordWebhookEvent({ db, webhookQueue: double }, user.accountId, rendered("render-1"), later)).toBe(0);
    expect(added).toHaveLength(1);
    expect(await recordWebhookEvent({ db, webhookQueue: double }, user.accountId, rendered("render-2"), later)).toBe(1);
    const events = await db.selectFrom("webhookDelivery").select("eventId").where("accountId", "=", user.accountId).execute();
    expect(new Set(events.map((row) => row.eventId)).size).toBe(2);
  });

  test("an account without a subscribed endpoint gets nothing, and a failing record never throws", async () => {
    const user = await owner();
    const { added, double } = recorder();
    expect(
      await recordWebhookEvent({ db, webhookQueue: double }, user.accountId, { type: "channel.removed", channelId: "c1", name: "Town" }),
    ).toBe(0);
    await createWebhookEndpoint(db, user.subject, { url: "https://a.example.com/hooks", events: ["publication.ready"] });
    expect(
      await recordWebhookEvent({ db, webhookQueue: double }, user.accountId, {
        type: "epaper.rendered",
        epaperId: user.epaperId,
        occurrence: "render-1",
      }),
    ).toBe(0);
    expect(added).toEqual([]);
    const broken = {
      db: {
        selectFrom: () => {
          throw new Error("database away");
        },
      } as never,
    };
    expect(
      await recordWebhookEvent(broken, user.accountId, { type: "epaper.rendered", epaperId: user.epaperId, occurrence: "render-1" }),
    ).toBe(0);
  });
});

describe("delivering", () => {
  test("the worker POSTs the event to the endpoint, signed with its secret; a 2xx delivers it", async () => {
    const user = await owner();
    const { endpoint, secret } = await createWebhookEndpoint(db, user.subject, { url: `${base}/ok`, events: ["epaper.rendered"] });
    worker = new Worker("webhooks", async (job) => createWebhooksConsumer(deps()).handlers["deliver-webhook"](job.data, job), {
      connection,
      prefix,
    });
    const before = received.length;
    await recordWebhookEvent({ db, webhookQueue: queue }, user.accountId, {
      type: "epaper.rendered",
      epaperId: user.epaperId,
      occurrence: "render-1",
    });
    const row = await db.selectFrom("webhookDelivery").select("id").where("endpointId", "=", endpoint.id).executeTakeFirstOrThrow();
    await expect.poll(async () => (await delivery(row.id)).state, { timeout: 15_000 }).toBe("delivered");
    await worker.close();
    worker = null;
    const call = received.slice(before).find((entry) => entry.path === "/ok");
    const stored = await delivery(row.id);
    expect(call?.body).toBe(stored.payload);
    expect(call?.headers).toMatchObject({ "content-type": "application/json", "webhook-id": stored.eventId });
    expect(verifyTimestamped(secret, call?.body ?? "", (call?.headers["epaper-signature"] as string) ?? null, 300)).toBe(true);
    expect(call?.headers["epaper-signature"]).toMatch(new RegExp(`^t=${call?.headers["webhook-timestamp"]},v1=[0-9a-f]{64}$`));
    expect(stored).toMatchObject({ attempts: 1, lastStatusCode: 204, nextAttemptAt: null });
    expect(stored.deliveredAt).not.toBeNull();
    expect(await attemptsOf(row.id)).toEqual([expect.objectContaining({ statusCode: 204, error: null, manual: false })]);
  });

  test("a 500 is a failed attempt: logged with its answer, tried again after a minute, then with growing waits", async () => {
    const { row } = await recorded("/fail");
    const { added, double } = recorder();
    const t0 = new Date(row.createdAt.getTime() + 1_000);
    expect(await deliverWebhook(deps({ queue: double }), { deliveryId: row.id, attempt: 0 }, () => t0)).toBe("retrying");
    expect(await delivery(row.id)).toMatchObject({ state: "pending", attempts: 1, lastStatusCode: 500, lastError: "boom" });
    expect((await delivery(row.id)).nextAttemptAt).toEqual(new Date(t0.getTime() + 60_000));
    expect(added).toEqual([
      { data: { deliveryId: row.id, attempt: 1 }, opts: expect.objectContaining({ jobId: `webhook-${row.id}-attempt-1`, delay: 60_000 }) },
    ]);
    // A job of an attempt already made does nothing.
    expect(await deliverWebhook(deps({ queue: double }), { deliveryId: row.id, attempt: 0 }, () => t0)).toBe("skipped");
    const t1 = new Date(t0.getTime() + 60_000);
    expect(await deliverWebhook(deps({ queue: double }), { deliveryId: row.id, attempt: 1 }, () => t1)).toBe("retrying");
    expect((await delivery(row.id)).nextAttemptAt).toEqual(new Date(t1.getTime() + 5 * 60_000));
    expect(await attemptsOf(row.id)).toEqual([
      expect.objectContaining({ statusCode: 500, error: "boom" }),
      expect.objectContaining({ statusCode: 500, error: "boom" }),
    ]);
  });

  test("a test event goes to one endpoint and is tried once; the log keeps the exchange without any secret", async () => {
    const user = await owner();
    const { endpoint, secret } = await createWebhookEndpoint(db, user.subject, { url: `${base}/cookie`, events: ["channel.removed"] });
    const other = await createWebhookEndpoint(db, user.subject, { url: `${base}/ok`, events: ["channel.removed"] });
    const { added, double } = recorder();
    const deliveryId = await sendWebhookPing({ db, queue: double }, user.subject, endpoint.id);
    expect(added.map((job) => job.data)).toEqual([{ deliveryId, attempt: 0 }]);
    const before = received.length;
    // Tried once: a failed test event is failed, nothing scheduled.
    expect(await deliverWebhook(deps({ queue: double }), { deliveryId, attempt: 0 })).toBe("failed");
    expect(added).toHaveLength(1);
    const sent = received.slice(before);
    expect(sent.map((call) => call.path)).toEqual(["/cookie"]);
    expect(JSON.parse(sent[0]?.body ?? "{}")).toMatchObject({ type: "ping", data: { endpointId: endpoint.id } });
    expect(verifyTimestamped(secret, sent[0]?.body ?? "", (sent[0]?.headers["epaper-signature"] as string) ?? null, 300)).toBe(true);
    const { deliveries } = await listWebhookDeliveries(db, user.subject, endpoint.id);
    expect(deliveries).toEqual([expect.objectContaining({ type: "ping", state: "failed", payload: sent[0]?.body })]);
    const [attempt] = deliveries[0]?.log ?? [];
    expect(attempt?.requestHeaders).toMatchObject({
      "Content-Type": "application/json",
      "Webhook-Id": JSON.parse(sent[0]?.body ?? "{}").id,
    });
    expect(attempt?.responseHeaders).toMatchObject({ "x-request-id": "req-7", "set-cookie": "[secret]" });
    // The first kilobyte of the answer (1,500 two-byte letters: 512 of them).
    expect(attempt?.responseBody).toBe("é".repeat(512));
    const everything = JSON.stringify(deliveries);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain("receiver-secret");
    // The other endpoint heard nothing; another account's endpoint is not found.
    expect((await listWebhookDeliveries(db, user.subject, other.endpoint.id)).deliveries).toEqual([]);
    const stranger = await owner();
    await expect(sendWebhookPing({ db, queue: double }, stranger.subject, endpoint.id)).rejects.toBeInstanceOf(WebhookNotFound);
  });

  test("24 hours after its event the last attempt is made, and a delivery that still fails is failed; nothing is enqueued", async () => {
    // Due at the window's end (the last wait is cut to it) and run a minute late: made, and final.
    const createdAt = new Date(Date.now() - WEBHOOK_DELIVERY_WINDOW_MS - 60_000);
    const { row } = await recorded("/fail", "epaper.rendered", createdAt);
    const { added, double } = recorder();
    expect(await deliverWebhook(deps({ queue: double }), { deliveryId: row.id, attempt: 0 })).toBe("failed");
    expect(await delivery(row.id)).toMatchObject({ state: "failed", attempts: 1, nextAttemptAt: null, lastStatusCode: 500 });
    expect(added).toEqual([]);
  });

  test("a scheduled attempt long after the 24-hour window (the worker was away) is given up unsent; 'send again' still sends", async () => {
    const createdAt = new Date(Date.now() - WEBHOOK_DELIVERY_WINDOW_MS - 3_600_000);
    const { row, subject } = await recorded("/ok", "epaper.rendered", createdAt);
    const { added, double } = recorder();
    expect(await deliverWebhook(deps({ queue: double }), { deliveryId: row.id, attempt: 0 })).toBe("failed");
    expect(await delivery(row.id)).toMatchObject({ state: "failed", attempts: 0, nextAttemptAt: null, lastError: GAVE_UP_WINDOW });
    expect(await attemptsOf(row.id)).toEqual([]);
    expect(received.some((entry) => entry.headers["webhook-id"] === row.eventId)).toBe(false);
    expect(added).toEqual([]);
    await sendWebhookAgain({ db, queue: double }, subject, row.id);
    expect(await deliverWebhook(deps({ queue: double }), added[0]?.data as never)).toBe("delivered");
  });

  test("nothing goes out for a deactivated or a deleted account: its waiting delivery is failed unsent", async () => {
    const deactivated = await recorded("/ok");
    await db.updateTable("account").set({ isActive: false }).where("id", "=", deactivated.accountId).execute();
    const deleted = await recorded("/ok");
    await db.updateTable("account").set({ deletedAt: new Date() }).where("id", "=", deleted.accountId).execute();
    const { added, double } = recorder();
    for (const { row } of [deactivated, deleted]) {
      expect(await deliverWebhook(deps({ queue: double }), { deliveryId: row.id, attempt: 0 })).toBe("skipped");
      expect(await delivery(row.id)).toMatchObject({ state: "failed", attempts: 0, nextAttemptAt: null, lastError: GAVE_UP_ACCOUNT });
      expect(received.some((entry) => entry.headers["webhook-id"] === row.eventId)).toBe(false);
    }
    expect(added).toEqual([]);
  });

  test("'send again' delivering while a scheduled attempt is under way: the late failure leaves it delivered and schedules nothing", async () => {
    const { row, subject } = await recorded("/race");
    const { added, double } = recorder();
    const scheduled = deliverWebhook(deps({ queue: double }), { deliveryId: row.id, attempt: 0 });
    await expect.poll(() => raceHeld).toBe(true);
    await sendWebhookAgain({ db, queue: double }, subject, row.id);
    expect(await deliverWebhook(deps({ queue: double }), added[0]?.data as never)).toBe("delivered");
    releaseRace();
    expect(await scheduled).toBe("attempted");
    expect(await delivery(row.id)).toMatchObject({ state: "delivered", attempts: 2, lastStatusCode: 204, nextAttemptAt: null });
    // Only the click's job: the late failure enqueued no retry.
    expect(added).toHaveLength(1);
    expect((await attemptsOf(row.id)).map((attempt) => attempt.statusCode).sort()).toEqual([204, 500]);
  });

  test("'send again' makes one attempt now, also of a failed delivery, and logs it as sent again", async () => {
    const { row, subject } = await recorded("/ok");
    await db.updateTable("webhookDelivery").set({ state: "failed", attempts: 8, nextAttemptAt: null }).where("id", "=", row.id).execute();
    const { added, double } = recorder();
    await sendWebhookAgain({ db, queue: double }, subject, row.id);
    const request = added[0]?.data.request as string;
    expect(added).toEqual([
      {
        data: { deliveryId: row.id, attempt: 8, manual: true, request: expect.any(String) },
        opts: expect.objectContaining({ jobId: `webhook-${row.id}-again-${request}` }),
      },
    ]);
    expect(await deliverWebhook(deps({ queue: double }), added[0]?.data as never)).toBe("delivered");
    expect(await delivery(row.id)).toMatchObject({ state: "delivered", attempts: 9, lastStatusCode: 204 });
    expect(await attemptsOf(row.id)).toEqual([expect.objectContaining({ statusCode: 204, manual: true })]);
    const log = await listWebhookDeliveries(db, subject, row.endpointId);
    expect(log.deliveries).toEqual([
      expect.objectContaining({
        id: row.id,
        state: "delivered",
        attempts: 9,
        log: [expect.objectContaining({ statusCode: 204, manual: true })],
      }),
    ]);
  });

  test("SSRF: a private address that is not allowed is refused and logged as a failed attempt; so is a timeout", async () => {
    const { row } = await recorded("/ok");
    const { double } = recorder();
    expect(await deliverWebhook(deps({ queue: double, allowPrivate: [] }), { deliveryId: row.id, attempt: 0 })).toBe("retrying");
    expect(received.some((entry) => entry.headers["webhook-id"] === row.eventId)).toBe(false);
    const [refused] = await attemptsOf(row.id);
    expect(refused).toMatchObject({ statusCode: null, error: "address: 127.0.0.1 is not a public address" });
    const slow = await recorded("/slow");
    await deliverWebhook(deps({ queue: double, timeoutMs: 300 }), { deliveryId: slow.row.id, attempt: 0 });
    expect((await attemptsOf(slow.row.id))[0]?.error).toMatch(/^timeout: /);
  });
});

test("every 'send again' is a job of its own: a click never disappears into an earlier click's job", async () => {
  const { row, subject } = await recorded("/ok");
  await sendWebhookAgain({ db, queue }, subject, row.id);
  await sendWebhookAgain({ db, queue }, subject, row.id);
  const jobs = (await queue.getJobs(["waiting"])).filter((job) => job.data.deliveryId === row.id);
  expect(jobs).toHaveLength(2);
  expect(new Set(jobs.map((job) => job.id)).size).toBe(2);
  for (const job of jobs) await job.remove();
});

test("the sweep enqueues a due delivery again whose job Redis lost, once", async () => {
  const { row } = await recorded("/ok");
  await db
    .updateTable("webhookDelivery")
    .set({ nextAttemptAt: new Date(Date.now() - 5 * 60_000) })
    .where("id", "=", row.id)
    .execute();
  // The recorded job went to a double: for this queue the job is gone, as after a flushed Redis.
  expect(await queue.getJob(`webhook-${row.id}-attempt-0`)).toBeUndefined();
  expect(await requeueDueWebhooks({ db, queue }, { graceMs: 30_000 })).toBeGreaterThanOrEqual(1);
  const job = await queue.getJob(`webhook-${row.id}-attempt-0`);
  expect(job?.data).toMatchObject({ deliveryId: row.id, attempt: 0 });
  expect(await job?.getState()).toBe("waiting");
  // Alive now: the next pass leaves it alone.
  await requeueDueWebhooks({ db, queue }, { graceMs: 30_000 });
  expect((await queue.getJobs(["waiting"])).filter((waiting) => waiting.data.deliveryId === row.id)).toHaveLength(1);
});

describe("who may", () => {
  test("owners and managers of their own account; another account's endpoint or delivery is not found", async () => {
    const { subject, row, endpoint } = await recorded("/ok");
    const other = await owner();
    const { double } = recorder();
    await expect(listWebhookDeliveries(db, other.subject, endpoint.id)).rejects.toBeInstanceOf(WebhookNotFound);
    await expect(deleteWebhookEndpoint(db, other.subject, endpoint.id)).rejects.toBeInstanceOf(WebhookNotFound);
    await expect(sendWebhookAgain({ db, queue: double }, other.subject, row.id)).rejects.toBeInstanceOf(WebhookNotFound);
    expect(await listWebhookEndpoints(db, other.subject)).toEqual([]);
    const editor = await owner("1");
    await expect(listWebhookEndpoints(db, editor.subject)).rejects.toBeInstanceOf(Forbidden);
    await expect(
      createWebhookEndpoint(db, editor.subject, { url: "https://a.example.com/", events: ["epaper.rendered"] }),
    ).rejects.toBeInstanceOf(Forbidden);
    // Support switched into the account sees its endpoints and logs, but changes nothing.
    const switched = { ...subject, id: "support", baseAccountId: "support-account", permissions: ["3"] };
    expect(await listWebhookEndpoints(db, switched)).toEqual([endpoint]);
    await expect(deleteWebhookEndpoint(db, switched, endpoint.id)).rejects.toBeInstanceOf(Forbidden);
    await expect(sendWebhookAgain({ db, queue: double }, switched, row.id)).rejects.toBeInstanceOf(Forbidden);
    await deleteWebhookEndpoint(db, subject, endpoint.id);
    expect(await db.selectFrom("webhookDelivery").select("id").where("id", "=", row.id).execute()).toEqual([]);
  });

  test("support switched in sees an address without its query; the account's own users see it whole", async () => {
    const user = await owner();
    const full = "https://hooks.example.com/in/cms?token=s3cret&x=1";
    const { endpoint } = await createWebhookEndpoint(db, user.subject, { url: full, events: ["epaper.rendered"] });
    expect(endpoint.url).toBe(full);
    expect((await listWebhookEndpoints(db, user.subject))[0]?.url).toBe(full);
    const switched = { ...user.subject, id: "support", baseAccountId: "support-account", permissions: ["3"] };
    expect(await listWebhookEndpoints(db, switched)).toEqual([{ ...endpoint, url: "https://hooks.example.com/in/cms?…" }]);
    const log = await listWebhookDeliveries(db, switched, endpoint.id);
    expect(log.endpoint.url).toBe("https://hooks.example.com/in/cms?…");
    expect(JSON.stringify(log)).not.toContain("s3cret");
  });

  test(`an account holds at most ${MAX_WEBHOOK_ENDPOINTS} endpoints`, async () => {
    const { subject } = await owner();
    for (let made = 0; made < MAX_WEBHOOK_ENDPOINTS; made++) {
      await createWebhookEndpoint(db, subject, { url: `https://h${made}.example.com/`, events: ["epaper.rendered"] });
    }
    await expect(
      createWebhookEndpoint(db, subject, { url: "https://one-more.example.com/", events: ["epaper.rendered"] }),
    ).rejects.toMatchObject({
      status: 409,
      messageKey: "webhooks.limitReached",
    });
  });
});
