import type { Redis } from "ioredis";
import { sql } from "kysely";
import type { Database } from "#db/client";
import { compiledOnce } from "#db/compiled-query";
import { publishForcedLogout } from "#app/events/publish.server";
import { clientIp } from "./rate-limit.server.ts";
import { commitSessionHeader, createSessionId, readSessionId } from "./session-cookie.server.ts";

/**
 * Sessions as in the Epic Stack: the cookie holds only a random session id, signed with
 * SESSION_SECRET; the `session` row is the truth, so logout, forced logout of a user or of a whole
 * account, and expiry take effect on the next request. Decisions (lifetimes, sliding expiry,
 * login notices): docs/decisions/0013-sessions-tokens-rate-limits.md.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Idle lifetime: a session ends this long after its last request. "remember" keeps the cookie
 * across browser restarts; otherwise the cookie lasts until the browser closes.
 */
export const SESSION_IDLE_MS = { remember: 30 * DAY, browser: 12 * HOUR } as const;
/** Absolute lifetime: however active, a session ends this long after login. */
export const SESSION_MAX_AGE_MS = 90 * DAY;
/** last_seen_at (and the sliding expiry) is written at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE;

/** Why a session was revoked (session.revoked_reason, at most 32 characters). */
export const SESSION_REVOKE_REASONS = [
  "logout",
  /** Support logged out one user (studio-admin.md real-time events). */
  "forcedLogout",
  /** Support logged out every user of an account. */
  "accountForcedLogout",
  "passwordChanged",
  "emailChanged",
  "accountDeactivated",
  "userDeleted",
  "accountDeleted",
  /** The deactivate-email flow logs out (studio-core.md §4). */
  "deactivateEmail",
  /** A regular user opened /try-it and is logged out (studio-core.md §2). */
  "tryIt",
] as const;
export type SessionRevokeReason = (typeof SESSION_REVOKE_REASONS)[number];

export type CreateSessionOptions = {
  userId: string;
  /** Keep the login across browser restarts (30 days idle) instead of until the browser closes (12 h idle). */
  remember: boolean;
  ip?: string | null;
  userAgent?: string | null;
  now?: Date;
};

export type CreatedSession = {
  id: string;
  expiresAt: Date;
  /** For commitSessionHeader: the cookie's expiry, undefined for a browser-session cookie. */
  cookieExpires: Date | undefined;
};

/** Stores a new session for the user; send `commitSessionHeader(id, { expires: cookieExpires })` with the answer. */
export async function createSession(db: Database, options: CreateSessionOptions): Promise<CreatedSession> {
  const now = options.now ?? new Date();
  const id = createSessionId();
  const idle = options.remember ? SESSION_IDLE_MS.remember : SESSION_IDLE_MS.browser;
  const maxAgeEnd = new Date(now.getTime() + SESSION_MAX_AGE_MS);
  const expiresAt = new Date(Math.min(now.getTime() + idle, maxAgeEnd.getTime()));
  await db
    .insertInto("session")
    .values({
      id,
      userId: options.userId,
      expiresAt,
      ip: options.ip ? options.ip.slice(0, 45) : null,
      userAgent: options.userAgent ? options.userAgent.slice(0, 512) : null,
      createdAt: now,
      lastSeenAt: now,
    })
    .execute();
  // The row decides when the session ends; a remembered cookie only has to outlive it.
  return { id, expiresAt, cookieExpires: options.remember ? maxAgeEnd : undefined };
}

/**
 * Logs a user in for the client of this request (login, signup, token links, try-it): a new
 * session row and the Set-Cookie value carrying it. Like the product it replaces, a login is
 * remembered across browser restarts; the idle and absolute lifetimes still end it.
 */
export async function startSession(db: Database, request: Request, userId: string): Promise<string> {
  const session = await createSession(db, {
    userId,
    remember: true,
    ip: clientIp(request),
    userAgent: request.headers.get("user-agent") ?? undefined,
  });
  return commitSessionHeader(session.id, { expires: session.cookieExpires });
}

/** The session row's facts the studio needs. */
export type SessionInfo = {
  id: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** The developer kit's forced error on this session (studio-admin.md §8), or null. */
  forcedError: string | null;
};

/**
 * The signed-in user as studio-admin.md §3 "Auth user" describes it, with what PermissionSubject
 * needs (see toPermissionSubject). Never the password hash.
 */
export type SessionUser = {
  id: string;
  accountId: string;
  baseAccountId: string;
  email: string;
  firstname: string;
  lastname: string;
  emailLanguage: string;
  isGenerated: boolean;
  isTemporary: boolean;
  emailTokenUsed: boolean;
  passwordRequested: boolean;
  requestedEmail: string | null;
  demoActive: boolean;
  documentUploadedAt: Date | null;
  lastLoginAt: Date | null;
  /** Of the current account (user.account_id; support may switch it). */
  accountName: string;
  accountIsProtected: boolean;
  accountIsDemoAccount: boolean;
  accountIsGenerated: boolean;
  accountIsTemporary: boolean;
  /** Storage time of a generated account, after which it is removed. */
  accountRemoveAt: Date | null;
  /** When the current account was created: a try-it account's test phase counts from it. */
  accountCreatedAt: Date;
  customerId: string | null;
  zipContingent: number;
  channelContingent: number;
  pageExchangeMax: number | null;
  /** permission_type.priority of each of the user's user_permission rows ('1'–'4'). */
  permissions: string[];
  /** email_config.name of each of the user's user_email_config rows. */
  emailConfigNames: string[];
};

/** Why a session that the cookie names no longer works. */
export type SessionEndReason =
  /** Past its idle or absolute lifetime. */
  | "expired"
  /** Logged out, or ended by support or by an account change (see revokedReason). */
  | "revoked"
  /** No row (removed by the purge job after expiry, or with its user). */
  | "unknown"
  | "userDeleted"
  /** The user's own (base) account is deactivated or deleted. */
  | "accountDeactivated";

export type SessionResult =
  /** No cookie, or one that is tampered with or malformed: a visitor who never logged in here. */
  | { status: "none" }
  /** The cookie names a session that no longer works: say so, clear the cookie, go to login. */
  | { status: "ended"; sessionId: string; reason: SessionEndReason; revokedReason: string | null }
  | { status: "active"; session: SessionInfo; user: SessionUser };

/**
 * The session, its user, the user's accounts, permission levels and e-mail settings in one round
 * trip; compiled once per process (db/compiled-query.ts), since every studio request reads it.
 */
const sessionUserQuery = compiledOnce((db, { sessionId }: { sessionId: string }) =>
  db
    .selectFrom("session as s")
    .innerJoin("user as u", "u.id", "s.userId")
    .innerJoin("account as a", "a.id", "u.accountId")
    .innerJoin("account as ba", "ba.id", "u.baseAccountId")
    .select([
      "s.id as sessionId",
      "s.createdAt as sessionCreatedAt",
      "s.lastSeenAt as sessionLastSeenAt",
      "s.expiresAt as sessionExpiresAt",
      "s.revokedAt as sessionRevokedAt",
      "s.revokedReason as sessionRevokedReason",
      "s.forcedError as sessionForcedError",
      "u.id",
      "u.accountId",
      "u.baseAccountId",
      "u.email",
      "u.firstname",
      "u.lastname",
      "u.emailLanguage",
      "u.isGenerated",
      "u.isTemporary",
      "u.emailTokenUsed",
      "u.passwordRequested",
      "u.requestedEmail",
      "u.demoActive",
      "u.documentUploadedAt",
      "u.lastLoginAt",
      "u.deletedAt as userDeletedAt",
      "a.name as accountName",
      "a.isProtected as accountIsProtected",
      "a.isDemoAccount as accountIsDemoAccount",
      "a.isGenerated as accountIsGenerated",
      "a.isTemporary as accountIsTemporary",
      "a.removeAt as accountRemoveAt",
      "a.createdAt as accountCreatedAt",
      "a.customerId",
      "a.zipContingent",
      "a.channelContingent",
      "a.pageExchangeMax",
      "ba.isActive as baseAccountIsActive",
      "ba.deletedAt as baseAccountDeletedAt",
    ])
    // The user's permission levels and e-mail settings in the same round trip (issue 29: every
    // studio request reads them; names and levels are seeded words and digits, never a comma).
    .select((eb) => [
      eb
        .selectFrom("userPermission as up")
        .innerJoin("permissionType as pt", "pt.id", "up.permissionTypeId")
        .select(sql<string | null>`group_concat(${sql.ref("pt.priority")})`.as("list"))
        .whereRef("up.userId", "=", "u.id")
        .as("permissionList"),
      eb
        .selectFrom("userEmailConfig as uec")
        .innerJoin("emailConfig as ec", "ec.id", "uec.emailConfigId")
        .select(sql<string | null>`group_concat(${sql.ref("ec.name")})`.as("list"))
        .whereRef("uec.userId", "=", "u.id")
        .as("emailConfigList"),
    ])
    .where("s.id", "=", sessionId),
);

/** Reads the session named by the request's cookie, and its user. Writes nothing (see touchSession). */
export async function getSessionUser(
  db: Database,
  request: Request,
  options: { now?: Date; bearer?: boolean } = {},
): Promise<SessionResult> {
  const sessionId = await readSessionId(request, { bearer: options.bearer ?? false });
  if (!sessionId) return { status: "none" };
  const now = options.now ?? new Date();
  const [row] = await sessionUserQuery(db, { sessionId });

  const ended = (reason: SessionEndReason, revokedReason: string | null = null): SessionResult => ({
    status: "ended",
    sessionId,
    reason,
    revokedReason,
  });
  if (!row) return ended("unknown");
  if (row.sessionRevokedAt !== null) return ended("revoked", row.sessionRevokedReason);
  if (row.sessionExpiresAt.getTime() <= now.getTime()) return ended("expired");
  if (row.userDeletedAt !== null) return ended("userDeleted");
  if (!row.baseAccountIsActive || row.baseAccountDeletedAt !== null) return ended("accountDeactivated");

  const {
    sessionId: id,
    sessionCreatedAt,
    sessionLastSeenAt,
    sessionExpiresAt,
    sessionForcedError,
    sessionRevokedAt: _revokedAt,
    sessionRevokedReason: _revokedReason,
    userDeletedAt: _userDeletedAt,
    baseAccountIsActive: _baseAccountIsActive,
    baseAccountDeletedAt: _baseAccountDeletedAt,
    permissionList,
    emailConfigList,
    ...user
  } = row;
  return {
    status: "active",
    session: {
      id,
      userId: user.id,
      createdAt: sessionCreatedAt,
      lastSeenAt: sessionLastSeenAt,
      expiresAt: sessionExpiresAt,
      forcedError: sessionForcedError,
    },
    user: { ...user, permissions: listOf(permissionList), emailConfigNames: listOf(emailConfigList) },
  };
}

/**
 * Marks the session as seen and slides its expiry: at most once per SESSION_TOUCH_INTERVAL_MS
 * (otherwise no query at all). The idle window is the one chosen at login (expiresAt − lastSeenAt
 * stays constant), capped at SESSION_MAX_AGE_MS after creation. Returns whether it wrote.
 */
export async function touchSession(db: Database, session: Omit<SessionInfo, "forcedError">, now = new Date()): Promise<boolean> {
  if (now.getTime() - session.lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return false;
  const idle = Math.max(0, session.expiresAt.getTime() - session.lastSeenAt.getTime());
  const expiresAt = new Date(Math.min(now.getTime() + idle, session.createdAt.getTime() + SESSION_MAX_AGE_MS));
  const result = await db
    .updateTable("session")
    .set({ lastSeenAt: now, expiresAt })
    .where("id", "=", session.id)
    // Unchanged since it was read: of concurrent requests one writes, and a revoked or expired
    // session is never brought back.
    .where("lastSeenAt", "=", session.lastSeenAt)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends one session (logout). Returns whether it was live. */
export async function revokeSession(db: Database, id: string, reason: SessionRevokeReason, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("session")
    .set({ revokedAt: now, revokedReason: reason })
    .where("id", "=", id)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Ends one session and tells its open event streams at once (a forcedLogout to its user: each of
 * the user's streams checks its own session, and the revoked one's ends). Logout, try-it and the
 * notification switch-off use it. Returns whether a live session ended.
 */
export async function endSession(deps: { db: Database; redis: Redis }, id: string, reason: SessionRevokeReason): Promise<boolean> {
  const row = await deps.db.selectFrom("session").select("userId").where("id", "=", id).executeTakeFirst();
  if (!row || !(await revokeSession(deps.db, id, reason))) return false;
  await publishForcedLogout(deps.redis, { userId: row.userId });
  return true;
}

/**
 * Ends every live session of a user (forced logout; after a password change pass the current
 * session as `exceptSessionId` to keep it). Returns how many ended.
 */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  reason: SessionRevokeReason,
  options: { exceptSessionId?: string; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  let query = db
    .updateTable("session")
    .set({ revokedAt: now, revokedReason: reason })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now);
  if (options.exceptSessionId) query = query.where("id", "!=", options.exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Ends every live session of every user of an account (forced logout of all account users,
 * deactivation): users whose own account it is, and users acting in it now (support).
 */
export async function revokeAccountSessions(
  db: Database,
  accountId: string,
  reason: SessionRevokeReason,
  now = new Date(),
): Promise<number> {
  const result = await db
    .updateTable("session")
    .set({ revokedAt: now, revokedReason: reason })
    .where("userId", "in", (eb) =>
      eb
        .selectFrom("user")
        .select("user.id")
        .where((w) => w.or([w("user.accountId", "=", accountId), w("user.baseAccountId", "=", accountId)])),
    )
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A GROUP_CONCAT's items (none for NULL, which it gives for no rows). */
const listOf = (list: string | null) => (list ? list.split(",") : []);
