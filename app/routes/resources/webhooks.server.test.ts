import { createId } from "@paralleldrive/cuid2";
import { afterAll, expect, test } from "vitest";
import { RATE_LIMITS } from "#app/auth/rate-limit.server";
import { createSession } from "#app/auth/session.server";
import { commitSessionHeader } from "#app/auth/session-cookie.server";
import { queues } from "#app/jobs/producer.server";
import { closeQueues } from "#app/jobs/queues.server";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { loader as deliveriesLoader } from "./webhook-deliveries.ts";
import { action, loader } from "./webhooks.ts";

// The account drawer's webhook route (ADR 0058): the form's checks with the server's address
// rules, the secret once and never in the list, the delivery log, and another account's endpoint
// answering 404.

const accountIds: string[] = [];

afterAll(async () => {
  if (accountIds.length) await db.deleteFrom("account").where("id", "in", accountIds).execute();
  await closeQueues(queues);
  await db.destroy();
  redis.disconnect();
});

async function signedIn(level: "1" | "2") {
  const user = await insertUserWithLevel(db, level);
  accountIds.push(user.accountId);
  const session = await createSession(db, { userId: user.userId, remember: true });
  const cookie = (await commitSessionHeader(session.id)).split(";")[0] ?? "";
  const post = async (fields: [string, string][]) => {
    const request = new Request("http://localhost:3000/resources/webhooks", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    const answer = (await action({ request, params: {}, context: undefined } as never)) as {
      data: Record<string, unknown>;
      init?: { status?: number; headers?: HeadersInit };
    };
    return { status: answer.init?.status ?? 200, body: answer.data, headers: new Headers(answer.init?.headers) };
  };
  const list = async () => {
    const request = new Request("http://localhost:3000/resources/webhooks", { headers: { Cookie: cookie } });
    return ((await loader({ request, params: {}, context: undefined } as never)) as { data: Record<string, unknown> }).data;
  };
  const log = async (endpointId: string) => {
    const request = new Request(`http://localhost:3000/resources/webhooks/${endpointId}/deliveries`, { headers: { Cookie: cookie } });
    const answer = (await deliveriesLoader({ request, params: { endpointId }, context: undefined } as never)) as
      | Response
      | { data: Record<string, unknown>; init?: { status?: number } };
    return answer instanceof Response
      ? { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
      : { status: answer.init?.status ?? 200, body: answer.data };
  };
  return { ...user, post, list, log };
}

const create = (url: string, events = ["epaper.rendered"]): [string, string][] => [
  ["intent", "createWebhook"],
  ["url", url],
  ...events.map((event): [string, string] => ["events", event]),
];

test("an owner adds an endpoint: https to a public host only, its secret once, then its empty log", async () => {
  const { post, list, log } = await signedIn("2");
  for (const [url, key] of [
    ["http://hooks.example.com/in", "webhooks.validation.httpsRequired"],
    ["https://10.0.0.7/in", "webhooks.validation.privateAddress"],
    ["https://localhost/in", "webhooks.validation.privateAddress"],
    ["nonsense", "webhooks.validation.urlInvalid"],
  ] as const) {
    const refused = await post(create(url));
    expect(refused.status, url).toBe(400);
    expect(JSON.stringify(refused.body), url).toContain(key);
  }
  expect(JSON.stringify((await post(create("https://hooks.example.com/in", []))).body)).toContain("webhooks.validation.eventRequired");

  const made = await post(create("https://hooks.example.com/in", ["epaper.rendered", "publication.ready"]));
  expect(made.body).toMatchObject({
    intent: "createdWebhook",
    endpoint: { url: "https://hooks.example.com/in", events: ["epaper.rendered", "publication.ready"] },
  });
  const secret = made.body.secret as string;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  const listed = await list();
  expect(listed).toMatchObject({ allowed: true, canEdit: true, endpoints: [{ url: "https://hooks.example.com/in" }] });
  expect(JSON.stringify(listed)).not.toContain(secret.slice(6));
  const endpointId = (made.body.endpoint as { id: string }).id;
  expect(await log(endpointId)).toMatchObject({ status: 200, body: { deliveries: [] } });
});

test("another account's endpoint is not found; an editor (level 1) has no webhooks", async () => {
  const owner = await signedIn("2");
  const made = await owner.post(create("https://hooks.example.com/in"));
  const endpointId = (made.body.endpoint as { id: string }).id;
  const other = await signedIn("2");
  expect((await other.log(endpointId)).status).toBe(404);
  expect(
    (
      await other.post([
        ["intent", "deleteWebhook"],
        ["endpointId", endpointId],
      ])
    ).status,
  ).toBe(404);
  expect((await owner.list()).endpoints).toHaveLength(1);

  const editor = await signedIn("1");
  expect(await editor.list()).toEqual({ allowed: false });
  expect((await editor.post(create("https://hooks.example.com/in"))).status).toBe(403);
  expect((await editor.log(endpointId)).status).toBe(403);
});

test("'send again' is limited per account (a 429 toast beyond it), and every click it lets through is a job of its own", async () => {
  const { post, accountId } = await signedIn("2");
  const made = await post(create("https://hooks.example.com/in"));
  const endpointId = (made.body.endpoint as { id: string }).id;
  const deliveryId = createId();
  await db
    .insertInto("webhookDelivery")
    .values({ id: deliveryId, endpointId, accountId, eventId: createId(), eventType: "epaper.rendered", payload: "{}", state: "failed" })
    .execute();
  const again = () =>
    post([
      ["intent", "sendWebhookAgain"],
      ["deliveryId", deliveryId],
    ]);
  const { limit } = RATE_LIMITS.webhookSendAgainAccount;
  for (let sent = 0; sent < limit; sent++) expect((await again()).body).toMatchObject({ intent: "sendWebhookAgain", ok: true });
  const refused = await again();
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ ok: false, error: "TooManyRequests" });
  expect(refused.headers.get("Set-Cookie")).toBeTruthy();
  const jobs = (await queues.webhooks.getJobs(["waiting", "delayed", "prioritized"])).filter((job) => job.data.deliveryId === deliveryId);
  expect(jobs).toHaveLength(limit);
  for (const job of jobs) await job.remove();
});
