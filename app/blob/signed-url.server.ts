import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import type { BlobStore } from "./blob-store.server.ts";

/**
 * Short-lived signed URLs for blobs: how render nodes fetch a source PDF without any access to
 * the blob store or a shared secret beyond their bearer token. The token is the key and its
 * expiry, signed with HMAC-SHA256; it is useless after it expires and for any other key.
 */
export const SIGNED_BLOB_PATH = "/internal/blobs/";

export function signBlobUrl(baseUrl: string, secret: string, key: string, ttlMs: number, now = Date.now()) {
  const payload = Buffer.from(JSON.stringify({ k: key, e: now + ttlMs })).toString("base64url");
  return `${baseUrl}${SIGNED_BLOB_PATH}${payload}.${sign(secret, payload)}`;
}

/** The key a token grants, or null when it is forged, malformed or expired. */
export function verifyBlobToken(secret: string, token: string, now = Date.now()): string | null {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { k, e } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { k: unknown; e: unknown };
    return typeof k === "string" && typeof e === "number" && e > now ? k : null;
  } catch {
    return null;
  }
}

function sign(secret: string, payload: string) {
  return createHmac("sha256", `signed-blob-url:${secret}`).update(payload).digest("base64url");
}

/** Serves `GET /internal/blobs/<token>`; answers false when the path is not its own. */
export function serveSignedBlob(store: BlobStore, secret: string) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    const url = new URL(request.url ?? "/", "http://worker");
    if (!url.pathname.startsWith(SIGNED_BLOB_PATH) || request.method !== "GET") return false;
    const key = verifyBlobToken(secret, url.pathname.slice(SIGNED_BLOB_PATH.length));
    if (!key) {
      response.writeHead(403, { "content-type": "text/plain" }).end("invalid or expired link");
      return true;
    }
    const size = await store.size(key);
    if (size === null) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return true;
    }
    let body: Readable;
    try {
      body = await store.stream(key);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return true;
    }
    response.writeHead(200, { "content-type": "application/octet-stream", "content-length": size, "cache-control": "no-store" });
    body.on("error", () => response.destroy()).pipe(response);
    return true;
  };
}
