import type { IncomingHttpHeaders } from "node:http";
import type { BlobInfo, ByteRange } from "./blob-store.server.ts";

/*
 * HTTP validators and ranges for blobs served from either driver (ADR 0045): ETag and
 * Last-Modified from the store, conditional requests (RFC 9110 §13), and one byte range per
 * request (§14; a multi-range request gets the whole file, as most servers do for media).
 */

/** The Range header's one range within `size` bytes; null: serve it whole; "unsatisfiable": 416. */
export function parseByteRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    // The last N bytes.
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/** The validators sent with an answer (validatorHeaders). */
export type Validators = { ETag: string; "Last-Modified"?: string };

/**
 * Whether the client's copy is current, by the validators this answer carries: If-None-Match
 * (weak comparison) wins over If-Modified-Since, which counts only where a Last-Modified is sent.
 */
export function isNotModified(headers: IncomingHttpHeaders, validators: Validators): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (ifNoneMatch) {
    if (ifNoneMatch.trim() === "*") return true;
    return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(validators.ETag));
  }
  const since = headers["if-modified-since"];
  const modified = validators["Last-Modified"];
  if (!since || !modified) return false;
  const time = Date.parse(since);
  // HTTP dates have whole seconds.
  return !Number.isNaN(time) && Date.parse(modified) <= time;
}

/**
 * The validators to send with a blob. A compressed answer is another representation (another
 * tag); so is a body rewritten for this address (`variant`: what it depends on besides the
 * blob), which has no Last-Modified: the blob's date would not tell two variants apart.
 */
export function validatorHeaders(info: BlobInfo, options: { gzip: boolean; variant?: string }): Validators {
  const suffix = [options.variant, options.gzip ? "gzip" : null].filter(Boolean).join("-");
  const etag = suffix ? `${info.etag.replace(/"$/, "")}-${suffix}"` : info.etag;
  return options.variant ? { ETag: etag } : { ETag: etag, "Last-Modified": info.modifiedAt.toUTCString() };
}
