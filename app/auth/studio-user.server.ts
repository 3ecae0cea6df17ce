import { redirect } from "react-router";
import type { Database } from "#db/client";
import { maintenanceActive } from "#app/preferences/system-preference.server";
import { computePermissions, type PermissionKey, type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { START_ROUTE } from "#app/rules/login-redirect";
import type { SessionInfo, SessionUser } from "./session.server.ts";
import { requireUser, toPermissionSubject } from "./require-user.server.ts";

export type StudioUser = {
  user: SessionUser;
  session: SessionInfo;
  subject: PermissionSubject;
  permissions: ReadonlySet<PermissionKey>;
  maintenanceActive: boolean;
};

/** The signed-in user with the permission set loaders shape the UI with (or a redirect to login). */
export async function requireStudioUser(db: Database, request: Request): Promise<StudioUser> {
  const { user, session } = await requireUser(db, request);
  const maintenance = await maintenanceActive(db);
  const subject = toPermissionSubject(user, { maintenanceActive: maintenance });
  return { user, session, subject, permissions: computePermissions(subject), maintenanceActive: maintenance };
}

/**
 * The permission gate of a page (studio-admin.md §2 navigation guard): a loader without the
 * permission sends the user to the start route, on the server, so the page's data never leaves
 * it. An action gets the permission error instead (Forbidden or UserNotConfirmed, 403 through
 * withErrorToasts): a write is refused, not redirected.
 */
export async function requirePagePermission(db: Database, request: Request, key: PermissionKey): Promise<StudioUser> {
  const studio = await requireStudioUser(db, request);
  if (studio.permissions.has(key)) return studio;
  if (request.method === "GET" || request.method === "HEAD") throw redirect(START_ROUTE);
  requirePermission(studio.subject, key);
  return studio;
}
