import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import { blobSourceUrl } from "#app/blob/source-url.server";
import type { Env } from "#app/utils/env.server";
import type { Database } from "#db/client";
import type { RenderDeps } from "./render-types.server.ts";

/** Signed source URLs live long enough for a queued chunk, never for days. */
const SOURCE_URL_TTL_MS = 15 * 60_000;

/** The render job's dependencies from the validated settings (worker, tests, benchmark). */
export function renderDepsFromEnv(
  env: Pick<
    Env,
    | "WORKER_URL"
    | "SESSION_SECRET"
    | "RENDER_NODE_TOKEN"
    | "RENDER_WIDTHS"
    | "RENDER_THUMBNAIL_WIDTH"
    | "RENDER_WEBP_QUALITY"
    | "RENDER_WEBP_EFFORT"
  >,
  services: { db: Database; redis: Redis; blobs: BlobStore },
  extra: Partial<RenderDeps> = {},
): RenderDeps {
  return {
    ...services,
    signedUrl: (key) => blobSourceUrl(services.blobs, { url: env.WORKER_URL, secret: env.SESSION_SECRET }, key, SOURCE_URL_TTL_MS),
    token: env.RENDER_NODE_TOKEN,
    settings: {
      widths: env.RENDER_WIDTHS,
      thumbnailWidth: env.RENDER_THUMBNAIL_WIDTH,
      quality: env.RENDER_WEBP_QUALITY,
      effort: env.RENDER_WEBP_EFFORT,
    },
    log: (message) => console.log(`[render] ${message}`),
    ...extra,
  };
}
