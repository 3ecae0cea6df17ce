import { z } from "zod";
import { clientIp } from "#app/auth/rate-limit.server";
import { AppError } from "#app/errors/app-error";
import { verifyPublicationAccess } from "#app/publish/preview-link-access.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/verify-publication-access";

const Body = z.object({ password: z.string().min(1).max(200) });

/**
 * POST /verify-publication-access/:sharingType/:sharingHash/ with the JSON body {password}
 * (studio-core.md §7 "Verify publication access"): 200 with the address the browser goes to as
 * the body (plain text), 404 when no live publication has this type, hash and password, 429
 * with Retry-After when too many attempts came from the client or for the hash, 400 for a body
 * that is not {password}. No session is needed or read.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return text("method not allowed", 405);
  let body: z.infer<typeof Body>;
  try {
    body = Body.parse(await request.json());
  } catch {
    return text("invalid request", 400);
  }
  const env = getEnv();
  try {
    const { url } = await verifyPublicationAccess(
      { db, redis, secret: env.SESSION_SECRET, contentUrl: env.CONTENT_URL },
      { type: params.sharingType, hash: params.sharingHash, password: body.password, clientIp: clientIp(request) },
    );
    return text(url, 200);
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 429)) return text(error.name, error.status, error.headers);
    throw error;
  }
}

export function loader() {
  return text("method not allowed", 405);
}

function text(body: string, status: number, headers: Record<string, string> = {}) {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}
