import type { Server } from "node:http";
import type { RequestHandler } from "express";

/**
 * Limits every HTTP server of the product sets (issue 16, finding 7; docs/decisions/0027):
 * headers must arrive within 20 s, and a socket that stays silent for 2 minutes is closed (SSE
 * streams send a heartbeat every 20 s). `requestMs` bounds a whole request, body included: long
 * on the studio (a 150 MB upload on a slow line), short elsewhere.
 */
export function applyServerTimeouts(server: Server, options: { requestMs: number }) {
  server.headersTimeout = 20_000;
  server.requestTimeout = options.requestMs;
  server.timeout = 120_000;
  server.keepAliveTimeout = 5_000;
  return server;
}

/** The largest body a studio request may declare: the upload route's, or this for every form and JSON route. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Refuses a request whose declared Content-Length is over its route's limit before a byte of the
 * body is read (413, and the connection is closed, so nobody waits for a gigabyte that will never
 * be used). `limitFor` names a route's own limit; every other route gets DEFAULT_BODY_LIMIT_BYTES.
 * The upload card's route answers its JSON refusal, the public API a problem document, every other
 * one plain text. A body without
 * a declared length (chunked) is refused with 411 on every route that has no limit of its own:
 * React Router would read it whole into memory. Browsers always declare the length of a form.
 */
export function refuseDeclaredOversize(options: {
  limitFor: (path: string) => number | undefined;
  /** The answer's body for a refusal with `status` (411, 413, 400); plain text when undefined. */
  refusal: (path: string, status: number) => { type: string; body: string } | undefined;
}): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers["content-length"];
    const ownLimit = options.limitFor(req.path);
    if (declared === undefined) {
      if (req.headers["transfer-encoding"] === undefined || ownLimit !== undefined) return next();
      const refusal = options.refusal(req.path, 411) ?? { type: "text/plain; charset=utf-8", body: "a request body needs its length" };
      res.status(411).setHeader("Connection", "close");
      res.type(refusal.type).send(refusal.body);
      return;
    }
    const length = Number(declared);
    const limit = ownLimit ?? DEFAULT_BODY_LIMIT_BYTES;
    if (Number.isFinite(length) && length <= limit) return next();
    const status = Number.isFinite(length) ? 413 : 400;
    const refusal = options.refusal(req.path, status) ?? { type: "text/plain; charset=utf-8", body: "request body too large" };
    res.status(status);
    res.setHeader("Connection", "close");
    res.type(refusal.type).send(refusal.body);
  };
}
