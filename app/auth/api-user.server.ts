import type { Database } from "#db/client";
import { maintenanceActive } from "#app/preferences/system-preference.server";
import { AppError } from "#app/errors/app-error";
import { computePermissions } from "#app/rules/permissions";
import { getSessionUser, touchSession } from "./session.server.ts";
import { destroySessionHeader } from "./session-cookie.server.ts";
import { forcedErrorFor } from "./forced-error.server.ts";
import { toPermissionSubject } from "./require-user.server.ts";
import type { StudioUser } from "./studio-user.server.ts";

/**
 * requireStudioUser for JSON resource routes that the browser calls with fetch: the same session
 * rules (an ended session, or an e-mail token session, is no login), but a 401
 * `errors.sessionExpired` answer instead of a redirect to the login page, which fetch would
 * follow silently. An ended session's cookie is cleared with the answer. Also accepts the session
 * as a bearer token (the embedded upload widget, which has no cookies in other sites' frames).
 */
export async function requireApiUser(db: Database, request: Request): Promise<StudioUser> {
  const result = await getSessionUser(db, request, { bearer: true });
  if (result.status === "ended") {
    throw new AppError("errors.sessionExpired", { status: 401, headers: { "Set-Cookie": await destroySessionHeader() } });
  }
  if (result.status === "none" || result.user.emailTokenUsed) throw new AppError("errors.sessionExpired", { status: 401 });
  const forcedError = forcedErrorFor(result.session, request);
  if (forcedError) throw forcedError;
  await touchSession(db, result.session);
  const maintenance = await maintenanceActive(db);
  const subject = toPermissionSubject(result.user, { maintenanceActive: maintenance });
  return {
    user: result.user,
    session: result.session,
    subject,
    permissions: computePermissions(subject),
    maintenanceActive: maintenance,
    forcedError: null,
  };
}
