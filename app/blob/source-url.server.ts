import type { BlobStore } from "./blob-store.server.ts";
import { signBlobUrl } from "./signed-url.server.ts";

/**
 * The URL a render node fetches a source PDF from (ADR 0007, ADR 0045): straight from the store
 * by a presigned GET when it has them (S3: no hop through the worker), otherwise the worker's
 * own short-lived signed URL over the folder.
 */
export async function blobSourceUrl(
  blobs: BlobStore,
  worker: { url: string; secret: string },
  key: string,
  ttlMs: number,
): Promise<string> {
  return (await blobs.presignedGetUrl(key, ttlMs)) ?? signBlobUrl(worker.url, worker.secret, key, ttlMs);
}
