import { createHash, timingSafeEqual } from "node:crypto";
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { Health } from "@ep/proto/grpc/health/v1/health_pb";

/** True when the header carries the shared token; constant-time, whatever the length. */
export function bearerMatches(header: string | null | undefined, token: string) {
  const presented = header?.startsWith("Bearer ") ? header.slice(7) : "";
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return presented !== "" && timingSafeEqual(digest(presented), digest(token));
}

/**
 * Only the worker may ask for work: every call but the standard health check must carry the
 * token shared through RENDER_NODE_TOKEN.
 */
export function requireBearer(token: string): Interceptor {
  return (next) => async (request) => {
    if (request.service.typeName !== Health.typeName && !bearerMatches(request.header.get("authorization"), token)) {
      throw new ConnectError("missing or wrong bearer token", Code.Unauthenticated);
    }
    return next(request);
  };
}
