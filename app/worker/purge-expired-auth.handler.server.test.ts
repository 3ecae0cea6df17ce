import { createId } from "@paralleldrive/cuid2";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { afterAll, expect, test } from "vitest";
import { db } from "#app/utils/db.server";
import { purgeExpiredAuth } from "./purge-expired-auth.handler.server.ts";

afterAll(() => db.destroy());

function insertUser() {
  return insertAccountWithUser(db, { emailDomain: "purge.test" });
}

function setCronjobs(active: boolean) {
  return db
    .updateTable("systemPreference")
    .set({ json: JSON.stringify({ cronjobsActive: { active }, intervalMinutes: 15 }) })
    .where("name", "=", "Cronjob")
    .execute();
}

test("expired sessions, stale tokens, day-old API idempotency keys and month-old finished webhook deliveries are removed, live ones stay; with cronjobs off nothing is touched", async () => {
  const { userId, accountId } = await insertUser();
  const now = new Date();
  const past = new Date(now.getTime() - 60_000);
  const future = new Date(now.getTime() + 60 * 60_000);
  const twoDaysAgo = new Date(now.getTime() - 48 * 60 * 60_000);
  const sessions = { expired: createId(), live: createId() };
  await db
    .insertInto("session")
    .values([
      { id: sessions.expired, userId, expiresAt: past },
      { id: sessions.live, userId, expiresAt: future },
    ])
    .execute();
  const token = (hash: string, expiresAt: Date, usedAt: Date | null = null) => ({
    id: createId(),
    userId,
    purpose: "password-reset",
    tokenHash: hash.padEnd(64, "0"),
    expiresAt,
    usedAt,
  });
  const tokens = [token(`a${userId}`, past), token(`b${userId}`, future, twoDaysAgo), token(`c${userId}`, future)];
  await db.insertInto("oneTimeToken").values(tokens).execute();
  const idempotency = (key: string, createdAt: Date) => ({
    id: createId(),
    accountId,
    idempotencyKey: key,
    requestHash: "0".repeat(64),
    createdAt,
  });
  const keys = [idempotency("old", twoDaysAgo), idempotency("fresh", past)];
  await db.insertInto("apiIdempotencyKey").values(keys).execute();
  // Webhook deliveries that ended over 30 days ago go (their attempts by cascade); a pending one and a newer one stay.
  const endpointId = createId();
  await db
    .insertInto("webhookEndpoint")
    .values({ id: endpointId, accountId, url: "https://hooks.example.com/", secret: "whsec_x", events: "epaper.rendered" })
    .execute();
  const monthAgo = new Date(now.getTime() - 31 * 24 * 60 * 60_000);
  const delivery = (state: "delivered" | "pending" | "failed", createdAt: Date) => ({
    id: createId(),
    endpointId,
    accountId,
    eventId: createId(),
    eventType: "epaper.rendered",
    payload: "{}",
    state,
    createdAt,
  });
  const deliveries = [
    delivery("delivered", monthAgo),
    delivery("pending", monthAgo),
    delivery("delivered", new Date(now.getTime() - 29 * 24 * 60 * 60_000)),
    delivery("failed", monthAgo),
  ];
  await db.insertInto("webhookDelivery").values(deliveries).execute();
  const attemptId = createId();
  await db
    .insertInto("webhookAttempt")
    .values({ id: attemptId, deliveryId: deliveries[0]?.id ?? "", attemptedAt: monthAgo, statusCode: 204, durationMs: 5 })
    .execute();

  await setCronjobs(false);
  expect(await purgeExpiredAuth(db, now)).toEqual({ skipped: true });
  await setCronjobs(true);
  const result = await purgeExpiredAuth(db, now);
  expect(result.skipped).toBe(false);

  const leftSessions = await db.selectFrom("session").select("id").where("userId", "=", userId).execute();
  expect(leftSessions.map((s) => s.id)).toEqual([sessions.live]);
  const leftTokens = await db.selectFrom("oneTimeToken").select("id").where("userId", "=", userId).execute();
  expect(leftTokens.map((t) => t.id)).toEqual([tokens[2]?.id]);
  const leftKeys = await db.selectFrom("apiIdempotencyKey").select("id").where("accountId", "=", accountId).execute();
  expect(leftKeys.map((k) => k.id)).toEqual([keys[1]?.id]);
  const leftDeliveries = await db.selectFrom("webhookDelivery").select("id").where("endpointId", "=", endpointId).execute();
  expect(leftDeliveries.map((d) => d.id).sort()).toEqual([deliveries[1]?.id, deliveries[2]?.id].sort());
  expect(await db.selectFrom("webhookAttempt").select("id").where("id", "=", attemptId).execute()).toEqual([]);
  await db.deleteFrom("account").where("id", "=", accountId).execute();
});
