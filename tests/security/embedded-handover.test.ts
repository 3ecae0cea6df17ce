import { afterAll, beforeAll, expect, test } from "vitest";
import { commitSessionHeader } from "#app/auth/session-cookie.server";
import { createSession } from "#app/auth/session.server";
import { loader as continueLoader } from "#app/routes/embedded/continue";
import { action as sessionAction } from "#app/routes/embedded/session";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertAccountWithUser } from "#tests/support/fixtures";

// Issue 16, finding 3: the hand-over page submitted itself and replaced the visitor's session
// with the token's account (login CSRF); the session API minted login links from cookie sessions.

let owner: { accountId: string; userId: string; email: string };
let cookie: string;

beforeAll(async () => {
  owner = await insertAccountWithUser(db, { user: { isTemporary: false } });
  const session = await createSession(db, { userId: owner.userId, remember: true });
  cookie = (await commitSessionHeader(session.id)).split(";")[0] as string;
});

afterAll(async () => {
  await db.deleteFrom("account").where("id", "=", owner.accountId).execute();
  await db.destroy();
  redis.disconnect();
});

const i18n = { get: () => ({ t: (key: string) => key }) };

async function handOver(headers: Record<string, string>) {
  const request = new Request("http://studio.test/upload-embedded/continue/some-token", { headers });
  type Args = Parameters<typeof continueLoader>[0];
  // The loader reads the page title from the request's i18next instance (root middleware).
  const context = { get: () => i18n.get() } as unknown as Args["context"];
  return continueLoader({ request, params: { token: "some-token" }, context } as unknown as Args);
}

test("the hand-over continues by itself only when the widget opened it and nobody is logged in here", async () => {
  expect(await handOver({ "Sec-Fetch-Site": "same-origin" })).toMatchObject({ autoContinue: true, loggedInAs: null });
  // A link on another site, in a mail, typed in: ask first.
  for (const site of ["cross-site", "same-site", "none"])
    expect(await handOver({ "Sec-Fetch-Site": site })).toMatchObject({ autoContinue: false });
  expect(await handOver({})).toMatchObject({ autoContinue: false });
  // A logged-in visitor is asked, and told whose session would end.
  expect(await handOver({ "Sec-Fetch-Site": "same-origin", Cookie: cookie })).toMatchObject({
    autoContinue: false,
    loggedInAs: owner.email,
  });
});

test("the widget's API mints a login link only for its bearer session, never from a cookie", async () => {
  type Args = Parameters<typeof sessionAction>[0];
  const request = new Request("http://studio.test/upload-embedded/session", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "continue" }),
  });
  const response = (await sessionAction({ request, params: {}, context: {} } as unknown as Args)) as Response;
  expect(response.status).toBe(403);
  expect(JSON.stringify(await response.json())).not.toContain("/upload-embedded/continue/");
});
