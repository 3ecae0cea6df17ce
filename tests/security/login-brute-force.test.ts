import { afterAll, beforeAll, expect, test } from "vitest";
import { CLIENT_IP_HEADER } from "#app/auth/client-ip";
import { hashPassword } from "#app/auth/password.server";
import { RATE_LIMITS, rateLimitKey } from "#app/auth/rate-limit.server";
import { action as loginAction } from "#app/routes/accounts/login";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertAccountWithUser } from "#tests/support/fixtures";

// Issue 16, finding 8: ten wrong passwords from anywhere locked the owner out for 15 minutes.

const PASSWORD = "Correct-Horse-9-Battery";
let owner: { accountId: string; email: string };

beforeAll(async () => {
  owner = await insertAccountWithUser(db, { user: { passwordHash: await hashPassword(PASSWORD), isTemporary: false } });
});

afterAll(async () => {
  const keys = [
    rateLimitKey(RATE_LIMITS.loginEmail.bucket, owner.email),
    ...["192.0.2.66", "198.51.100.7"].flatMap((ip) => [
      rateLimitKey(RATE_LIMITS.loginIp.bucket, ip),
      rateLimitKey(RATE_LIMITS.loginPair.bucket, `${owner.email} ${ip}`),
    ]),
  ];
  await redis.del(...keys);
  await db.deleteFrom("account").where("id", "=", owner.accountId).execute();
  await db.destroy();
  redis.disconnect();
});

type Args = Parameters<typeof loginAction>[0];

async function login(password: string, ip: string) {
  const body = new URLSearchParams({ email: owner.email, password });
  const request = new Request("http://studio.test/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: ip },
    body,
  });
  try {
    const result = (await loginAction({ request, params: {}, context: {} } as unknown as Args)) as { init?: { status?: number } };
    return { status: result.init?.status ?? 200, cookie: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, cookie: thrown.headers.get("Set-Cookie") };
    throw thrown;
  }
}

test("an attacker's wrong passwords block only the attacker's address; the owner logs in from another one", async () => {
  const attacker = "192.0.2.66";
  for (let attempt = 0; attempt < RATE_LIMITS.loginPair.limit; attempt++)
    expect((await login("wrong-password-1", attacker)).status).toBe(400);
  expect((await login("wrong-password-1", attacker)).status).toBe(429);
  // Even the right password waits out the window from the attacker's address…
  expect((await login(PASSWORD, attacker)).status).toBe(429);
  // …but the owner, from their own address, gets in (slowed down a little, never refused).
  const owners = await login(PASSWORD, "198.51.100.7");
  expect(owners.status).toBe(302);
  expect(owners.cookie).toMatch(/^__Host-ep_session=/);
}, 30_000);
