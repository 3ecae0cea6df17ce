import compression from "compression";
import type { NextFunction, Request, Response } from "express";

/** Built files (scripts, styles, fonts): cached for a year, so worth brotli's smaller answer. */
const BUILT_FILES = "/assets/";

/**
 * Compression for the studio's text answers (pages, data, scripts, styles): a workspace page is
 * about 110 KB of HTML and a tenth of it compressed, which is what a phone on a mobile network
 * notices.
 * - Answers made per request (pages, their data, JSON) get gzip at level 1, never brotli.
 *   Measured with `bench:studio` (workspace, 1,000 ePapers, 2 processes, issue 29): compressing
 *   cost more studio CPU than rendering the page. Without compression 18.7 ms a view (83 req/s);
 *   brotli (quality 4, what every browser got, since every browser accepts it) 46 ms (38 req/s);
 *   gzip level 6, 32 ms (48 req/s); gzip level 1, 27 ms (60 req/s). Level 1 is nginx's default
 *   for the same reason; its answer is a little larger (a few KB on a page).
 *   Most of that cost was the pieces, not the compressing: React Router wrote a page in React's
 *   4 KB pieces and flushed the compressor after each (27 flushes; gzip level 1 of the whole
 *   page takes 0.6 ms). Pages now reach the compressor in React's own batches
 *   (flush-batches.server.ts) and are flushed once per turn of the event loop (below): 20 ms a
 *   view (75 req/s), and about 15 KB rather than 24 KB on the wire. Brotli through the
 *   middleware still cost 28 ms (its encoder is made anew per answer), so pages stay gzip.
 * - Built files keep brotli (quality 4) or gzip at its default level: the browser keeps them.
 * - Never the real-time event stream (compression would hold events back until its buffer fills).
 * - Only for requests the studio's own pages or the user made (Sec-Fetch-Site same-origin or
 *   none, or a client that does not say): a page another site made the browser load could
 *   reflect that site's guesses next to a secret of the page, and its compressed size would tell
 *   whether a guess was right (BREACH); those answers go uncompressed.
 */
export function compressAnswers() {
  const filter = (req: Request, res: Response) => {
    if (req.path === "/events") return false;
    const site = req.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin" && site !== "none") return false;
    return compression.filter(req, res);
  };
  const files = compression({ filter });
  const generated = compression({ filter, level: 1 });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith(BUILT_FILES)) return files(req, res, next);
    // The middleware prefers brotli whenever it is accepted: a generated answer is offered without it.
    const accepted = req.headers["accept-encoding"];
    if (accepted?.includes("br"))
      req.headers["accept-encoding"] = accepted
        .split(",")
        .filter((coding) => coding.trim().split(";")[0] !== "br")
        .join(",");
    return generated(req, res, () => {
      flushOncePerTurn(res);
      next();
    });
  };
}

/**
 * React Router flushes the compressor after every piece it writes (a page in a few pieces, data
 * in many): each flush ends a compressed block early, costing CPU and size. What is written in
 * one turn of the event loop is flushed once, after it; a response that ends in that turn is not
 * flushed (the compressor ignores a flush once it is ending). A stream that waits for data (a
 * deferred loader value) still goes out at once.
 */
function flushOncePerTurn(res: Response) {
  const flush = res.flush;
  if (typeof flush !== "function") return;
  let scheduled = false;
  res.flush = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!res.writableEnded) flush.call(res);
    });
  };
}
