import { type Env, getEnv } from "#app/utils/env.server";
import { remember } from "#app/utils/remember.server";
import type { BlobStore } from "./blob-store.server.ts";
import { FolderBlobStore } from "./folder-store.server.ts";
import { MeteredBlobStore } from "./metered-store.server.ts";
import { S3BlobStore } from "./s3-store.server.ts";

type StoreSettings = Pick<
  Env,
  | "BLOB_STORE"
  | "DATA_DIR"
  | "S3_ENDPOINT"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

/** The blob store the settings name (ADR 0045): the folder DATA_DIR, or an S3 bucket. */
export function createBlobStore(env: StoreSettings): BlobStore {
  if (env.BLOB_STORE === "s3") {
    return new S3BlobStore({
      endpoint: env.S3_ENDPOINT,
      // The settings refuse BLOB_STORE=s3 without a bucket.
      bucket: env.S3_BUCKET as string,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return new FolderBlobStore(env.DATA_DIR);
}

/** The process's blob store, measured (blob_store_* metrics). */
export const blobs = remember("blobs", () => new MeteredBlobStore(createBlobStore(getEnv())));
