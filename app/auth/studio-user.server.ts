import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
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

const studioUserContext = createContext<StudioUser | null>(null);

/**
 * Middleware of the studio layout (routes/studio-layout.tsx): the login gate of every page in the
 * app shell. It loads the signed-in user, their permission set and the maintenance state once
 * per request, for the layout's and the page's loaders and actions alike (studioUserOf).
 */
export function studioUserMiddleware(db: Database): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    context.set(studioUserContext, await requireStudioUser(db, request));
    return next();
  };
}

/** The studio user the layout's middleware loaded for this request. */
export function studioUserOf(context: Readonly<RouterContextProvider>): StudioUser {
  const studio = context.get(studioUserContext);
  if (!studio) throw new Error("studioUserOf: this route is not below the studio layout's middleware");
  return studio;
}

/**
 * The permission gate of a page (studio-admin.md §2 navigation guard): a loader without the
 * permission sends the user to the start route, on the server, so the page's data never leaves
 * it. An action gets the permission error instead (Forbidden or UserNotConfirmed, 403 through
 * withErrorToasts): a write is refused, not redirected.
 */
export function requirePagePermission(studio: StudioUser, request: Request, key: PermissionKey): StudioUser {
  if (studio.permissions.has(key)) return studio;
  if (request.method === "GET" || request.method === "HEAD") throw redirect(START_ROUTE);
  requirePermission(studio.subject, key);
  return studio;
}
