/**
 * `npm run blobs:copy`: copies a one-machine installation's content folder (DATA_DIR) into the
 * store BLOB_STORE=s3 and the S3_* settings name (ADR 0045). Idempotent and resumable: run it
 * again after an interruption, or once more right before switching, and it copies only what is
 * missing. The folder stays as it is.
 */
import { createBlobStore } from "#app/blob/blobs.server";
import { copyBlobs } from "#app/blob/copy-blobs.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { getEnv, InvalidConfigurationError } from "#app/utils/env.server";
import { runCli } from "./run-cli.ts";

await runCli(async () => {
  const env = getEnv();
  if (env.BLOB_STORE !== "s3") {
    throw new InvalidConfigurationError("Set BLOB_STORE=s3 and the S3_* settings of the target bucket (see .env.example).");
  }
  const source = new FolderBlobStore(env.DATA_DIR);
  const target = createBlobStore(env);
  await target.ready();
  console.log(`copying ${env.DATA_DIR} into s3://${env.S3_BUCKET} (${env.S3_ENDPOINT ?? "AWS"})`);
  let last = Date.now();
  const done = await copyBlobs(source, target, {
    onProgress: (progress) => {
      if (Date.now() - last < 2000) return;
      last = Date.now();
      console.log(`  ${progress.copied} copied, ${progress.skipped} already there, ${(progress.bytes / 1e6).toFixed(1)} MB`);
    },
  });
  console.log(`done: ${done.copied} copied, ${done.skipped} already there, ${(done.bytes / 1e6).toFixed(1)} MB`);
});
