import { Readable } from "node:stream";
import type { BlobStore } from "./blob-store.server.ts";

/**
 * A stored file as an HTTP answer: streamed (never read whole), with its length, type and cache
 * rule; a plain 404 when there is no key or the file is gone. For the routes that hand out the
 * studio's own images (media, news images, support covers and thumbnails).
 */
export async function blobFileResponse(
  blobs: BlobStore,
  key: string | null | undefined,
  headers: { contentType: string; cacheControl: string },
): Promise<Response> {
  const size = key ? await blobs.size(key) : null;
  if (!key || size === null) return new Response("not found", { status: 404 });
  const body = Readable.toWeb(await blobs.stream(key)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: { "Content-Type": headers.contentType, "Content-Length": String(size), "Cache-Control": headers.cacheControl },
  });
}
