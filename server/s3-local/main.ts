/**
 * `npm run s3:local`: the local S3-compatible server (server/s3-local/s3-local.ts) on S3_LOCAL_PORT
 * (default 9000) over S3_LOCAL_DIR (default <DATA_DIR>/s3), for trying BLOB_STORE=s3 on one
 * machine: S3_ENDPOINT=http://127.0.0.1:9000 S3_BUCKET=epaper S3_ACCESS_KEY_ID=S3RVER
 * S3_SECRET_ACCESS_KEY=S3RVER. The bucket is created on the first start of the studio or worker.
 */
import { join } from "node:path";
import { startLocalS3 } from "./s3-local.ts";

const port = Number(process.env.S3_LOCAL_PORT ?? 9000);
const directory = process.env.S3_LOCAL_DIR ?? join(process.env.DATA_DIR ?? "data", "s3");
const s3 = await startLocalS3({ port, directory });
console.log(`local S3 server at ${s3.endpoint} (keys ${s3.accessKeyId}/${s3.secretAccessKey}), files in ${directory}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void s3.close().then(() => process.exit(0)));
