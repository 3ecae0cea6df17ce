import os from "node:os";
import path from "node:path";
import { z } from "zod";

const MiB = 1024 * 1024;

/**
 * Render node settings. The node never sees the database or the blob store: it needs its own
 * address, the shared bearer token, Redis for the registry heartbeat, and its limits.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  RENDER_NODE_HOST: z.string().min(1).default("127.0.0.1"),
  RENDER_NODE_PORT: z.coerce.number({ error: "must be a port number" }).int().min(1).max(65535).default(50051),
  /** Plain HTTP/1.1 port for /metrics, /healthz and /drain (gRPC's h2c port cannot serve them). */
  RENDER_NODE_ADMIN_PORT: z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535).optional(),
  /** The address the worker reaches this node at, as written to the registry. */
  RENDER_NODE_PUBLIC_URL: z.url({ error: "must be a URL such as http://render-1:50051" }).optional(),
  /** Pages rendered at once; defaults to the cores this process may use. */
  RENDER_NODE_CAPACITY: z.coerce.number({ error: "must be a whole number" }).int().min(1).max(256).optional(),
  RENDER_NODE_TOKEN: z.string().min(32, "must be at least 32 characters").default("dev-only-render-node-token-change-me-0000"),
  REDIS_URL: z.url({ error: "must be a redis:// URL" }).default("redis://127.0.0.1:6379"),
  RENDER_NODE_TMP_DIR: z.string().optional(),
  RENDER_MAX_SOURCE_MB: z.coerce.number().positive().default(500),
  RENDER_DOWNLOAD_TIMEOUT_S: z.coerce.number().positive().default(120),
  /** Opening the document (pdfinfo) longer than this means a damaged file (parser loops exist). */
  RENDER_INFO_TIMEOUT_S: z.coerce.number().positive().default(20),
  /** A page that takes longer than this is replaced by a blank page (supervision high). */
  RENDER_PAGE_TIMEOUT_S: z.coerce.number().positive().default(30),
  /** Address-space cap of every poppler process. */
  RENDER_MEMORY_LIMIT_MB: z.coerce.number().int().min(128).default(1536),
  /** Pages larger than this are rendered narrower than asked (supervision low). */
  RENDER_MAX_PIXELS: z.coerce.number().int().min(1_000_000).default(24_000_000),
  /** An image declaring more pixels than this makes its page too complex to render (issue 46):
   * an A0 scan at 600 dpi has 0.56 billion; decoding 3.6 billion (60,000²) takes minutes. */
  RENDER_MAX_IMAGE_PIXELS: z.coerce.number().int().min(1_000_000).default(1_000_000_000),
  /** OCR (issue 47): a page is read at this resolution, with at most this many pixels, within this time. */
  RENDER_OCR_DPI: z.coerce.number().int().min(100).max(600).default(300),
  RENDER_OCR_MAX_PIXELS: z.coerce.number().int().min(1_000_000).default(40_000_000),
  RENDER_OCR_TIMEOUT_S: z.coerce.number().positive().default(120),
});

export type RenderNodeEnv = z.output<typeof EnvSchema> & {
  capacity: number;
  publicUrl: string;
  adminPort: number;
  tmpDir: string;
  maxSourceBytes: number;
  memoryLimitBytes: number;
};

const DEV_TOKEN = "dev-only-render-node-token-change-me-0000";

/** Validates the node's variables; one message lists every wrong value. */
export function parseRenderNodeEnv(source: Record<string, string | undefined>): RenderNodeEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${String(issue.path[0])}: ${issue.message} (got "${cleaned[String(issue.path[0])]}")`,
    );
    throw new Error(`Invalid render node configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (env.NODE_ENV === "production" && env.RENDER_NODE_TOKEN === DEV_TOKEN) {
    throw new Error("Invalid render node configuration:\n  RENDER_NODE_TOKEN: set a secret shared with the worker");
  }
  const advertisedHost = env.RENDER_NODE_HOST === "0.0.0.0" ? os.hostname() : env.RENDER_NODE_HOST;
  return {
    ...env,
    capacity: env.RENDER_NODE_CAPACITY ?? os.availableParallelism(),
    publicUrl: env.RENDER_NODE_PUBLIC_URL ?? `http://${advertisedHost}:${env.RENDER_NODE_PORT}`,
    adminPort: env.RENDER_NODE_ADMIN_PORT ?? (env.RENDER_NODE_PORT + 1000) % 65536,
    tmpDir: env.RENDER_NODE_TMP_DIR ?? path.join(os.tmpdir(), `epaper-render-node-${env.RENDER_NODE_PORT}`),
    maxSourceBytes: Math.round(env.RENDER_MAX_SOURCE_MB * MiB),
    memoryLimitBytes: env.RENDER_MEMORY_LIMIT_MB * MiB,
  };
}
