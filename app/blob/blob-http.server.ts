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

/** Whether the client's copy is current: If-None-Match (weak comparison) wins over If-Modified-Since. */
export function isNotModified(headers: IncomingHttpHeaders, info: BlobInfo): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (ifNoneMatch) {
    if (ifNoneMatch.trim() === "*") return true;
    return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(info.etag));
  }
  const since = headers["if-modified-since"];
  if (!since) return false;
  const time = Date.parse(since);
  // HTTP dates have whole seconds.
  return !Number.isNaN(time) && Math.floor(info.modifiedAt.getTime() / 1000) * 1000 <= time;
}

/** The validators to send with a blob; a compressed answer is another representation (another tag). */
export function validatorHeaders(info: BlobInfo, options: { gzip: boolean }): Record<string, string> {
  const etag = options.gzip ? `${info.etag.replace(/"$/, "")}-gzip"` : info.etag;
  return { ETag: etag, "Last-Modified": info.modifiedAt.toUTCString() };
}
