import { createHash } from "node:crypto";
import { createId } from "@paralleldrive/cuid2";
import { AppError } from "#app/errors/app-error";
import type { Database } from "#db/client";

/*
 * `Idempotency-Key` on the public API's POST calls (issue 32, ADR 0056; the IETF draft
 * draft-ietf-httpapi-idempotency-key-header, as Stripe does it). The first call with a key claims
 * a row of its account before it does anything; its answer is stored with it. A retry with the
 * same key and the same request gets the stored answer again (the same ePaper, never a second);
 * with another request it is refused (422); while the first still runs, 409 (for at most the
 * lease: a call that died frees its key). A call that fails before it did its work stores
 * nothing, so the retry runs again; one that fails after stores its failure. A key lives a day.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/**
 * A call still running after this long is taken for dead (its process stopped): a retry claims
 * the key again. Longer than any call may take (an import's download has 5 minutes).
 */
export const IDEMPOTENCY_LEASE_MS = 15 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header's value as this API accepts it: 1–255 visible ASCII characters. */
export function assertIdempotencyKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new AppError("api.errors.idempotencyKeyInvalid", { status: 422, detail: "Idempotency-Key" });
}

export type IdempotencyClaim = { kind: "claimed"; id: string } | { kind: "replay"; status: number; body: string | null };

/** What makes two requests "the same": method, path and body (its hash, or its size for a multipart upload). */
export function requestFingerprint(method: string, url: string, body: string): string {
  return createHash("sha256")
    .update(`${method} ${new URL(url).pathname}\n${body}`)
    .digest("hex");
}

const isDuplicate = (error: unknown) => (error as { code?: string }).code === "ER_DUP_ENTRY";

/** Claims `key` for this request, or answers how an earlier call with it ended. */
export async function claimIdempotencyKey(
  db: Database,
  input: { accountId: string; key: string; fingerprint: string },
  now = new Date(),
): Promise<IdempotencyClaim> {
  assertIdempotencyKey(input.key);
  for (let attempt = 0; attempt < 2; attempt++) {
    const id = createId();
    try {
      await db
        .insertInto("apiIdempotencyKey")
        .values({ id, accountId: input.accountId, idempotencyKey: input.key, requestHash: input.fingerprint, createdAt: now })
        .execute();
      return { kind: "claimed", id };
    } catch (error) {
      if (!isDuplicate(error)) throw error;
    }
    const row = await db
      .selectFrom("apiIdempotencyKey")
      .select(["id", "requestHash", "statusCode", "responseBody", "createdAt"])
      .where("accountId", "=", input.accountId)
      .where("idempotencyKey", "=", input.key)
      .executeTakeFirst();
    if (!row) continue; // released between the insert and the read: claim again
    const expired = row.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_TTL_MS;
    const abandoned = row.statusCode === null && row.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_LEASE_MS;
    if (expired || abandoned) {
      // Expired but not purged yet, or its call died: a new call with the key, as if it had never been used.
      await db.deleteFrom("apiIdempotencyKey").where("id", "=", row.id).execute();
      continue;
    }
    if (row.requestHash !== input.fingerprint) {
      throw new AppError("api.errors.idempotencyKeyReused", { status: 422, detail: "Idempotency-Key used for another request" });
    }
    if (row.statusCode === null) {
      throw new AppError("api.errors.idempotencyKeyInProgress", { status: 409, headers: { "Retry-After": "1" }, detail: "in progress" });
    }
    return { kind: "replay", status: row.statusCode, body: row.responseBody };
  }
  throw new AppError("api.errors.idempotencyKeyInProgress", { status: 409, headers: { "Retry-After": "1" }, detail: "contended" });
}

/** Stores the answer of the call that claimed `id`. */
export async function completeIdempotencyKey(db: Database, id: string, status: number, body: string | null) {
  await db.updateTable("apiIdempotencyKey").set({ statusCode: status, responseBody: body }).where("id", "=", id).execute();
}

/** Gives the key up (the call failed on our side): a retry with it runs again. */
export async function releaseIdempotencyKey(db: Database, id: string) {
  await db.deleteFrom("apiIdempotencyKey").where("id", "=", id).execute();
}

/** Removes the keys older than a day (the maintenance job that purges expired logins). */
export async function purgeExpiredIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("apiIdempotencyKey")
    .where("createdAt", "<", new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
