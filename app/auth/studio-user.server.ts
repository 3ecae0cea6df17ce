import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import type { Database } from "#db/client";
import { maintenanceActive } from "#app/preferences/system-preference.server";
import { computePermissions, type PermissionKey, type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { START_ROUTE } from "#app/rules/login-redirect";
import type { SessionInfo, SessionUser } from "./session.server.ts";
import type { DevKitForcedError } from "#app/errors/app-error";
import { forcedErrorFor } from "./forced-error.server.ts";
import { requireUser, toPermissionSubject } from "./require-user.server.ts";

export type StudioUser = {
  user: SessionUser;
  session: SessionInfo;
  subject: PermissionSubject;
  permissions: ReadonlySet<PermissionKey>;
  maintenanceActive: boolean;
  /** The developer kit's forced error for this request (forced-error.server.ts), or null. */
  forcedError: DevKitForcedError | null;
};

/**
 * The signed-in user with the permission set loaders shape the UI with (or a redirect to login).
 * Throws the developer kit's forced error for a call of a session that has one, unless
 * `deferForcedError` (the layout middleware: studioUserOf throws it inside the action instead).
 */
export async function requireStudioUser(db: Database, request: Request, options: { deferForcedError?: boolean } = {}): Promise<StudioUser> {
  const { user, session } = await requireUser(db, request);
  const forcedError = forcedErrorFor(session, request);
  if (forcedError && !options.deferForcedError) throw forcedError;
  const maintenance = await maintenanceActive(db);
  const subject = toPermissionSubject(user, { maintenanceActive: maintenance });
  return { user, session, subject, permissions: computePermissions(subject), maintenanceActive: maintenance, forcedError };
}

const studioUserContext = createContext<StudioUser | null>(null);

/**
 * Middleware of the studio layout (routes/studio/layout.tsx): the login gate of every page in the
 * app shell. It loads the signed-in user, their permission set and the maintenance state once
 * per request, for the layout's and the page's loaders and actions alike (studioUserOf).
 */
export function studioUserMiddleware(db: Database): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    context.set(studioUserContext, await requireStudioUser(db, request, { deferForcedError: true }));
    return next();
  };
}

/**
 * The studio user the layout's middleware loaded for this request. Throws the developer kit's
 * forced error of a write: call it inside the action's withErrorToasts, so the error is a toast.
 */
export function studioUserOf(context: Readonly<RouterContextProvider>): StudioUser {
  const studio = context.get(studioUserContext);
  if (!studio) throw new Error("studioUserOf: this route is not below the studio layout's middleware");
  if (studio.forcedError) throw studio.forcedError;
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
