import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { TooManyRequests } from "#app/errors/app-error";
import { CLIENT_IP_HEADER } from "./client-ip.ts";
import {
  checkRateLimit,
  clientIp,
  enforceRateLimit,
  RATE_LIMITS,
  rateLimitKey,
  resetRateLimit,
  LOGIN_MAX_DELAY_MS,
  loginDelayMs,
} from "./rate-limit.server.ts";

// The suite's shared database: every test counts in a bucket of its own, so nothing needs
// flushing (database 7, which this file flushed, is the render-farm tests' registry of nodes).
let redis: Redis;

beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  const keys = await redis.keys("rate-limit:test-*");
  if (keys.length > 0) await redis.del(...keys);
  redis?.disconnect();
});

/** A bucket of the test's own, so tests never share counters. */
const bucket = () => `test-${randomUUID()}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("checkRateLimit", () => {
  test("allows up to the limit, then refuses with the time until the window ends", async () => {
    const limit = { bucket: bucket(), key: "max@example.com", limit: 3, windowMs: 60_000 };
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await checkRateLimit(redis, limit)).toMatchObject({ allowed: true, retryAfterMs: 0, count: attempt });
    }
    const refused = await checkRateLimit(redis, limit);
    expect(refused.allowed).toBe(false);
    expect(refused.count).toBe(4);
    expect(refused.retryAfterMs).toBeGreaterThan(55_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Refused attempts do not extend the window.
    const key = rateLimitKey(limit.bucket, limit.key);
    expect(await redis.pttl(key)).toBeLessThanOrEqual(60_000);
  });

  test("allows again once the window has passed", async () => {
    const limit = { bucket: bucket(), key: "203.0.113.9", limit: 2, windowMs: 300 };
    await checkRateLimit(redis, limit);
    await checkRateLimit(redis, limit);
    const refused = await checkRateLimit(redis, limit);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(300);
    await sleep(refused.retryAfterMs + 50);
    const again = await checkRateLimit(redis, limit);
    expect(again).toMatchObject({ allowed: true, retryAfterMs: 0, count: 1 });
    // A new window: RateLimit-Reset counts from now.
    expect(again.resetMs).toBeGreaterThan(200);
    expect(again.resetMs).toBeLessThanOrEqual(300);
  });

  test("counts keys and buckets separately; e-mail keys ignore case and surrounding blanks", async () => {
    const shared = bucket();
    const one = { bucket: shared, key: "one@example.com", limit: 1, windowMs: 60_000 };
    expect((await checkRateLimit(redis, one)).allowed).toBe(true);
    expect((await checkRateLimit(redis, { ...one, key: " ONE@example.com " })).allowed).toBe(false);
    expect((await checkRateLimit(redis, { ...one, key: "two@example.com" })).allowed).toBe(true);
    expect((await checkRateLimit(redis, { ...one, bucket: bucket() })).allowed).toBe(true);
  });

  test("stores no e-mail address or IP in Redis, and every counter expires", async () => {
    const limit = { bucket: bucket(), key: "secret.person@example.com", limit: 5, windowMs: 60_000 };
    await checkRateLimit(redis, limit);
    const keys = await redis.keys(`rate-limit:${limit.bucket}:*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain("secret");
    expect(await redis.get(keys[0] ?? "")).toBe("1");
    expect(await redis.pttl(keys[0] ?? "")).toBeGreaterThan(0);
  });

  test("a counter that lost its expiry gets it back", async () => {
    const limit = { bucket: bucket(), key: "k", limit: 5, windowMs: 60_000 };
    await redis.set(rateLimitKey(limit.bucket, limit.key), "2");
    expect(await checkRateLimit(redis, limit)).toMatchObject({ allowed: true, count: 3 });
    expect(await redis.pttl(rateLimitKey(limit.bucket, limit.key))).toBeGreaterThan(0);
  });

  test("concurrent attempts are all counted", async () => {
    const limit = { bucket: bucket(), key: "k", limit: 10, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 15 }, () => checkRateLimit(redis, limit)));
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  test("refuses a limit or window below 1", async () => {
    await expect(checkRateLimit(redis, { bucket: bucket(), key: "k", limit: 0, windowMs: 1000 })).rejects.toThrow(RangeError);
    await expect(checkRateLimit(redis, { bucket: bucket(), key: "k", limit: 1, windowMs: 0 })).rejects.toThrow(RangeError);
  });
});

describe("enforceRateLimit and resetRateLimit", () => {
  test("throw TooManyRequests (429, message key, Retry-After) over the limit; a reset starts over", async () => {
    const limit = { ...RATE_LIMITS.loginPair, bucket: bucket(), key: "max@example.com 192.0.2.1" };
    for (let attempt = 0; attempt < RATE_LIMITS.loginPair.limit; attempt++) await enforceRateLimit(redis, limit);
    const error = await enforceRateLimit(redis, limit).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequests);
    const refused = error as TooManyRequests;
    expect(refused).toMatchObject({ name: "TooManyRequests", status: 429, messageKey: "errors.tooManyAttempts", bucket: limit.bucket });
    expect(refused.retryAfterMinutes).toBe(15);
    expect(Number(refused.headers["Retry-After"])).toBeGreaterThan(14 * 60);

    await resetRateLimit(redis, limit);
    await expect(enforceRateLimit(redis, limit)).resolves.toBeUndefined();
  });
});

describe("loginDelayMs", () => {
  test("no delay for the first attempts, then doubling from 250 ms up to the cap; never a refusal", () => {
    expect([1, 10].map(loginDelayMs)).toEqual([0, 0]);
    expect([11, 12, 13, 14].map(loginDelayMs)).toEqual([250, 500, 1000, 2000]);
    expect(loginDelayMs(16)).toBe(LOGIN_MAX_DELAY_MS);
    expect(loginDelayMs(1_000_000)).toBe(LOGIN_MAX_DELAY_MS);
  });
});

describe("presets", () => {
  test("cover login, signup, password request, try-it and the token routes with distinct buckets", () => {
    const buckets = Object.values(RATE_LIMITS).map((preset) => preset.bucket);
    expect(new Set(buckets).size).toBe(buckets.length);
    expect(Object.keys(RATE_LIMITS)).toEqual(
      expect.arrayContaining([
        "loginPair",
        "loginEmail",
        "loginIp",
        "signupIp",
        "passwordRequestEmail",
        "passwordRequestIp",
        "tryItIp",
        "tokenIp",
      ]),
    );
    for (const preset of Object.values(RATE_LIMITS)) {
      expect(preset.limit).toBeGreaterThan(0);
      expect(preset.windowMs).toBeGreaterThanOrEqual(60_000);
    }
  });
});

describe("clientIp", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/login", { headers });

  test("takes the address the nearest proxy appended", () => {
    expect(clientIp(request({ "X-Forwarded-For": "198.51.100.1, 203.0.113.5" }))).toBe("203.0.113.5");
    expect(clientIp(request({ "X-Forwarded-For": "2001:db8::1" }))).toBe("2001:db8::1");
    expect(clientIp(request({ "X-Real-IP": "203.0.113.6" }))).toBe("203.0.113.6");
    expect(clientIp(request({}))).toBe("unknown");
    expect(clientIp(request({ "X-Forwarded-For": "x".repeat(100) }))).toHaveLength(45);
  });

  test("the address the studio server vouches for wins over any header a client can send", () => {
    expect(clientIp(request({ [CLIENT_IP_HEADER]: "192.0.2.7", "X-Forwarded-For": "203.0.113.5" }))).toBe("192.0.2.7");
  });
});
