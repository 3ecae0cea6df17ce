import { findPreferenceValue } from "#app/preferences/system-preference.server";
import type { Redis } from "ioredis";
import { type EmailQueue, queueEmail } from "#app/email/send-email.server";
import { AppError } from "#app/errors/app-error";
import { GLOBAL_ERROR_NAMES, type GlobalErrorName } from "#app/errors/catalogue";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { isLocale, type Locale } from "#app/utils/i18n";
import type { Database } from "#db/client";
import { listMigrations } from "#db/migrator";

/*
 * The developer kit (studio-admin.md §2 'Dev kit: tabs Service and Developer', §7 migration,
 * redis, send-test-email, §8 forced error; issue 14): level 4 outside demo accounts. The forced
 * error lives on the admin's own session row, so it ends with that session and touches nobody else.
 */

export type DevKitState = {
  forcedError: string | null;
  errorNames: readonly GlobalErrorName[];
  /** The error the kit offers first: the DevKit preference's forceError.errorName (ADR 0043). */
  defaultErrorName: GlobalErrorName;
  migrations: { name: string; executedAt: string | null }[];
};

export async function loadDevKit(db: Database, subject: PermissionSubject, session: { forcedError: string | null }): Promise<DevKitState> {
  requirePermission(subject, "devKit");
  const [migrations, preference] = await Promise.all([listMigrations(db), findPreferenceValue(db, "DevKit")]);
  const preferred = (preference as { forceError?: { errorName?: unknown } } | undefined)?.forceError?.errorName;
  return {
    forcedError: session.forcedError,
    errorNames: GLOBAL_ERROR_NAMES,
    defaultErrorName: GLOBAL_ERROR_NAMES.find((name) => name === preferred) ?? (GLOBAL_ERROR_NAMES[0] as GlobalErrorName),
    migrations: migrations.map((m) => ({ name: m.name, executedAt: m.executedAt?.toISOString() ?? null })),
  };
}

/** Starts (a global error name) or stops (null) the forced error of this session. */
export async function setForcedError(db: Database, subject: PermissionSubject, sessionId: string, name: string | null) {
  requirePermission(subject, "devKit");
  if (name !== null && !(GLOBAL_ERROR_NAMES as readonly string[]).includes(name))
    throw new AppError("devkit.errors.unknownError", { status: 422 });
  await db.updateTable("session").set({ forcedError: name }).where("id", "=", sessionId).where("userId", "=", subject.id).execute();
}

/** A Redis key pattern (glob: * ? [..]): 1 to 200 characters. */
function checkedPattern(pattern: string) {
  const trimmed = pattern.trim();
  if (trimmed.length < 1 || trimmed.length > 200) throw new AppError("devkit.errors.pattern", { status: 422 });
  return trimmed;
}

export const REDIS_FIND_MAX = 200;
const REDIS_REMOVE_MAX = 10_000;

async function scanKeys(redis: Redis, pattern: string, max: number) {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
    cursor = next;
    for (const key of batch) if (keys.length < max) keys.push(key);
  } while (cursor !== "0" && keys.length < max);
  return { keys, complete: cursor === "0" };
}

/** Redis keys matching a pattern, at most 200 (SCAN, never KEYS: the server keeps serving). */
export async function findRedisKeys(redis: Redis, subject: PermissionSubject, pattern: string) {
  requirePermission(subject, "devKit");
  const { keys, complete } = await scanKeys(redis, checkedPattern(pattern), REDIS_FIND_MAX);
  return { keys: keys.sort(), complete };
}

/** Removes the keys matching a pattern (at most 10,000 per call); answers how many went. */
export async function removeRedisKeys(redis: Redis, subject: PermissionSubject, pattern: string) {
  requirePermission(subject, "devKit");
  const { keys } = await scanKeys(redis, checkedPattern(pattern), REDIS_REMOVE_MAX);
  let removed = 0;
  for (let i = 0; i < keys.length; i += 500) removed += await redis.del(...keys.slice(i, i + 500));
  return removed;
}

/** 'Send test e-mail' in one language (§7 send-test-email {lang}), to the admin's own address. */
export async function sendTestEmail(
  deps: { db: Database; queue: EmailQueue; studioUrl: string },
  subject: PermissionSubject,
  to: { id: string; email: string; firstname: string; lastname: string },
  lang: string,
) {
  requirePermission(subject, "devKit");
  if (!isLocale(lang)) throw new AppError("devkit.errors.language", { status: 422 });
  const locale: Locale = lang;
  await queueEmail(deps, {
    to: to.email,
    type: "testEmail",
    locale,
    userId: to.id,
    variables: { studioUrl: deps.studioUrl, firstName: to.firstname || undefined, lastName: to.lastname || undefined },
  });
}
