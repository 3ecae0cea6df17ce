import type { Readable } from "node:stream";

/** What the store knows of one blob: its length, when it last changed, and a strong validator. */
export type BlobInfo = { size: number; modifiedAt: Date; etag: string };

/** One thing directly under a prefix: a blob, or a deeper prefix (a folder in the folder driver). */
export type BlobEntry = { key: string; modifiedAt: Date; kind: "blob" | "prefix" };

/** Bytes `start` to `end` of a blob, both included (as HTTP's Range header counts them). */
export type ByteRange = { start: number; end: number };

/** The blob a key names does not exist (any driver). */
export class BlobNotFound extends Error {
  override name = "BlobNotFound";
  constructor(readonly key: string) {
    super(`no blob ${key}`);
  }
}

/**
 * The blob store (ADR 0045): files addressed by keys such as `epapers/<id>/pages/r1/3/w800.webp`.
 * Two drivers keep one contract, proven by one test suite that runs against both
 * (app/blob/blob-store.contract.test.ts):
 * - the folder (`BLOB_STORE=folder`, DATA_DIR): one machine, the default;
 * - S3 and the stores that speak its API (`BLOB_STORE=s3`): any number of studio and worker
 *   machines that share nothing but MariaDB, Redis and the bucket.
 * The contract: `put` is atomic (a reader sees the old blob or the whole new one, never a part;
 * a retried put simply replaces it); `read` and `stream` throw `BlobNotFound` for a missing key;
 * `stream` takes an inclusive byte range; `stat` and `size` answer null for a missing or invalid
 * key; `delete` and `deletePrefix` succeed when there is nothing to delete (`deletePrefix(p)`
 * removes the blob `p` and every blob under `p/`, never `p-other`); `list` returns what
 * lies directly under a prefix with when it last changed (a prefix: its newest blob).
 * Nothing outside app/blob/ touches DATA_DIR or the bucket for content.
 */
export abstract class BlobStore {
  /** Whether a key names a blob inside the store: no way out of it, nothing but safe characters. */
  static isValidKey(key: string): boolean {
    return /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(key) && !key.split("/").some((part) => part === ".." || part === "");
  }

  /** Throws on a key no blob may have; every driver checks before it touches anything. */
  protected static checkKey(key: string): string {
    if (!BlobStore.isValidKey(key)) throw new Error(`invalid blob key: ${key}`);
    return key;
  }

  /** At a process's start: checks the store is reachable and creates its bucket or folder if missing. */
  abstract ready(): Promise<void>;

  /** The driver's name, for logs and metrics. */
  abstract readonly driver: "folder" | "s3";

  abstract put(key: string, data: Buffer | Uint8Array | Readable, options?: { contentType?: string }): Promise<void>;

  abstract read(key: string): Promise<Buffer>;

  abstract stream(key: string, range?: ByteRange): Promise<Readable>;

  abstract stat(key: string): Promise<BlobInfo | null>;

  async size(key: string): Promise<number | null> {
    return (await this.stat(key))?.size ?? null;
  }

  abstract delete(key: string): Promise<void>;

  abstract list(prefix: string): Promise<BlobEntry[]>;

  /** Every key of the store (top-level folders in `skip` excluded): what a copy or a backup takes. */
  abstract keys(options?: { skip?: readonly string[] }): AsyncGenerator<string>;

  abstract deletePrefix(prefix: string): Promise<void>;

  /**
   * A URL another machine can GET the blob from until `ttlMs` has passed, without credentials:
   * render nodes fetch sources with it. Null when the store has none (the folder): the worker's
   * signed URL serves the blob then (app/blob/source-url.server.ts).
   */
  async presignedGetUrl(_key: string, _ttlMs: number): Promise<string | null> {
    return null;
  }
}
