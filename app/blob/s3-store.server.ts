import { Readable, Transform } from "node:stream";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { type BlobEntry, type BlobInfo, BlobNotFound, BlobStore, type ByteRange } from "./blob-store.server.ts";

export type S3Settings = {
  /** Unset for AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/** Streams above this go up in parts (S3's smallest part is 5 MiB). */
const PART_SIZE = 8 * 1024 * 1024;
/** DeleteObjects takes at most 1,000 keys per call. */
const DELETE_BATCH = 1000;

/** Passes bytes `start`…`end` (inclusive) of a blob whose bytes flow through from `first` on. */
function sliceBytes(range: ByteRange, first: number): Transform {
  let offset = first;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(range.start - offset, 0);
      const to = Math.min(range.end + 1 - offset, chunk.length);
      offset += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

/**
 * The S3 driver (BLOB_STORE=s3; ADR 0045), with the AWS SDK for JavaScript v3, for S3 and the
 * stores that speak its API. A put of bytes is one PutObject; a stream goes up as a multipart
 * upload (lib-storage), which S3 makes visible only once complete: both are atomic. Checksums
 * are computed only where an operation requires them, as several S3-compatible stores refuse
 * the SDK's default trailing checksums. Prefixes are keys ending in `/`; nothing is a folder.
 */
export class S3BlobStore extends BlobStore {
  readonly driver = "s3" as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    super();
    // The pinned SDK runs on Node 20 (stack-notes); its yearly notice that later releases need
    // Node 22 would print in every process and test. An operator's own setting wins.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async ready() {
    await this.ensureBucket();
  }

  /** Creates the bucket when it does not exist (local servers; operators usually create theirs). */
  async ensureBucket() {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  async put(key: string, data: Buffer | Uint8Array | Readable, options: { contentType?: string } = {}) {
    const Key = BlobStore.checkKey(key);
    const ContentType = options.contentType ?? "application/octet-stream";
    if (Buffer.isBuffer(data) || data instanceof Uint8Array) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: data, ContentType }));
      return;
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: data, ContentType },
      partSize: PART_SIZE,
      queueSize: 4,
      // A failed part aborts the whole upload: no invisible parts left to pay for.
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async read(key: string): Promise<Buffer> {
    const { body } = await this.get(key);
    return Buffer.from(await body.transformToByteArray());
  }

  async stream(key: string, range?: ByteRange): Promise<Readable> {
    const { body, served } = await this.get(key, range);
    // In Node the SDK hands back the HTTP response stream itself (an IncomingMessage).
    if (!(body instanceof Readable)) throw new Error(`S3 answered ${key} without a Node stream`);
    if (!range || (served?.start === range.start && served.end === range.end)) return body;
    // HTTP lets a server ignore Range and send everything, and some S3-compatible stores answer
    // `bytes=0-0` with more than asked: the range is cut here from what came.
    return body.pipe(sliceBytes(range, served?.start ?? 0));
  }

  private async get(key: string, range?: ByteRange) {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: BlobStore.checkKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!answer.Body) throw new BlobNotFound(key);
      const served = /^bytes (\d+)-(\d+)\//.exec(answer.ContentRange ?? "");
      return {
        body: answer.Body as Readable & { transformToByteArray(): Promise<Uint8Array> },
        served: served ? { start: Number(served[1]), end: Number(served[2]) } : null,
      };
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFound(key);
      throw error;
    }
  }

  async stat(key: string): Promise<BlobInfo | null> {
    if (!BlobStore.isValidKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0), etag: head.ETag ?? `"${key}"` };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: BlobStore.checkKey(key) }));
  }

  /** Every page of a listing under `prefix` (a key prefix ending in `/`). */
  private async *pages(prefix: string, delimiter?: string): AsyncGenerator<ListObjectsV2CommandOutput> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, Delimiter: delimiter, ContinuationToken }),
      );
      yield page;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async list(prefix: string): Promise<BlobEntry[]> {
    const base = `${BlobStore.checkKey(prefix.replace(/\/+$/, ""))}/`;
    const entries: BlobEntry[] = [];
    const prefixes: string[] = [];
    for await (const page of this.pages(base, "/")) {
      for (const object of page.Contents ?? []) {
        if (object.Key) entries.push({ key: object.Key, modifiedAt: object.LastModified ?? new Date(0), kind: "blob" });
      }
      for (const common of page.CommonPrefixes ?? []) if (common.Prefix) prefixes.push(common.Prefix);
    }
    // A prefix changed when its newest blob did (sweeps compare it with their age limit).
    for (const sub of prefixes) {
      let newest = 0;
      for await (const page of this.pages(sub)) {
        for (const object of page.Contents ?? []) newest = Math.max(newest, object.LastModified?.getTime() ?? 0);
      }
      entries.push({ key: sub.replace(/\/$/, ""), modifiedAt: new Date(newest), kind: "prefix" });
    }
    return entries;
  }

  async *keys(options: { skip?: readonly string[] } = {}): AsyncGenerator<string> {
    const skip = new Set(options.skip ?? []);
    for await (const page of this.pages("")) {
      for (const object of page.Contents ?? []) {
        const key = object.Key;
        if (key && !skip.has(key.split("/")[0] ?? "") && BlobStore.isValidKey(key)) yield key;
      }
    }
  }

  async deletePrefix(prefix: string) {
    const whole = BlobStore.checkKey(prefix.replace(/\/+$/, ""));
    const base = `${whole}/`;
    // Collect first: deleting while paging would move the continuation under the listing. The
    // blob named like the prefix goes too (the contract: a whole key may be passed).
    const keys: string[] = [whole];
    for await (const page of this.pages(base)) for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = (answer.Errors ?? []).filter((error) => error.Code !== "NoSuchKey");
      if (failed.length) throw new Error(`could not delete ${failed.length} blobs under ${base}: ${failed[0]?.Code} ${failed[0]?.Key}`);
    }
  }

  override async presignedGetUrl(key: string, ttlMs: number): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: BlobStore.checkKey(key) });
    return getSignedUrl(this.client, command, { expiresIn: Math.max(1, Math.ceil(ttlMs / 1000)) });
  }
}
