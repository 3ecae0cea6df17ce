/**
 * A stand-alone render worker for the "worker dies mid-job" test: the same consumer as
 * server/worker.ts, configured by the test through the environment, killed with SIGKILL.
 */
import { Redis } from "ioredis";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { signBlobUrl } from "#app/blob/signed-url.server";
import { startRenderWorker } from "#app/worker/render.consumer.server";
import { createDb } from "#db/client";

const env = process.env as Record<string, string>;
const db = createDb(env.DATABASE_URL as string, { connectionLimit: 3 });
const redis = new Redis(env.REDIS_URL as string, { maxRetriesPerRequest: null });
await startRenderWorker({
  connection: new Redis(env.REDIS_URL as string, { maxRetriesPerRequest: null }),
  redisUrl: env.REDIS_URL as string,
  concurrency: 2,
  deps: {
    db,
    redis,
    blobs: new FolderBlobStore(env.DATA_DIR as string),
    signedUrl: async (key) => signBlobUrl(env.WORKER_URL as string, env.SESSION_SECRET as string, key, 15 * 60_000),
    token: env.RENDER_NODE_TOKEN as string,
    settings: { widths: [1600, 800], thumbnailWidth: 200, quality: 75, effort: 0 },
    log: (message) => console.log(`[render] ${message}`),
  },
});
console.log("render worker ready");
