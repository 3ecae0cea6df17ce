import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Redis } from "ioredis";
import type { Database } from "#db/client";
import { AppError, TooManyRequests } from "#app/errors/app-error";
import { maintenanceActive } from "#app/preferences/system-preference.server";
import {
  API_KEY_LOOKUP_LENGTH,
  API_KEY_PREFIX,
  type ApiKeyScope,
  apiKeyPrefixOf,
  apiKeySubjectId,
  bearerTokenOf,
  scopesOf,
} from "#app/rules/api-keys";
import { computePermissions, isLockedOutByMaintenance, type PermissionKey, type PermissionSubject } from "#app/rules/permissions";
import { checkRateLimit, clientIp, RATE_LIMITS, type RateLimitResult } from "./rate-limit.server.ts";

/**
 * The public API's authentication (issue 32, ADR 0056): `Authorization: Bearer ep_live_…` and
 * nothing else. Never the session cookie, so a page on another site cannot make a signed-in
 * browser call the API, and the API needs no CSRF token. The key acts as a member of its account
 * at level 2 (owner or manager): the same permission module, maintenance preference and account
 * state decide what it may do as for a studio user of that account.
 */

/** `last_used_at` is written at most this often per key, as a session's last_seen_at (ADR 0013). */
export const API_KEY_TOUCH_INTERVAL_MS = 60_000;

/** What a route learns about the caller of an API call. */
export type ApiCaller = {
  keyId: string;
  accountId: string;
  scopes: ApiKeyScope[];
  subject: PermissionSubject;
  permissions: ReadonlySet<PermissionKey>;
  /** The IETF RateLimit-* headers of this call, for the answer. */
  rateLimitHeaders: Record<string, string>;
};

export const hashApiKey = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new key: the whole text (shown once), the prefix kept in clear and the hash that is stored. */
export function generateApiKey(): { token: string; prefix: string; secretHash: string } {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  // 252 is the largest multiple of 36 below 256: no letter is likelier than another.
  const lookup = [...randomBytes(API_KEY_LOOKUP_LENGTH * 2)]
    .filter((byte) => byte < 252)
    .slice(0, API_KEY_LOOKUP_LENGTH)
    .map((byte) => alphabet[byte % 36])
    .join("");
  if (lookup.length < API_KEY_LOOKUP_LENGTH) return generateApiKey();
  const prefix = `${API_KEY_PREFIX}${lookup}`;
  const token = `${prefix}_${randomBytes(32).toString("base64url")}`;
  return { token, prefix, secretHash: hashApiKey(token) };
}

const unauthenticated = (messageKey: "api.errors.missingKey" | "api.errors.invalidKey" | "api.errors.accountDeactivated") =>
  new AppError(messageKey, { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="api"' }, detail: messageKey });

/** The IETF draft's fields (draft-ietf-httpapi-ratelimit-headers): limit, what is left, seconds until the window ends. */
function rateLimitHeaders(limit: number, count: number, resetMs: number): Record<string, string> {
  return {
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(Math.max(0, limit - count)),
    "RateLimit-Reset": String(Math.max(0, Math.ceil(resetMs / 1000))),
  };
}

/**
 * The key of the request, checked: known, its hash equal, not revoked, its account active and not
 * deleted (else 401); within its rate limit (else 429 with Retry-After); not in maintenance (503,
 * as a studio user below level 3 is locked out); holding `scope` (else 403). Marks the key used.
 */
export async function requireApiKey(
  deps: { db: Database; redis: Redis },
  request: Request,
  scope: ApiKeyScope,
  now = new Date(),
): Promise<ApiCaller> {
  const token = bearerTokenOf(request.headers.get("authorization"));
  if (!token) throw unauthenticated("api.errors.missingKey");
  const prefix = apiKeyPrefixOf(token);
  if (!prefix) throw unauthenticated("api.errors.invalidKey");
  /**
   * A key that is not (or no longer) one counts against its address; beyond the limit the address
   * hears 429 with Retry-After instead of 401, so a client stuck on an old key backs off. A good
   * key is never refused for its address: another page or program there cannot lock it out.
   */
  const refuse = async () => {
    const failures = await checkRateLimit(deps.redis, { ...RATE_LIMITS.apiAuthFailureIp, key: clientIp(request) });
    return failures.allowed
      ? unauthenticated("api.errors.invalidKey")
      : new TooManyRequests(RATE_LIMITS.apiAuthFailureIp.bucket, failures.retryAfterMs);
  };
  const row = await deps.db
    .selectFrom("apiKey")
    .innerJoin("account", "account.id", "apiKey.accountId")
    .select([
      "apiKey.id",
      "apiKey.accountId",
      "apiKey.secretHash",
      "apiKey.scopes",
      "apiKey.lastUsedAt",
      "apiKey.revokedAt",
      "account.isActive",
      "account.deletedAt",
      "account.isProtected",
      "account.isDemoAccount",
      "account.isGenerated",
      "account.isTemporary",
    ])
    .where("apiKey.prefix", "=", prefix)
    .executeTakeFirst();
  const presented = Buffer.from(hashApiKey(token));
  // Compared in constant time; an unknown prefix compares against itself so both take as long.
  const stored = Buffer.from(row?.secretHash ?? presented.toString());
  if (!row || !timingSafeEqual(presented, stored) || row.revokedAt !== null) throw await refuse();
  if (!row.isActive || row.deletedAt !== null) throw unauthenticated("api.errors.accountDeactivated");
  // A demo account gets no keys (permissions.ts `apiKeys`); one made before that rule counts for nothing.
  if (row.isDemoAccount) throw unauthenticated("api.errors.invalidKey");

  // The key's own limit, then the account's (all its keys together); the headers name the one
  // with less left.
  const limits: [{ bucket: string; limit: number }, RateLimitResult][] = [];
  for (const check of [
    { ...RATE_LIMITS.apiKey, key: row.id },
    { ...RATE_LIMITS.apiAccount, key: row.accountId },
  ]) {
    const result = await checkRateLimit(deps.redis, check);
    limits.push([check, result]);
    if (!result.allowed) {
      const refusal = new TooManyRequests(check.bucket, result.retryAfterMs);
      Object.assign(refusal.headers, rateLimitHeaders(check.limit, result.count, result.resetMs));
      throw refusal;
    }
  }
  const [tightest, result] = limits.reduce((a, b) => (b[0].limit - b[1].count < a[0].limit - a[1].count ? b : a));
  const headers = rateLimitHeaders(tightest.limit, result.count, result.resetMs);

  const subject: PermissionSubject = {
    id: apiKeySubjectId(row.id),
    accountId: row.accountId,
    baseAccountId: row.accountId,
    permissions: ["2"],
    isGenerated: row.isGenerated,
    isTemporary: row.isTemporary,
    emailTokenUsed: false,
    demoActive: false,
    accountIsProtected: row.isProtected,
    accountIsDemoAccount: row.isDemoAccount,
    maintenanceActive: await maintenanceActive(deps.db),
    emailConfigNames: [],
  };
  if (isLockedOutByMaintenance(subject)) {
    throw new AppError("api.errors.maintenance", { status: 503, headers: { ...headers, "Retry-After": "300" }, detail: "maintenance" });
  }
  const scopes = scopesOf(row.scopes);
  if (!scopes.includes(scope))
    throw new AppError("api.errors.scope", { status: 403, params: { scope }, headers, detail: `scope ${scope}` });
  await touchApiKey(deps.db, row, now);
  return { keyId: row.id, accountId: row.accountId, scopes, subject, permissions: computePermissions(subject), rateLimitHeaders: headers };
}

/** Writes last_used_at when it is older than a minute (one conditional UPDATE; concurrent calls write once). */
async function touchApiKey(db: Database, key: { id: string; lastUsedAt: Date | null }, now: Date) {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < API_KEY_TOUCH_INTERVAL_MS) return;
  const stale = new Date(now.getTime() - API_KEY_TOUCH_INTERVAL_MS);
  await db
    .updateTable("apiKey")
    .set({ lastUsedAt: now })
    .where("id", "=", key.id)
    .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<=", stale)]))
    .execute();
}
