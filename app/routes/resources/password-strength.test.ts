import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { CLIENT_IP_HEADER } from "#app/auth/client-ip";
import { RATE_LIMITS, rateLimitKey } from "#app/auth/rate-limit.server";
import { PASSWORD_STRENGTH_REQUEST } from "#app/rules/password-strength";
import { redis } from "#app/utils/redis.server";
import { action, loader } from "./password-strength.ts";

// POST /resources/password-strength (docs/decisions/0048-password-strength-on-the-server.md): the
// meter's estimate by the actions' rule, public, POST only, bounded in size and rate. The
// estimator's own cases: app/rules/account-validation.test.ts.

// The share of each second the estimates may take (app/utils/time-budget.test.ts) is off here: on
// a busy machine a few estimates in one second would use it up, and these tests are about answers.
vi.hoisted(() => {
  process.env.PASSWORD_STRENGTH_BUDGET_MS = "0";
});

const STRONG = "Hund&Katze42-Ufer";
/** A fresh client address per request unless a test names one: the limiter counts per address. */
const usedIps: string[] = [];
let ipCounter = 0;
const freshIp = () => {
  const ip = `198.18.${Math.floor(Math.random() * 250)}.${++ipCounter % 250}`;
  usedIps.push(ip);
  return ip;
};

beforeAll(async () => {
  // The studio's client fails commands instead of queueing them while it connects.
  if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
});

afterAll(async () => {
  if (usedIps.length) await redis.del(...usedIps.map((ip) => rateLimitKey(RATE_LIMITS.passwordStrengthIp.bucket, ip)));
  redis.disconnect();
});

type ActionArgs = Parameters<typeof action>[0];

function post(body: BodyInit, contentType: string, ip = freshIp()) {
  return new Request("http://studio.test/resources/password-strength", {
    method: "POST",
    headers: { "Content-Type": contentType, [CLIENT_IP_HEADER]: ip },
    body,
  });
}

async function call(request: Request) {
  return (await action({ request, params: {}, context: {} } as unknown as ActionArgs)) as Response;
}

async function strengthOf(password: string, userInputs?: string[]) {
  const response = await call(post(JSON.stringify({ password, ...(userInputs ? { userInputs } : {}) }), "application/json"));
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return ((await response.json()) as { strength: number }).strength;
}

test("weak passwords score 0 or 1, a random passphrase 3, as the actions' rule says", async () => {
  for (const weak of ["Password123!", "Passwort123!", "Qwertz123!"]) expect(await strengthOf(weak), weak).toBeLessThan(2);
  expect(await strengthOf(STRONG)).toBe(3);
  expect(await strengthOf("")).toBe(0);
}, 30_000);

test("the user's own e-mail, names and company lower the score", async () => {
  expect(await strengthOf("Johanna!2024")).toBeGreaterThanOrEqual(2);
  expect(await strengthOf("Johanna!2024", ["Johanna", "Schmitz"])).toBeLessThan(2);
  expect(await strengthOf("Johanna!2024", ["johanna.schmitz@example.com"])).toBeLessThan(2);
  // The same as form fields (userInputs repeated), url-encoded and multipart.
  const form = new URLSearchParams([
    ["password", "Johanna!2024"],
    ["userInputs", "Johanna"],
    ["userInputs", "Schmitz"],
  ]);
  const encoded = await call(post(form.toString(), "application/x-www-form-urlencoded"));
  expect(encoded.status).toBe(200);
  expect(((await encoded.json()) as { strength: number }).strength).toBeLessThan(2);
  const multipart = new FormData();
  for (const [name, value] of form) multipart.append(name, value);
  const request = new Request("http://studio.test/resources/password-strength", {
    method: "POST",
    headers: { [CLIENT_IP_HEADER]: freshIp() },
    body: multipart,
  });
  const answered = await call(request);
  expect(answered.status).toBe(200);
  expect(((await answered.json()) as { strength: number }).strength).toBeLessThan(2);
}, 30_000);

test("POST only: GET and other methods answer 405", async () => {
  const get = loader();
  expect(get.status).toBe(405);
  expect(get.headers.get("Allow")).toBe("POST");
  const put = await call(
    new Request("http://studio.test/resources/password-strength", { method: "PUT", body: JSON.stringify({ password: STRONG }) }),
  );
  expect(put.status).toBe(405);
});

test("a body that is no such request is a 400, a body over the limit a 413", async () => {
  const json = (value: unknown) => post(JSON.stringify(value), "application/json");
  expect((await call(post("not json", "application/json"))).status).toBe(400);
  expect((await call(json({ userInputs: [] }))).status).toBe(400);
  expect((await call(json({ password: 12345 }))).status).toBe(400);
  expect((await call(json({ password: "x".repeat(129) }))).status).toBe(400);
  expect((await call(json({ password: STRONG, userInputs: Array(PASSWORD_STRENGTH_REQUEST.maxUserInputs + 1).fill("a") }))).status).toBe(
    400,
  );
  expect((await call(json({ password: STRONG, userInputs: ["x".repeat(PASSWORD_STRENGTH_REQUEST.maxUserInputLength + 1)] }))).status).toBe(
    400,
  );
  expect((await call(post(JSON.stringify({ password: STRONG }), "text/plain"))).status).toBe(400);
  const oversized = JSON.stringify({ password: STRONG, padding: "x".repeat(PASSWORD_STRENGTH_REQUEST.maxBodyBytes) });
  const refused = await call(post(oversized, "application/json"));
  expect(refused.status).toBe(413);
  expect(await refused.text()).not.toContain(STRONG);
});

test("over the per-address limit it answers 429 with Retry-After; other addresses go on", async () => {
  const ip = freshIp();
  const { bucket, limit, windowMs } = RATE_LIMITS.passwordStrengthIp;
  expect(limit).toBeGreaterThanOrEqual(60);
  // The window has seen limit - 1 requests from this address: one more passes, the next is refused.
  await redis.set(rateLimitKey(bucket, ip), String(limit - 1), "PX", windowMs);
  const body = JSON.stringify({ password: STRONG });
  expect((await call(post(body, "application/json", ip))).status).toBe(200);
  const refused = await call(post(body, "application/json", ip));
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  expect(await refused.text()).not.toContain(STRONG);
  expect((await call(post(body, "application/json"))).status).toBe(200);
});
