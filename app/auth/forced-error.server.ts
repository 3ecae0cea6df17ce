import { DevKitForcedError } from "#app/errors/app-error";
import { globalErrorName } from "#app/errors/catalogue";
import type { SessionInfo } from "./session.server.ts";

/*
 * The developer kit's forced error (studio-admin.md §8 'a developer kit option can force any
 * chosen error on every call except authentication and system-preference'; issue 14). A call is
 * a write (any method but GET and HEAD) or a JSON resource read; a page's own document and its
 * navigation data are not, so the admin keeps the studio, the banner and the kit to stop it.
 */

const EXEMPT = [/^\/login/, /^\/logout/, /^\/auth\//, /^\/preferences(\/|\.data|$)/, /^\/resources\/devkit/, /^\/events/, /^\/healthz/];

/** The error this request must answer with, or null. */
export function forcedErrorFor(session: Pick<SessionInfo, "forcedError">, request: Request): DevKitForcedError | null {
  const name = globalErrorName({ name: session.forcedError });
  if (!name) return null;
  const path = new URL(request.url).pathname;
  if (EXEMPT.some((pattern) => pattern.test(path))) return null;
  const isCall = (request.method !== "GET" && request.method !== "HEAD") || path.startsWith("/resources/");
  return isCall ? new DevKitForcedError(name) : null;
}
