import { afterAll, expect, test } from "vitest";
import { RATE_LIMITS } from "#app/auth/rate-limit.server";
import { createSession } from "#app/auth/session.server";
import { commitSessionHeader } from "#app/auth/session-cookie.server";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { callApi } from "#tests/support/public-api";
import { action, loader } from "./api-keys.ts";

// The account drawer's API key route (issue 32, ADR 0056): the form's checks, the secret once,
// the list without it, revoking; and the key it made works on the API at once, until revoked.

afterAll(async () => {
  await db.destroy();
  redis.disconnect();
});

async function signedIn(level: "1" | "2") {
  const user = await insertUserWithLevel(db, level);
  const session = await createSession(db, { userId: user.userId, remember: true });
  const cookie = (await commitSessionHeader(session.id)).split(";")[0] ?? "";
  const post = async (fields: [string, string][]) => {
    const request = new Request("http://localhost:3000/resources/api-keys", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    const answer = (await action({ request, params: {}, context: undefined } as never)) as {
      data: Record<string, unknown>;
      init?: { status?: number };
    };
    return { status: answer.init?.status ?? 200, body: answer.data };
  };
  const list = async () => {
    const request = new Request("http://localhost:3000/resources/api-keys", { headers: { Cookie: cookie } });
    return ((await loader({ request, params: {}, context: undefined } as never)) as { data: Record<string, unknown> }).data;
  };
  return { post, list };
}

test("an owner makes a key in the drawer, sees its secret once, uses it, and revokes it", async () => {
  const { post, list } = await signedIn("2");
  const invalid = await post([
    ["intent", "createApiKey"],
    ["name", " "],
  ]);
  expect(invalid.status).toBe(400);
  expect(JSON.stringify(invalid.body)).toContain("apiKeys.validation.nameRequired");
  expect(JSON.stringify(invalid.body)).toContain("apiKeys.validation.scopeRequired");

  const made = await post([
    ["intent", "createApiKey"],
    ["name", "Website"],
    ["scopes", "read"],
    ["scopes", "publish"],
  ]);
  expect(made.body).toMatchObject({ intent: "createdApiKey", key: { name: "Website", scopes: ["read", "publish"] } });
  const token = made.body.token as string;
  const listed = await list();
  expect(listed).toMatchObject({ allowed: true, canCreate: true, keys: [{ name: "Website", lastUsedAt: null }] });
  expect(JSON.stringify(listed)).not.toContain(token.slice(-20));

  expect((await callApi("/api/v1/epapers", { key: token })).status).toBe(200);
  const keyId = (listed.keys as { id: string }[])[0]?.id ?? "";
  expect(
    (
      await post([
        ["intent", "revokeApiKey"],
        ["keyId", keyId],
      ])
    ).body,
  ).toMatchObject({ ok: true });
  expect((await callApi("/api/v1/epapers", { key: token })).status).toBe(401);
  expect((await list()).keys).toEqual([]);
});

test("an editor (level 1) has no API keys: the section is absent and writes are refused", async () => {
  const { post, list } = await signedIn("1");
  expect(await list()).toEqual({ allowed: false });
  expect(
    (
      await post([
        ["intent", "createApiKey"],
        ["name", "Website"],
        ["scopes", "read"],
      ])
    ).status,
  ).toBe(403);
});

test("making keys is limited per account: revoking and making new ones is no way around the call limit", async () => {
  const { post } = await signedIn("2");
  const make = () =>
    post([
      ["intent", "createApiKey"],
      ["name", "Rotating"],
      ["scopes", "read"],
    ]);
  for (let made = 0; made < RATE_LIMITS.apiKeyCreateAccount.limit; made++) {
    const answer = await make();
    expect(answer.body).toMatchObject({ intent: "createdApiKey" });
    await post([
      ["intent", "revokeApiKey"],
      ["keyId", (answer.body.key as { id: string }).id],
    ]);
  }
  const refused = await make();
  expect(refused.status).toBe(429);
  expect(JSON.stringify(refused.body)).not.toContain("ep_live_");
});
