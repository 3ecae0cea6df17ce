import type { IncomingMessage, ServerResponse } from "node:http";
import { STATS_MAX_BODY_BYTES, STATS_SEGMENT } from "./stats-events.ts";
import type { StatsIngest } from "./stats-ingest.server.ts";
import type { StatsTarget } from "./stats-stream.server.ts";

/*
 * The `_stats` address of the content origin (issue 31, ADR 0053). The content server resolves the
 * publication from the path exactly as for its pages (an unknown one is 404, a preview link
 * needs its unlock) and hands the request here: the body is read up to 16 KiB, validated and
 * queued, and the answer comes at once, without a body and without a cookie.
 */

/**
 * The publication root of a statistics address (`<root>_stats`, or `<root><revision>/_stats` for
 * a reader that posts relative to its revision's folder), or null when the path is no such address.
 * `/preview/h/_stats` → `/preview/h/`; `/c/x/r1/_stats` → `/c/x/`; `/_stats` → `/`.
 */
export function statsRootOf(pathname: string): string | null {
  const suffix = `/${STATS_SEGMENT}`;
  if (!pathname.endsWith(suffix)) return null;
  const parent = pathname.slice(0, -STATS_SEGMENT.length);
  // A root has two segments (/preview/<hash>/, /c/<shortPath>/) or none (a subdomain's only channel).
  if (/^\/(?:[^/]+\/[^/]+\/)?$/.test(parent)) return parent;
  const withRevision = /^(\/[^/]+\/[^/]+\/)[^/]+\/$/.exec(parent);
  return withRevision?.[1] ?? null;
}

const ACCEPTED_TYPES = /^(text\/plain|application\/json)\s*(;|$)/i;

/** An answer of the statistics address: never cached, never a cookie, a body only for errors. */
export function answerStats(res: ServerResponse, status: number, extra: Record<string, string> = {}) {
  res.writeHead(status, {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...(status === 204 ? {} : { "Content-Type": "text/plain; charset=utf-8" }),
    ...extra,
  });
  res.end(status === 204 ? undefined : statusText(status));
}

const statusText = (status: number) =>
  ({
    400: "invalid statistics batch",
    403: "forbidden",
    404: "not found",
    405: "method not allowed",
    413: "too large",
    415: "unsupported type",
  })[status] ?? "error";

/** The body, or null when it is larger than the limit (the rest is not read). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(null);
  // Events rather than an async iterator: a beacon is one chunk, and this runs thousands of times a second.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(size > limit ? null : chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

/** Handles a POST to a resolved publication's `_stats`. */
export async function handleStatsBeacon(
  ingest: StatsIngest | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  input: { target: StatsTarget; ip: string; ownHosts: readonly string[] },
) {
  const type = String(req.headers["content-type"] ?? "");
  if (type && !ACCEPTED_TYPES.test(type)) return answerStats(res, 415);
  const body = await readBody(req, STATS_MAX_BODY_BYTES);
  // Connection: close, so a client that is still sending the rest is not read on.
  if (body === null) return answerStats(res, 413, { Connection: "close" });
  // Without an ingest (a content server started without Redis) every beacon is dropped.
  if (!ingest) return answerStats(res, 204);
  let outcome: Awaited<ReturnType<StatsIngest["ingest"]>>;
  try {
    outcome = await ingest.ingest({ target: input.target, headers: req.headers, ip: input.ip, body, ownHosts: input.ownHosts });
  } catch (error) {
    // Redis or the database away: the beacon is lost (a reader never retries one), the page is not
    // affected. Logged once per kind of failure, not once per beacon.
    const message = (error as Error).message;
    if (message !== lastFailure) console.error(`statistics beacon not queued: ${message}`);
    lastFailure = message;
    return answerStats(res, 503);
  }
  lastFailure = "";
  return answerStats(res, outcome === "invalid" ? 400 : 204);
}

let lastFailure = "";
