import type { Redis } from "ioredis";
import { toPermissionSubject } from "#app/auth/require-user.server";
import type { SessionUser } from "#app/auth/session.server";
import { can, type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { countReadingNow, watchReadingNow } from "#app/stats/reading-now.server";
import type { Database } from "#db/client";
import { findAccountEpaper } from "./epaper-pages.server.ts";

/*
 * 'Reading now' on the statistics screen (issue 31 item 4, ADR 0053 'Reading now'): the readers of
 * one ePaper of the caller's account with a beacon in the last five minutes, and the screen's watch
 * that has the worker publish changes of it. Who may see the ePaper's statistics (epaperDetails,
 * the account's ePaper, not deleted) may see it; anything else is refused as for the statistics.
 */

export type ReadingNowModelDeps = { db: Database; redis: Redis; prefix?: string; now?: () => number };

/** Redis away: the count is unknown (null) rather than the statistics screen an error page; said once. */
let lastFailure = "";
async function orUnknown(count: Promise<number>): Promise<number | null> {
  try {
    const value = await count;
    lastFailure = "";
    return value;
  } catch (error) {
    const message = (error as Error).message;
    if (message !== lastFailure) console.error(`reading now unknown: ${message}`);
    lastFailure = message;
    return null;
  }
}

/**
 * The readers of `epaperId` now (null while Redis is away). Needs epaperDetails; another account's
 * or a deleted ePaper is EpaperNotFound (404).
 */
export async function loadReadingNow(deps: ReadingNowModelDeps, subject: PermissionSubject, epaperId: string): Promise<number | null> {
  requirePermission(subject, "epaperDetails");
  const epaper = await findAccountEpaper(deps.db, subject.accountId, epaperId);
  return orUnknown(countReadingNow(deps, epaper.id));
}

/**
 * The statistics screen's heartbeat: keeps the worker publishing the ePaper's count to the account
 * for a while, and answers the count now (null while Redis is away). Checked as loadReadingNow.
 */
export async function keepWatchingReadingNow(
  deps: ReadingNowModelDeps,
  subject: PermissionSubject,
  epaperId: string,
): Promise<number | null> {
  requirePermission(subject, "epaperDetails");
  const epaper = await findAccountEpaper(deps.db, subject.accountId, epaperId);
  return orUnknown(watchReadingNow(deps, { accountId: subject.accountId, epaperId: epaper.id }));
}

/**
 * Whether a user's event stream relays the account's statistics channel: the users who may see an
 * ePaper's details. Read from the session's user alone (no query), at connect and on every recheck
 * of the stream. Maintenance is left aside: it reloads every locked-out page anyway.
 */
export function receivesStatistics(user: SessionUser): boolean {
  return can(toPermissionSubject(user, { maintenanceActive: false }), "epaperDetails");
}
