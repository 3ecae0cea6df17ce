import type { Redis } from "ioredis";
import type { LookupQueue } from "#app/jobs/queues.server";
import type { BlobStore } from "#app/blob/blob-store.server";
import type { Database } from "#db/client";
import type { RenderFailure } from "./render-failure.ts";

/** What the render farm's callers share: the dependencies of a render and its two endings that are not errors of the farm. */

export type RenderSettings = { widths: number[]; thumbnailWidth: number; quality: number; effort: number };

export type RenderDeps = {
  db: Database;
  redis: Redis;
  blobs: BlobStore;
  /** A short-lived URL a node can download the blob from. */
  /** A URL the render node GETs the source from (presigned by the store, or the worker's). */
  signedUrl: (key: string) => Promise<string>;
  token: string;
  settings: RenderSettings;
  log: (message: string) => void;
  onPageStored?: (renderMs: number) => void;
  /** How long a document waits for a node to appear before the attempt fails. */
  noNodeTimeoutMs?: number;
  /** A chunk that sends nothing for this long is given to another node. */
  chunkIdleTimeoutMs?: number;
  /** After a render finished (the ePaper is ready): the 'ePaper ready' mail. Its failure never fails the render. */
  onRendered?: (epaperId: string) => Promise<unknown>;
  /** Where the OCR job goes after a render or page operation (issue 47); default: the studio's producer queue. */
  recognizeQueue?: LookupQueue;
};

/** The document cannot be rendered by anyone (password, not a PDF, damaged, too large). */
export class RenderRefused extends Error {
  readonly failure: RenderFailure;
  constructor(failure: RenderFailure, detail: string) {
    super(detail);
    this.name = "RenderRefused";
    this.failure = failure;
  }
}

export class RenderCancelled extends Error {
  override name = "RenderCancelled";
}
