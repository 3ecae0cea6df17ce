import { createHash, randomBytes } from "node:crypto";
import { createId } from "@paralleldrive/cuid2";
import type { JsonValue } from "#db/schema.gen";
import type { Database } from "#db/client";
import { EMAIL_CONFIGS } from "#db/seed-data";
import { retryTransaction } from "#db/retry-transaction";

/**
 * Single-use, expiring tokens for the links in mails (studio-core.md §4 "Token flow"): the mail
 * carries the raw token, the `one_time_token` row only its SHA-256, so reading the table (or a
 * backup) gives no working link. Decisions: docs/decisions/0013-sessions-tokens-rate-limits.md.
 */

/** The `:authType` values of /auth/:authType/with/:token (studio-core.md §4). */
export const AUTH_TYPES = [
  "signup",
  "generated-user-signup",
  "password-reset",
  "email-reset",
  "delete-user",
  "delete-account",
  // A change support asked for (issue 44): the current address approves it, either address declines it.
  "email-change-approve",
  "email-change-decline",
] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/** The `:authType` values of /deactivate-email/:authType/with/:token: one per e-mail configuration. */
export const DEACTIVATE_EMAIL_TYPES = EMAIL_CONFIGS;
export type DeactivateEmailType = (typeof DEACTIVATE_EMAIL_TYPES)[number];

/** The purpose stored with a deactivate-email token: that route and the configuration it switches off. */
export type DeactivateEmailPurpose = `deactivate-email:${DeactivateEmailType}`;
/**
 * The embedded upload widget hands its try-it user over to the studio in the top window
 * (studio-core.md §2): a short-lived link that logs the same user in with a first-party cookie.
 */
export const EMBEDDED_LOGIN_PURPOSE = "embedded-login";
export type TokenPurpose = AuthType | DeactivateEmailPurpose | typeof EMBEDDED_LOGIN_PURPOSE;

export const TOKEN_PURPOSES: readonly TokenPurpose[] = [
  ...AUTH_TYPES,
  ...DEACTIVATE_EMAIL_TYPES.map((type): DeactivateEmailPurpose => `deactivate-email:${type}`),
  EMBEDDED_LOGIN_PURPOSE,
];

const HOUR = 60 * 60_000;

/**
 * How long a link works unless the caller says otherwise (`ttlMs`); whole hours, because the mails
 * state the validity in hours. A support-sent password request may pass a longer ttl.
 */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  signup: 72 * HOUR,
  "generated-user-signup": 72 * HOUR,
  "password-reset": 2 * HOUR,
  "email-reset": 24 * HOUR,
  "delete-user": 24 * HOUR,
  "delete-account": 24 * HOUR,
  "email-change-approve": 72 * HOUR,
  "email-change-decline": 7 * 24 * HOUR,
  "deactivate-email:epaperReady": 30 * 24 * HOUR,
  "deactivate-email:zipReady": 30 * 24 * HOUR,
  "deactivate-email:channelPublicationReady": 30 * 24 * HOUR,
  // Used at once by the widget's own button; minutes would do, but TTLs are whole hours.
  "embedded-login": HOUR,
};

/**
 * Whether a new token of a purpose ends the unused older ones of the same user. True for the auth
 * flows (only the latest request counts: the newest password-reset mail, the latest requested
 * e-mail address). False for deactivate-email: every notification mail carries its own link,
 * and an older mail's link must keep working; and for email-change-decline, whose link both
 * addresses get.
 */
function replacesOlder(purpose: TokenPurpose): boolean {
  // Both addresses get a decline link of their own: the second must not end the first.
  return !purpose.startsWith("deactivate-email:") && purpose !== "email-change-decline";
}

export function isTokenPurpose(value: string): value is TokenPurpose {
  return (TOKEN_PURPOSES as readonly string[]).includes(value);
}

/** The purpose for a token route's `:authType`, or null for an unknown one (answer 404). */
export function tokenPurposeFor(route: "auth" | "deactivate-email", authType: string): TokenPurpose | null {
  if (route === "auth") return (AUTH_TYPES as readonly string[]).includes(authType) ? (authType as AuthType) : null;
  const purpose = `deactivate-email:${authType}`;
  return isTokenPurpose(purpose) ? purpose : null;
}

/** A raw token: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type IssueTokenOptions = {
  userId: string;
  purpose: TokenPurpose;
  /** Defaults to TOKEN_TTL_MS[purpose]. */
  ttlMs?: number;
  /** Data the flow needs when the link is used (email-reset: the new address). */
  payload?: JsonValue;
  now?: Date;
};

/**
 * Creates a token and returns it raw, for the link in the mail; only its hash is stored. Ends
 * the user's unused older tokens of the same purpose first (see `replacesOlder`).
 */
export async function issueToken(db: Database, options: IssueTokenOptions): Promise<{ token: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const ttlMs = options.ttlMs ?? TOKEN_TTL_MS[options.purpose];
  if (!(ttlMs > 0)) throw new RangeError(`Token ttl must be positive, got ${ttlMs}`);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ttlMs);
  await retryTransaction(db, async (trx) => {
    if (replacesOlder(options.purpose)) {
      // Found by a plain read, deleted by primary key: a DELETE … WHERE user_id that matches nothing
      // takes a gap lock, and two signups at once then deadlock on their inserts.
      const older = await trx
        .selectFrom("oneTimeToken")
        .select("id")
        .where("userId", "=", options.userId)
        .where("purpose", "=", options.purpose)
        .where("usedAt", "is", null)
        .execute();
      if (older.length > 0) {
        await trx
          .deleteFrom("oneTimeToken")
          .where(
            "id",
            "in",
            older.map((row) => row.id),
          )
          .execute();
      }
    }
    await trx
      .insertInto("oneTimeToken")
      .values({
        id: createId(),
        userId: options.userId,
        purpose: options.purpose,
        tokenHash: hashToken(token),
        payload: options.payload === undefined ? null : JSON.stringify(options.payload),
        expiresAt,
      })
      .execute();
  });
  return { token, expiresAt };
}

/** Why a token was refused: unknown, other purpose or replaced ('invalid'), past its expiry, or used before. */
export type TokenFailure = "invalid" | "expired" | "used";

export type ConsumeTokenResult = { ok: true; userId: string; payload: JsonValue | null } | { ok: false; reason: TokenFailure };

export type ConsumeTokenOptions = { token: string; purpose: TokenPurpose; now?: Date };

/**
 * Uses a token once, inside the caller's transaction: the flow's own writes (confirm the user,
 * set the new address) then commit or roll back together with the use. Exactly one of several
 * concurrent calls for the same token succeeds: the UPDATE only matches an unused, unexpired row,
 * and InnoDB's row lock makes the losers see it used.
 */
export async function consumeTokenIn(trx: Database, options: ConsumeTokenOptions): Promise<ConsumeTokenResult> {
  if (!TOKEN_PATTERN.test(options.token)) return { ok: false, reason: "invalid" };
  const now = options.now ?? new Date();
  const tokenHash = hashToken(options.token);
  const updated = await trx
    .updateTable("oneTimeToken")
    .set({ usedAt: now })
    .where("tokenHash", "=", tokenHash)
    .where("purpose", "=", options.purpose)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  const row = await trx
    .selectFrom("oneTimeToken")
    .select(["userId", "purpose", "payload", "usedAt", "expiresAt"])
    .where("tokenHash", "=", tokenHash)
    .executeTakeFirst();
  // A token of another purpose is reported as unknown, so a link never reveals what else it is.
  if (!row || row.purpose !== options.purpose) return { ok: false, reason: "invalid" };
  if (Number(updated.numUpdatedRows) === 1) return { ok: true, userId: row.userId, payload: row.payload };
  if (row.usedAt !== null) return { ok: false, reason: "used" };
  return { ok: false, reason: "expired" };
}

/**
 * Reads a live token's payload without using it: for a page that asks before it acts (issue 44:
 * the approval of an e-mail change names the address and waits for a press). Null when the token
 * is unknown, used, expired or of another purpose.
 */
export async function peekToken(db: Database, options: ConsumeTokenOptions): Promise<{ payload: JsonValue | null } | null> {
  if (!TOKEN_PATTERN.test(options.token)) return null;
  const row = await db
    .selectFrom("oneTimeToken")
    .select("payload")
    .where("tokenHash", "=", hashToken(options.token))
    .where("purpose", "=", options.purpose)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", options.now ?? new Date())
    .executeTakeFirst();
  return row ? { payload: row.payload } : null;
}

/** Uses a token once in a transaction of its own; see `consumeTokenIn`. */
export function consumeToken(db: Database, options: ConsumeTokenOptions): Promise<ConsumeTokenResult> {
  return retryTransaction(db, (trx) => consumeTokenIn(trx, options));
}
