import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { CLIENT_IP_HEADER } from "./client-ip.ts";
import { TooManyRequests } from "#app/errors/app-error";

/**
 * Fixed-window rate limits in Redis for the public auth routes (issue 3 part 2). Each window is
 * one counter key: the first hit creates it with the window as its lifetime, later hits count up,
 * and the key disappears when the window ends. Counting and setting the lifetime run in one
 * Lua script, so a crash between them can never leave a counter without expiry.
 * Decisions and numbers: docs/decisions/0013-sessions-tokens-rate-limits.md.
 */

export type RateLimit = {
  /** Which limit: part of the Redis key and of the TooManyRequests error. */
  bucket: string;
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
};

export type RateLimitCheck = RateLimit & {
  /** Who is counted: an e-mail address, an IP address. Stored only as a SHA-256 hash. */
  key: string;
};

export type RateLimitResult = {
  allowed: boolean;
  /** 0 when allowed; otherwise how long until the window ends and attempts are allowed again. */
  retryAfterMs: number;
  /** Attempts counted in this window, this one included. */
  count: number;
  /** How long until this window ends (the public API's RateLimit-Reset, ADR 0056). */
  resetMs: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The limits of the public routes. Per IP limits stop one client from trying many accounts; they
 * are generous because offices share one address behind NAT. A login is never refused per
 * account alone, or anyone could lock an owner out: it is refused per account and address
 * (loginPair), and many failures for one account from anywhere only slow its logins down
 * (loginEmail, loginDelayMs). docs/decisions/0027-threat-model.md.
 */
export const RATE_LIMITS = {
  /** POST /login and /maintenance/login, per e-mail address and client IP together: refuses. */
  loginPair: { bucket: "login-pair", limit: 10, windowMs: 15 * MINUTE },
  /**
   * POST /login and /maintenance/login, per e-mail address entered, from any address: never
   * refuses (its limit is only there to satisfy the type), it counts for loginDelayMs.
   */
  loginEmail: { bucket: "login-email", limit: Number.MAX_SAFE_INTEGER, windowMs: 15 * MINUTE },
  /** POST /login and /maintenance/login, per client IP. */
  loginIp: { bucket: "login-ip", limit: 50, windowMs: 15 * MINUTE },
  /** POST /signup, per client IP (each success creates an account and sends a mail). */
  signupIp: { bucket: "signup-ip", limit: 10, windowMs: HOUR },
  /** POST /password (request a reset mail), per e-mail address: protects the inbox. */
  passwordRequestEmail: { bucket: "password-request-email", limit: 3, windowMs: HOUR },
  /** POST /password (request a reset mail), per client IP. */
  passwordRequestIp: { bucket: "password-request-ip", limit: 20, windowMs: HOUR },
  /** /try-it, per client IP (each success creates an account and a user). */
  tryItIp: { bucket: "try-it-ip", limit: 10, windowMs: HOUR },
  /** /auth/:authType/with/:token and /deactivate-email/…, per client IP. */
  tokenIp: { bucket: "token-ip", limit: 30, windowMs: 15 * MINUTE },
  /**
   * Mails a signed-in user asks for from the drawers (e-mail change, delete profile, delete
   * account), per user id: protects the inboxes, a new address above all.
   */
  accountMailUser: { bucket: "account-mail-user", limit: 5, windowMs: HOUR },
  /** Password changes in the profile drawer, per user id: bounds guessing the current password with a stolen session. */
  passwordChangeUser: { bucket: "password-change-user", limit: 10, windowMs: 15 * MINUTE },
  /**
   * POST /resources/password-strength (the meter of every new-password field), per client IP:
   * about one estimate per pause in typing. Generous (offices share an address); it bounds the
   * server's estimation work (up to ~130 ms each), and refusing costs only the meter (ADR 0048).
   */
  passwordStrengthIp: { bucket: "password-strength-ip", limit: 120, windowMs: MINUTE },
  /** Calls of the public API, per API key (ADR 0056): answered with RateLimit-* headers. */
  apiKey: { bucket: "api-key", limit: 120, windowMs: MINUTE },
  /**
   * Calls of the public API, per account, all its keys together: more keys buy no more than five
   * keys' worth (an account may hold 25 and make new ones).
   */
  apiAccount: { bucket: "api-account", limit: 600, windowMs: MINUTE },
  /**
   * Calls of the public API with an unknown or revoked key (a lookup each), per client IP: beyond
   * the limit such calls get 429 with Retry-After instead of 401; a good key always passes.
   */
  apiAuthFailureIp: { bucket: "api-auth-failure-ip", limit: 60, windowMs: 15 * MINUTE },
  /** API keys made, per account: with revoking, making keys is no way around the account's limit. */
  apiKeyCreateAccount: { bucket: "api-key-create-account", limit: 20, windowMs: HOUR },
  /**
   * PDFs the public API imports from an address, per account: each holds a download of up to five
   * minutes and a render node's analysis, beyond what the call limits bound.
   */
  apiImportAccount: { bucket: "api-import-account", limit: 60, windowMs: HOUR },
  /** 'Send again' of a webhook delivery, per account (ADR 0058): each click is an outbound request to the customer's system. */
  webhookSendAgainAccount: { bucket: "webhook-send-again-account", limit: 30, windowMs: MINUTE },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const KEY_PREFIX = "rate-limit";

// KEYS[1] counter; ARGV[1] window in ms. Returns { count, remaining ms of the window }.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

/** The Redis key of one counter; the counted value is hashed so Redis never holds addresses. */
export function rateLimitKey(bucket: string, key: string): string {
  const digest = createHash("sha256").update(key.trim().toLowerCase()).digest("base64url");
  return `${KEY_PREFIX}:${bucket}:${digest}`;
}

/** Counts one attempt and says whether it is within the limit. Redis errors propagate. */
export async function checkRateLimit(redis: Redis, check: RateLimitCheck): Promise<RateLimitResult> {
  if (!(check.limit >= 1) || !(check.windowMs >= 1))
    throw new RangeError(`Rate limit '${check.bucket}' needs a limit and window of at least 1`);
  const reply = (await redis.eval(HIT_SCRIPT, 1, rateLimitKey(check.bucket, check.key), String(Math.ceil(check.windowMs)))) as [
    number,
    number,
  ];
  const [count, ttl] = reply;
  const allowed = count <= check.limit;
  return { allowed, retryAfterMs: allowed ? 0 : Math.max(1, ttl), count, resetMs: Math.max(0, ttl) };
}

/** Attempts for one account from every address that pass without a delay. */
export const LOGIN_FREE_ATTEMPTS = 10;
/** The longest a login waits, however many attempts an account had. */
export const LOGIN_MAX_DELAY_MS = 8_000;

/**
 * How long a login attempt waits once its account had many attempts in the window, from any
 * address (OWASP: progressive delays instead of a lockout): nothing for the first
 * LOGIN_FREE_ATTEMPTS, then 250 ms doubling with each attempt up to LOGIN_MAX_DELAY_MS. A guess
 * spread over many addresses slows to one every few seconds; the owner still gets in.
 */
export function loginDelayMs(attempts: number): number {
  const over = attempts - LOGIN_FREE_ATTEMPTS;
  if (over <= 0) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, 250 * 2 ** Math.min(over - 1, 10));
}

/** Counts one attempt and throws `TooManyRequests` when it is over the limit. */
export async function enforceRateLimit(redis: Redis, check: RateLimitCheck): Promise<void> {
  const result = await checkRateLimit(redis, check);
  if (!result.allowed) throw new TooManyRequests(check.bucket, result.retryAfterMs);
}

/**
 * Counts one attempt against each limit in turn; returns the first refusal (for a form's 429
 * answer) or null when all allow it. Later limits are not counted once one refuses.
 */
export async function exceededRateLimit(redis: Redis, checks: readonly RateLimitCheck[]): Promise<TooManyRequests | null> {
  for (const check of checks) {
    try {
      await enforceRateLimit(redis, check);
    } catch (error) {
      if (error instanceof TooManyRequests) return error;
      throw error;
    }
  }
  return null;
}

/** Forgets the attempts of one key, e.g. the per e-mail login counter after a successful login. */
export async function resetRateLimit(redis: Redis, target: { bucket: string; key: string }): Promise<void> {
  await redis.del(rateLimitKey(target.bucket, target.key));
}

/**
 * The client's IP address: the address the studio's Express server vouches for (see
 * CLIENT_IP_HEADER; socket address, or proxy headers only when TRUST_PROXY says so). Requests
 * that did not come through it fall back to the last X-Forwarded-For entry, then X-Real-IP,
 * then "unknown" (all such clients share one per-IP counter).
 */
export function clientIp(request: Request): string {
  const trusted = request.headers.get(CLIENT_IP_HEADER)?.trim();
  if (trusted) return trusted.slice(0, 45);
  const forwarded = request.headers
    .get("x-forwarded-for")
    ?.split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const candidate = forwarded?.at(-1) ?? request.headers.get("x-real-ip")?.trim();
  // Bounded to the session.ip column (45 characters, enough for IPv6).
  return candidate ? candidate.slice(0, 45) : "unknown";
}
