import { insertAccountWithUser } from "#tests/support/fixtures";
import { afterAll, describe, expect, test } from "vitest";
import { db } from "#app/utils/db.server";
import {
  AUTH_TYPES,
  consumeToken,
  consumeTokenIn,
  hashToken,
  issueToken,
  TOKEN_PURPOSES,
  TOKEN_TTL_MS,
  tokenPurposeFor,
} from "./one-time-token.server.ts";

const HOUR = 60 * 60_000;
const accountIds: string[] = [];

afterAll(async () => {
  if (accountIds.length) await db.deleteFrom("account").where("id", "in", accountIds).execute();
  await db.destroy();
});

async function insertUser() {
  const { accountId, userId } = await insertAccountWithUser(db, { emailDomain: "token.test" });
  accountIds.push(accountId);
  return userId;
}

function tokensOf(userId: string) {
  return db.selectFrom("oneTimeToken").selectAll().where("userId", "=", userId).execute();
}

describe("issuing", () => {
  test("stores only the SHA-256 of the token, never the token itself", async () => {
    const userId = await insertUser();
    const { token, expiresAt } = await issueToken(db, { userId, purpose: "signup" });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    const rows = await tokensOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: "signup", tokenHash: hashToken(token), usedAt: null, expiresAt });
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    const found = await db.selectFrom("oneTimeToken").select("id").where("tokenHash", "=", token).execute();
    expect(found).toEqual([]);
  });

  test("expires after the purpose's ttl unless the caller gives one", async () => {
    const userId = await insertUser();
    const now = new Date();
    const reset = await issueToken(db, { userId, purpose: "password-reset", now });
    expect(reset.expiresAt.getTime() - now.getTime()).toBe(TOKEN_TTL_MS["password-reset"]);
    const invited = await issueToken(db, { userId, purpose: "password-reset", ttlMs: 72 * HOUR, now });
    expect(invited.expiresAt.getTime() - now.getTime()).toBe(72 * HOUR);
    await expect(issueToken(db, { userId, purpose: "signup", ttlMs: 0 })).rejects.toThrow(RangeError);
  });

  test("a newer token of the same purpose ends the older unused one; other purposes stay", async () => {
    const userId = await insertUser();
    const older = await issueToken(db, { userId, purpose: "email-reset", payload: { email: "old@example.com" } });
    const deletion = await issueToken(db, { userId, purpose: "delete-user" });
    const newer = await issueToken(db, { userId, purpose: "email-reset", payload: { email: "new@example.com" } });

    expect(await consumeToken(db, { token: older.token, purpose: "email-reset" })).toEqual({ ok: false, reason: "invalid" });
    expect(await consumeToken(db, { token: newer.token, purpose: "email-reset" })).toEqual({
      ok: true,
      userId,
      payload: { email: "new@example.com" },
    });
    expect(await consumeToken(db, { token: deletion.token, purpose: "delete-user" })).toMatchObject({ ok: true, payload: null });
  });

  test("signups at the same moment all get their token (InnoDB deadlock victims run again)", async () => {
    // Each issue replaces the user's older token, then inserts. Done as a DELETE … WHERE user_id
    // that matched nothing, InnoDB took a gap lock and two such transactions at once deadlocked on
    // their inserts (seen in CI as a 500 after signup).
    const users = await Promise.all(Array.from({ length: 12 }, () => insertUser()));
    for (let round = 0; round < 3; round++) {
      await Promise.all(users.map((userId) => issueToken(db, { userId, purpose: "signup" })));
    }
    for (const userId of users) expect(await tokensOf(userId)).toHaveLength(1);
  });

  test("notification links do not replace each other: every mail's link keeps working", async () => {
    const userId = await insertUser();
    const first = await issueToken(db, { userId, purpose: "deactivate-email:zipReady" });
    const second = await issueToken(db, { userId, purpose: "deactivate-email:zipReady" });
    expect(await consumeToken(db, { token: first.token, purpose: "deactivate-email:zipReady" })).toMatchObject({ ok: true });
    expect(await consumeToken(db, { token: second.token, purpose: "deactivate-email:zipReady" })).toMatchObject({ ok: true });
  });
});

describe("consuming", () => {
  test("works once; a second use reads as used", async () => {
    const userId = await insertUser();
    const { token } = await issueToken(db, { userId, purpose: "signup", payload: { locale: "de", steps: [1, 2] } });
    expect(await consumeToken(db, { token, purpose: "signup" })).toEqual({ ok: true, userId, payload: { locale: "de", steps: [1, 2] } });
    expect(await consumeToken(db, { token, purpose: "signup" })).toEqual({ ok: false, reason: "used" });
    expect((await tokensOf(userId))[0]?.usedAt).toBeInstanceOf(Date);
  });

  test("a string payload comes back as the same string", async () => {
    const userId = await insertUser();
    const { token } = await issueToken(db, { userId, purpose: "email-reset", payload: "123" });
    expect(await consumeToken(db, { token, purpose: "email-reset" })).toEqual({ ok: true, userId, payload: "123" });
  });

  test("an expired token reads as expired and stays unused", async () => {
    const userId = await insertUser();
    const issuedAt = new Date(Date.now() - 3 * HOUR);
    const { token } = await issueToken(db, { userId, purpose: "password-reset", now: issuedAt });
    expect(await consumeToken(db, { token, purpose: "password-reset" })).toEqual({ ok: false, reason: "expired" });
    expect((await tokensOf(userId))[0]?.usedAt).toBeNull();
    // One millisecond before its expiry it still works.
    const beforeExpiry = new Date(issuedAt.getTime() + TOKEN_TTL_MS["password-reset"] - 1);
    expect(await consumeToken(db, { token, purpose: "password-reset", now: beforeExpiry })).toMatchObject({ ok: true });
  });

  test("a token of another purpose, an unknown or a malformed token is invalid and is not used up", async () => {
    const userId = await insertUser();
    const { token } = await issueToken(db, { userId, purpose: "delete-account" });
    expect(await consumeToken(db, { token, purpose: "delete-user" })).toEqual({ ok: false, reason: "invalid" });
    expect(await consumeToken(db, { token: "A".repeat(43), purpose: "delete-account" })).toEqual({ ok: false, reason: "invalid" });
    expect(await consumeToken(db, { token: "not a token", purpose: "delete-account" })).toEqual({ ok: false, reason: "invalid" });
    expect(await consumeToken(db, { token, purpose: "delete-account" })).toMatchObject({ ok: true, userId });
  });

  test("of concurrent uses of one token exactly one wins", async () => {
    const userId = await insertUser();
    const { token } = await issueToken(db, { userId, purpose: "password-reset" });
    const results = await Promise.all(Array.from({ length: 6 }, () => consumeToken(db, { token, purpose: "password-reset" })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual(Array.from({ length: 5 }, () => ({ ok: false, reason: "used" })));
  });

  test("inside the caller's transaction, a failing flow leaves the token unused", async () => {
    const userId = await insertUser();
    const { token } = await issueToken(db, { userId, purpose: "signup" });
    await expect(
      db.transaction().execute(async (trx) => {
        const result = await consumeTokenIn(trx, { token, purpose: "signup" });
        expect(result.ok).toBe(true);
        throw new Error("the confirmation failed");
      }),
    ).rejects.toThrow("the confirmation failed");
    expect(await consumeToken(db, { token, purpose: "signup" })).toMatchObject({ ok: true });
  });
});

describe("purposes", () => {
  test("cover every authType of the token routes, each notification and the widget's hand-over", () => {
    expect(AUTH_TYPES).toEqual([
      "signup",
      "generated-user-signup",
      "password-reset",
      "email-reset",
      "delete-user",
      "delete-account",
      "email-change-approve",
      "email-change-decline",
    ]);
    expect(TOKEN_PURPOSES).toEqual([
      ...AUTH_TYPES,
      "deactivate-email:epaperReady",
      "deactivate-email:zipReady",
      "deactivate-email:channelPublicationReady",
      "embedded-login",
    ]);
    for (const purpose of TOKEN_PURPOSES) expect(purpose.length).toBeLessThanOrEqual(64);
  });

  test("map a route's authType to a purpose, unknown ones to null", () => {
    expect(tokenPurposeFor("auth", "password-reset")).toBe("password-reset");
    expect(tokenPurposeFor("deactivate-email", "epaperReady")).toBe("deactivate-email:epaperReady");
    expect(tokenPurposeFor("auth", "epaperReady")).toBeNull();
    expect(tokenPurposeFor("deactivate-email", "signup")).toBeNull();
    expect(tokenPurposeFor("auth", "deactivate-email:zipReady")).toBeNull();
  });
});
