import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { remember } from "./remember.server.ts";

/*
 * The request id (issue 28 §5): one id per studio request, carried into the jobs it enqueues
 * (job data `requestId`) and from there into every render node call (gRPC metadata
 * `x-request-id`), so one upload can be followed across machines in the logs.
 */

type RequestContext = { requestId: string };

// One per process: the server (server/studio.ts, from source) and the app's production bundle
// each hold their own copy of this module, and both must see the same context.
const storage = remember("request-context", () => new AsyncLocalStorage<RequestContext>());

/** An incoming X-Request-Id is kept when it is a plain token (a proxy's id); otherwise a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && /^[A-Za-z0-9._:-]{8,64}$/.test(given) ? given : randomUUID();
}

export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request (or job) this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
