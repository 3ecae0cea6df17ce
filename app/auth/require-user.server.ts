import { redirect } from "react-router";
import type { Redis } from "ioredis";
import type { Database } from "#db/client";
import type { PermissionSubject } from "#app/rules/permissions";
import { LOGIN_ROUTE, type LoginNotice, loginPath, safeRedirect, visiblePath } from "#app/rules/login-redirect";
import { destroySessionHeader, readSessionId } from "./session-cookie.server.ts";
import {
  getSessionUser,
  endSession,
  type SessionInfo,
  type SessionRevokeReason,
  type SessionUser,
  touchSession,
} from "./session.server.ts";

/** The guards of routes on the session: the signed-in user or a redirect to login, logout, the permission subject. */

export type RequireUserOptions = {
  /**
   * A user whose emailTokenUsed flag is set may only open the auth and deactivate-email routes
   * (studio-core.md §2); only their loaders and actions pass true.
   */
  allowEmailTokenSession?: boolean;
  now?: Date;
};

/**
 * The signed-in user, or a thrown redirect to the login route that remembers where the user
 * wanted to go. An ended session also clears the cookie and tells the login page why
 * (sessionExpired or accountDeactivated). Slides the session's expiry (touchSession).
 */
export async function requireUser(
  db: Database,
  request: Request,
  options: RequireUserOptions = {},
): Promise<{ user: SessionUser; session: SessionInfo }> {
  const redirectTo = visiblePath(request);
  const result = await getSessionUser(db, request, { now: options.now });
  if (result.status === "none") throw redirect(loginPath({ redirectTo }));
  if (result.status === "ended") {
    const notice: LoginNotice = result.reason === "accountDeactivated" ? "accountDeactivated" : "sessionExpired";
    throw redirect(loginPath({ redirectTo, notice }), { headers: { "Set-Cookie": await destroySessionHeader() } });
  }
  // A token session is not a login: a real login (which clears the flag) opens the rest.
  if (result.user.emailTokenUsed && !options.allowEmailTokenSession) throw redirect(loginPath({ redirectTo }));
  await touchSession(db, result.session, options.now);
  return { user: result.user, session: result.session };
}

/**
 * Logout (an action: never on GET, SameSite=Lax is the CSRF defence): ends the cookie's session
 * and answers a redirect to the login route that clears the cookie.
 */
export async function logout(
  deps: { db: Database; redis: Redis },
  request: Request,
  options: { reason?: SessionRevokeReason; redirectTo?: string } = {},
): Promise<Response> {
  const sessionId = await readSessionId(request);
  if (sessionId) await endSession(deps, sessionId, options.reason ?? "logout");
  return redirect(safeRedirect(options.redirectTo, LOGIN_ROUTE), { headers: { "Set-Cookie": await destroySessionHeader() } });
}

/** The permission module's input from the session user; the Maintenance preference comes from the caller. */
export function toPermissionSubject(user: SessionUser, options: { maintenanceActive: boolean }): PermissionSubject {
  return {
    id: user.id,
    accountId: user.accountId,
    baseAccountId: user.baseAccountId,
    permissions: user.permissions,
    isGenerated: user.isGenerated,
    isTemporary: user.isTemporary,
    emailTokenUsed: user.emailTokenUsed,
    demoActive: user.demoActive,
    accountIsProtected: user.accountIsProtected,
    accountIsDemoAccount: user.accountIsDemoAccount,
    maintenanceActive: options.maintenanceActive,
    emailConfigNames: user.emailConfigNames,
  };
}
