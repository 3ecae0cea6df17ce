import compression from "compression";
import type { Request, Response } from "express";

/**
 * gzip for the studio's text answers (pages, data, scripts, styles): a workspace page is about
 * 200 KB of HTML and 15 KB compressed, which is what a phone on a mobile network notices.
 * Never for the real-time event stream (gzip would hold events back until its buffer fills). And
 * only for requests the studio's own pages or the user made (Sec-Fetch-Site same-origin or none,
 * or a client that does not say): a page another site made the browser load could reflect that
 * site's guesses next to a secret of the page, and its compressed size would tell whether a guess
 * was right (BREACH); those answers go uncompressed.
 */
export function compressAnswers() {
  return compression({
    filter: (req: Request, res: Response) => {
      if (req.path === "/events") return false;
      const site = req.headers["sec-fetch-site"];
      if (site !== undefined && site !== "same-origin" && site !== "none") return false;
      return compression.filter(req, res);
    },
  });
}
