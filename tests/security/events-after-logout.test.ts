import { afterAll, beforeAll, expect, test } from "vitest";
import { logout } from "#app/auth/require-user.server";
import { commitSessionHeader } from "#app/auth/session-cookie.server";
import { createSession } from "#app/auth/session.server";
import { eventHub } from "#app/events/event-hub-instance.server";
import { publishToAccount } from "#app/events/publish.server";
import { loader as eventsLoader } from "#app/routes/resources/events";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertAccountWithUser } from "#tests/support/fixtures";

// Issue 16, finding 9: an open /events stream kept delivering account events for up to 60 s after logout.

let owner: { accountId: string; userId: string };

beforeAll(async () => {
  owner = await insertAccountWithUser(db, { user: { isTemporary: false } });
});

afterAll(async () => {
  await db.deleteFrom("account").where("id", "=", owner.accountId).execute();
  await eventHub.close();
  await db.destroy();
  redis.disconnect();
});

type Args = Parameters<typeof eventsLoader>[0];

async function openStream(cookie: string) {
  const request = new Request("http://studio.test/events", { headers: { Cookie: cookie } });
  const response = (await eventsLoader({ request, params: {}, context: {} } as unknown as Args)) as Response;
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  let closed = false;
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    closed = true;
  })();
  return { request, text: () => text, closed: () => closed, pump };
}

const until = async (condition: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

test("logging out ends the session's open event stream at once; no event reaches it afterwards", async () => {
  const session = await createSession(db, { userId: owner.userId, remember: true });
  const cookie = (await commitSessionHeader(session.id)).split(";")[0] as string;
  const stream = await openStream(cookie);
  // Subscribed once the stream said it is connected.
  expect(await until(() => stream.text().includes(": connected"), 2_000)).toBe(true);
  await publishToAccount(redis, owner.accountId, { type: "accountDataChanged" });
  expect(await until(() => stream.text().includes("accountDataChanged"), 2_000)).toBe(true);

  const loggedOut = await logout({ db, redis }, new Request("http://studio.test/logout", { method: "POST", headers: { Cookie: cookie } }));
  expect(loggedOut.status).toBe(302);
  // At once: far sooner than the periodic check (60 s).
  expect(await until(stream.closed, 2_000)).toBe(true);
  const before = stream.text();
  await publishToAccount(redis, owner.accountId, { type: "republishingChangesDetected", epaperId: "e1" });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(stream.text()).toBe(before);
  expect(stream.text()).not.toContain("republishingChangesDetected");
});
