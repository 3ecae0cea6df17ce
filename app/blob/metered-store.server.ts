import type { Readable } from "node:stream";
import { processMetrics } from "#app/utils/metrics.server";
import { type BlobEntry, type BlobInfo, BlobNotFound, BlobStore, type ByteRange } from "./blob-store.server.ts";

/**
 * A store that measures another (ADR 0046): latency per operation and driver, and failures (a
 * missing blob is an answer, not a failure). A stream is timed until it is opened.
 */
export class MeteredBlobStore extends BlobStore {
  readonly driver: "folder" | "s3";

  constructor(readonly inner: BlobStore) {
    super();
    this.driver = inner.driver;
  }

  private async measure<T>(operation: string, work: () => Promise<T>): Promise<T> {
    const labels = { driver: this.driver, operation };
    const end = processMetrics.blobDuration.startTimer(labels);
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof BlobNotFound)) processMetrics.blobErrors.inc(labels);
      throw error;
    } finally {
      end();
    }
  }

  ready() {
    return this.measure("ready", () => this.inner.ready());
  }
  put(key: string, data: Buffer | Uint8Array | Readable, options?: { contentType?: string }) {
    return this.measure("put", () => this.inner.put(key, data, options));
  }
  read(key: string) {
    return this.measure("read", () => this.inner.read(key));
  }
  stream(key: string, range?: ByteRange) {
    return this.measure("stream", () => this.inner.stream(key, range));
  }
  stat(key: string): Promise<BlobInfo | null> {
    return this.measure("stat", () => this.inner.stat(key));
  }
  delete(key: string) {
    return this.measure("delete", () => this.inner.delete(key));
  }
  list(prefix: string): Promise<BlobEntry[]> {
    return this.measure("list", () => this.inner.list(prefix));
  }
  keys(options?: { skip?: readonly string[] }): AsyncGenerator<string> {
    return this.inner.keys(options);
  }
  deletePrefix(prefix: string) {
    return this.measure("deletePrefix", () => this.inner.deletePrefix(prefix));
  }
  override presignedGetUrl(key: string, ttlMs: number) {
    return this.measure("presign", () => this.inner.presignedGetUrl(key, ttlMs));
  }
}
