import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { isServiceUnavailable, OUTAGE_RETRY_AFTER_S } from "./service-unavailable.ts";

/*
 * A database or Redis outage answers 503 with Retry-After (issue 33 §4, ADR 0047), not 500: the
 * request did nothing wrong and will work again in a moment. entry.server's handleError marks the
 * request when a loader or action failed because a dependency is away; the root middleware then
 * answers 503, which the root error boundary shows as the translated "back in a moment" page.
 */

/** The answer of the error boundary when a dependency is away: its data names the reason. */
export const SERVICE_UNAVAILABLE = "serviceUnavailable";

const outageContext = createContext<boolean>(false);

/** Called by entry.server's handleError: remembers that this request met an outage. */
export function noteServiceOutage(context: unknown, error: unknown): boolean {
  if (!isServiceUnavailable(error)) return false;
  if (context && typeof (context as RouterContextProvider).set === "function") (context as RouterContextProvider).set(outageContext, true);
  return true;
}

/**
 * The root middleware: a request that failed because the database or Redis is away answers 503
 * with Retry-After, rendered by the root error boundary (the page loads again by itself after a
 * while). Two parts: the inner one turns the failed answer into the 503 the boundary renders;
 * the outer one adds Retry-After to whatever answer came of it (a thrown answer's own headers
 * do not reach the rendered document).
 */
export const serviceOutageMiddleware: MiddlewareFunction<Response>[] = [
  async ({ context }, next) => {
    const response = await next();
    if (context.get(outageContext) && response.status === 503) {
      const headers = new Headers(response.headers);
      headers.set("Retry-After", String(OUTAGE_RETRY_AFTER_S));
      return new Response(response.body, { status: 503, statusText: response.statusText, headers });
    }
    return response;
  },
  async ({ context }, next) => {
    const response = await next();
    if (response.status < 500 || !context.get(outageContext)) return response;
    throw data(SERVICE_UNAVAILABLE, { status: 503 });
  },
];
