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
