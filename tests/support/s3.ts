import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { createId } from "@paralleldrive/cuid2";
import { S3BlobStore } from "#app/blob/s3-store.server";
import { TEST_S3 } from "#tests/setup/test-env";

/** A bucket of its own on the suite's S3 server (created now), so test files never see each other's blobs. */
export async function testS3Store(label: string): Promise<S3BlobStore> {
  const store = new S3BlobStore({
    endpoint: TEST_S3.endpoint,
    bucket: `test-${label}-${createId().slice(0, 8)}`.toLowerCase().slice(0, 63),
    region: TEST_S3.region,
    accessKeyId: TEST_S3.accessKeyId,
    secretAccessKey: TEST_S3.secretAccessKey,
    forcePathStyle: true,
  });
  await store.ensureBucket();
  return store;
}

/** The settings a studio or worker process needs to use the same bucket (environment variables). */
export function s3EnvOf(store: S3BlobStore): Record<string, string> {
  return {
    BLOB_STORE: "s3",
    S3_ENDPOINT: TEST_S3.endpoint,
    S3_BUCKET: store.bucket,
    S3_REGION: TEST_S3.region,
    S3_ACCESS_KEY_ID: TEST_S3.accessKeyId,
    S3_SECRET_ACCESS_KEY: TEST_S3.secretAccessKey,
  };
}

/**
 * The local S3 server as a process of its own (server/s3-local/main.ts), as a real store runs
 * beside the studio and worker: for benchmarks and multi-process tests.
 */
export async function startLocalS3Process(port: number, directory: string): Promise<{ endpoint: string; kill(): Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/s3-local/main.ts"], {
    env: { ...process.env, S3_LOCAL_PORT: String(port), S3_LOCAL_DIR: directory },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as Readable });
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the local S3 server exited (${code})`)));
    lines.on("line", (line) => {
      const match = /local S3 server at (\S+)/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
  });
  return {
    endpoint,
    kill: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A store on a local S3 server at `endpoint` (s3rver's keys), its bucket created. */
export async function localS3Store(endpoint: string, bucket: string): Promise<S3BlobStore> {
  const store = new S3BlobStore({
    endpoint,
    bucket,
    region: TEST_S3.region,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
  await store.ensureBucket();
  return store;
}
