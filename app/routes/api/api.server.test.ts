import { createId } from "@paralleldrive/cuid2";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, describe, expect, test } from "vitest";
import { createSession } from "#app/auth/session.server";
import { commitSessionHeader } from "#app/auth/session-cookie.server";
import { CLIENT_IP_HEADER } from "#app/auth/client-ip";
import { RATE_LIMITS, rateLimitKey } from "#app/auth/rate-limit.server";
import { createApiKey, revokeApiKey } from "#app/models/api-keys.server";
import type { ApiKeyScope } from "#app/rules/api-keys";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { callApi, document } from "#tests/support/public-api";
import { DOCS_CSP, loader as docsLoader } from "./docs.ts";
import { loader as assetLoader } from "./docs-asset.ts";
import { loader as openApiLoader } from "./openapi.ts";
import { action as unknownAction, loader as unknownLoader } from "./unknown.ts";

// The public API's authentication, errors and limits (issue 32, ADR 0056) on real MariaDB and
// Redis, through the route modules; every answer is checked against the OpenAPI document.

afterAll(async () => {
  await db.destroy();
  redis.disconnect();
});

/** A level-2 customer with an ePaper and a key of the given scopes. */
async function customer(scopes: ApiKeyScope[] = ["read"], account: { isActive?: boolean } = {}) {
  const user = await insertUserWithLevel(db, "2", { account });
  const subject = permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId });
  const epaperId = createId();
  await db.insertInto("epaper").values({ id: epaperId, accountId: user.accountId, name: "Spring catalogue", languageCode: "de" }).execute();
  const { key, token } = await createApiKey(db, subject, { name: "CMS", scopes });
  return { ...user, subject, epaperId, key, token };
}

test("the generated document is valid OpenAPI 3.1 (an outside validator) and is what /api/v1/openapi.json serves", async () => {
  const result = await new Validator().validate(document as never);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  const served = (await openApiLoader().json()) as typeof document;
  expect(served.openapi).toBe("3.1.0");
  expect(Object.keys(served.paths)).toEqual(Object.keys(document.paths));
  expect(Object.keys(served.components.schemas)).toEqual(expect.arrayContaining(["Epaper", "EpaperList", "Problem", "Channel"]));
});

describe("authentication: bearer keys only", () => {
  test("no key, a malformed key, an unknown key: 401 problems naming the bearer scheme", async () => {
    for (const key of [null, "not-a-key", `ep_live_${"a".repeat(12)}_${"b".repeat(43)}`]) {
      const answer = await callApi("/api/v1/epapers", { key });
      expect(answer.status).toBe(401);
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="api"');
      expect(answer.body).toMatchObject({ status: 401, code: "NotAuthenticated" });
    }
  });

  test("a valid studio session cookie opens nothing: the API reads no cookie", async () => {
    const { userId } = await customer();
    const session = await createSession(db, { userId, remember: true });
    const cookie = (await commitSessionHeader(session.id, {})).split(";")[0] ?? "";
    const answer = await callApi("/api/v1/epapers", { headers: { Cookie: cookie } });
    expect(answer.status).toBe(401);
    // Nor the session id as a bearer token (the upload widget's way into its own routes).
    expect((await callApi("/api/v1/epapers", { key: session.id })).status).toBe(401);
  });

  test("a revoked key answers 401 on its very next call", async () => {
    const owner = await customer();
    expect((await callApi("/api/v1/epapers", { key: owner.token })).status).toBe(200);
    await revokeApiKey(db, owner.subject, owner.key.id);
    const answer = await callApi("/api/v1/epapers", { key: owner.token });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("NotAuthenticated");
  });

  test("a key whose hash does not match (same prefix, other secret) is refused", async () => {
    const owner = await customer();
    const forged = `${owner.key.prefix}_${"x".repeat(43)}`;
    expect((await callApi("/api/v1/epapers", { key: forged })).status).toBe(401);
  });

  test("scopes: a key without read gets 403 on every read", async () => {
    const writer = await customer(["write", "publish"]);
    for (const path of ["/api/v1/epapers", `/api/v1/epapers/${writer.epaperId}`, "/api/v1/publications", "/api/v1/channels"]) {
      const answer = await callApi(path, { key: writer.token });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: "Forbidden", status: 403 });
      expect(String(answer.body.detail)).toContain("read");
    }
  });

  test("another account's ePaper is 404, exactly like one that does not exist", async () => {
    const [owner, stranger] = [await customer(), await customer()];
    expect((await callApi(`/api/v1/epapers/${owner.epaperId}`, { key: owner.token })).status).toBe(200);
    const foreign = await callApi(`/api/v1/epapers/${owner.epaperId}`, { key: stranger.token });
    const missing = await callApi(`/api/v1/epapers/${createId()}`, { key: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("NotFound");
    expect({ ...foreign.body, detail: "" }).toEqual({ ...missing.body, detail: "" });
    // And it is not in the stranger's list.
    const list = await callApi("/api/v1/epapers", { key: stranger.token });
    expect((list.body.items as { id: string }[]).map((item) => item.id)).toEqual([stranger.epaperId]);
  });
});

describe("the account's rules", () => {
  test("a deactivated account's key is refused (401) until support activates the account again", async () => {
    const owner = await customer();
    await db.updateTable("account").set({ isActive: false }).where("id", "=", owner.accountId).execute();
    const answer = await callApi("/api/v1/epapers", { key: owner.token });
    expect(answer.status).toBe(401);
    expect(answer.body.detail).toMatch(/deactivated/);
    await db.updateTable("account").set({ isActive: true }).where("id", "=", owner.accountId).execute();
    expect((await callApi("/api/v1/epapers", { key: owner.token })).status).toBe(200);
  });

  test("maintenance locks keys out as it does customers in the studio: 503 Unavailable with Retry-After", async () => {
    const owner = await customer();
    const setMaintenance = (active: boolean) =>
      db
        .updateTable("systemPreference")
        .set({ json: JSON.stringify({ maintenanceActive: { active } }) })
        .where("name", "=", "Maintenance")
        .execute();
    await setMaintenance(true);
    try {
      const answer = await callApi("/api/v1/epapers", { key: owner.token });
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe("Unavailable");
      expect(answer.headers.get("retry-after")).toBe("300");
    } finally {
      await setMaintenance(false);
    }
    expect((await callApi("/api/v1/epapers", { key: owner.token })).status).toBe(200);
  });
});

describe("problems and limits", () => {
  test("problem details follow Accept-Language (de, en; English without one)", async () => {
    const owner = await customer();
    const path = `/api/v1/epapers/${createId()}`;
    const german = await callApi(path, { key: owner.token, headers: { "Accept-Language": "de-CH,de;q=0.9" } });
    const english = await callApi(path, { key: owner.token });
    expect(german.headers.get("content-language")).toBe("de");
    expect(english.headers.get("content-language")).toBe("en");
    expect(german.body.title).not.toBe(english.body.title);
    expect(english.body).toEqual({
      type: "http://localhost:3000/api/docs#problem-NotFound",
      title: "This item does not exist (any more).",
      status: 404,
      detail: expect.any(String),
      code: "NotFound",
    });
  });

  test("an address under /api/v1/ that nothing answers is a 404 problem of its own type, for every method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const request = new Request("http://localhost/api/v1/epaper/nothing", { method, headers: { "Accept-Language": "de" } });
      const args = { request, params: { "*": "epaper/nothing" }, context: undefined as never } as never;
      const answer = method === "GET" ? await unknownLoader(args) : await unknownAction(args);
      expect({ status: answer.status, type: answer.headers.get("content-type") }).toEqual({
        status: 404,
        type: "application/problem+json",
      });
      expect(await answer.json()).toMatchObject({
        type: "http://localhost:3000/api/docs#problem-unknown-path",
        code: "NotFound",
        title: "Unbekannte Adresse",
      });
    }
  });

  test("an invalid query is a 422 problem naming the parameter", async () => {
    const owner = await customer();
    for (const query of ["limit=0", "limit=101", "limit=many", "cursor=not-a-cursor"]) {
      const answer = await callApi(`/api/v1/epapers?${query}`, { key: owner.token });
      expect(answer.status, query).toBe(422);
      expect(answer.body.code).toBe("Unprocessable");
      expect(String(answer.body.detail)).toContain(query.split("=")[0]);
      expect(answer.body.errors).toEqual([{ field: query.split("=")[0], detail: answer.body.detail }]);
    }
  });

  test("every answer carries the key's RateLimit headers; over the limit: 429 with Retry-After", async () => {
    const owner = await customer();
    const first = await callApi("/api/v1/epapers", { key: owner.token });
    expect(first.headers.get("ratelimit-limit")).toBe(String(RATE_LIMITS.apiKey.limit));
    expect(first.headers.get("ratelimit-remaining")).toBe(String(RATE_LIMITS.apiKey.limit - 1));
    expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    expect(Number(first.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(60);
    const second = await callApi(`/api/v1/epapers/${createId()}`, { key: owner.token });
    expect(second.headers.get("ratelimit-remaining")).toBe(String(RATE_LIMITS.apiKey.limit - 2));
    // The rest of the window used up (the limiter's own counter), then one more call.
    await redis.set(rateLimitKey(RATE_LIMITS.apiKey.bucket, owner.key.id), String(RATE_LIMITS.apiKey.limit), "KEEPTTL");
    const refused = await callApi("/api/v1/epapers", { key: owner.token });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("TooManyRequests");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another key of the same account counts on its own.
    const other = await createApiKey(db, owner.subject, { name: "Second", scopes: ["read"] });
    expect((await callApi("/api/v1/epapers", { key: other.token })).status).toBe(200);
  });

  test("an account's keys share one limit: a fresh key of an account over it gets 429", async () => {
    const owner = await customer();
    await callApi("/api/v1/epapers", { key: owner.token });
    await redis.set(rateLimitKey(RATE_LIMITS.apiAccount.bucket, owner.accountId), String(RATE_LIMITS.apiAccount.limit), "KEEPTTL");
    const fresh = await createApiKey(db, owner.subject, { name: "Fresh", scopes: ["read"] });
    const refused = await callApi("/api/v1/epapers", { key: fresh.token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-limit")).toBe(String(RATE_LIMITS.apiAccount.limit));
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    // Another account is not held up.
    expect((await callApi("/api/v1/epapers", { key: (await customer()).token })).status).toBe(200);
  });

  test("an address that sent many bad keys hears 429 for the next ones; a good key from there still works", async () => {
    const owner = await customer();
    const from = (ip: string) => ({ [CLIENT_IP_HEADER]: ip });
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const bad = `ep_live_${"c".repeat(12)}_${"d".repeat(43)}`;
    expect((await callApi("/api/v1/epapers", { key: bad, headers: from(ip) })).status).toBe(401);
    // A missing key costs no lookup and does not count.
    expect((await callApi("/api/v1/epapers", { headers: from(ip) })).status).toBe(401);
    expect(await redis.get(rateLimitKey(RATE_LIMITS.apiAuthFailureIp.bucket, ip))).toBe("1");
    await redis.set(rateLimitKey(RATE_LIMITS.apiAuthFailureIp.bucket, ip), String(RATE_LIMITS.apiAuthFailureIp.limit), "KEEPTTL");
    const refused = await callApi("/api/v1/epapers", { key: bad, headers: from(ip) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another page or program at that address cannot lock a good key out.
    expect((await callApi("/api/v1/epapers", { key: owner.token, headers: from(ip) })).status).toBe(200);
  });

  test("last use is written at most once a minute per key", async () => {
    const owner = await customer();
    const lastUsed = async () =>
      (await db.selectFrom("apiKey").select("lastUsedAt").where("id", "=", owner.key.id).executeTakeFirstOrThrow()).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await callApi("/api/v1/epapers", { key: owner.token });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await callApi("/api/v1/epapers", { key: owner.token });
    expect(await lastUsed()).toEqual(first);
    const old = new Date(Date.now() - 5 * 60_000);
    await db.updateTable("apiKey").set({ lastUsedAt: old }).where("id", "=", owner.key.id).execute();
    await callApi("/api/v1/epapers", { key: owner.token });
    expect((await lastUsed())?.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });
});

test("/api/docs: the reference from the studio's own files under a CSP without inline scripts", async () => {
  const page = docsLoader();
  expect(page.headers.get("content-security-policy")).toBe(DOCS_CSP);
  expect(DOCS_CSP).toContain("script-src 'self'");
  const html = await page.text();
  expect(html).not.toMatch(/<script>(?!<\/script>)/);
  expect(html).not.toMatch(/https?:\/\//);
  const asset = (file: string) =>
    assetLoader({ params: { file }, request: new Request(`http://localhost:3000/api/docs/assets/${file}`) } as never);
  const bundle = await asset("swagger-ui-bundle.js");
  expect(bundle.status).toBe(200);
  expect(bundle.headers.get("content-type")).toMatch(/javascript/);
  expect((await bundle.text()).length).toBeGreaterThan(100_000);
  expect(await (await asset("init.js")).text()).toContain("/api/v1/openapi.json");
  expect((await asset("package.json")).status).toBe(404);
  expect((await asset("..%2Fpackage.json")).status).toBe(404);
});
