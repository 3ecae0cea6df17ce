import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Every setting of the studio and the worker, read once from the environment at start.
 * Defaults serve one machine (the README's `npm start`); production refuses the
 * development secrets, so a forgotten variable never ships a known key.
 * NOTE: render nodes read their own, smaller set in render-node/src/env.ts.
 */

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me-0000000";
const DEV_RENDER_NODE_TOKEN = "dev-only-render-node-token-change-me-0000";

const port = (fallback: number) =>
  z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(fallback);

const url = (protocols: string[]) =>
  z.string().refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
    error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
  });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"], { error: "must be development, test or production" }).default("development"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: port(3000),
    CONTENT_PORT: port(3001),
    PUBLIC_URL: url(["http:", "https:"]).optional(),
    CONTENT_URL: url(["http:", "https:"]).optional(),
    LANDING_URL: url(["http:", "https:"]).optional(),
    DATABASE_URL: url(["mysql:", "mariadb:"]).default("mysql://root@127.0.0.1:3306/epaper"),
    REDIS_URL: url(["redis:", "rediss:"]).default("redis://127.0.0.1:6379"),
    DATA_DIR: z.string().min(1).default("./data"),
    /**
     * Where content lives (ADR 0045): `folder` (DATA_DIR, one machine; the default) or `s3` (a
     * bucket of S3 or a store that speaks its API; every instance shares only it, MariaDB and Redis).
     */
    BLOB_STORE: z.enum(["folder", "s3"], { error: "must be folder or s3" }).default("folder"),
    /** The S3 API's address; unset for AWS itself (the region's endpoint). */
    S3_ENDPOINT: url(["http:", "https:"]).optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)")
      .optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addresses (`<endpoint>/<bucket>/<key>`), which most self-hosted stores need; default on with S3_ENDPOINT. */
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"], { error: "must be true or false" })
      .optional()
      .transform((value) => (value === undefined ? undefined : value === "true")),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").default(DEV_SESSION_SECRET),
    RENDER_NODE_TOKEN: z.string().min(32, "must be at least 32 characters").default(DEV_RENDER_NODE_TOKEN),
    /** Express "trust proxy": e.g. loopback, 1, or a list of proxy addresses; unset trusts none. */
    TRUST_PROXY: z.string().min(1).optional(),
    WORKER_HOST: z.string().min(1).default("127.0.0.1"),
    WORKER_PORT: port(3002),
    /** Where render nodes fetch sources from (the worker's signed-URL endpoint). */
    WORKER_URL: url(["http:", "https:"]).optional(),
    RENDER_WIDTHS: z
      .string()
      .regex(/^\d+(,\d+)*$/, "must be widths in pixels separated by commas, e.g. 1600,800")
      .default("1600,800")
      .transform((value) => value.split(",").map(Number))
      .refine((widths) => widths.every((w) => w >= 16 && w <= 4096), "every width must be between 16 and 4096"),
    RENDER_THUMBNAIL_WIDTH: z.coerce.number().int().min(16).max(1024).default(200),
    RENDER_WEBP_QUALITY: z.coerce.number().int().min(1).max(100).default(75),
    RENDER_WEBP_EFFORT: z.coerce.number().int().min(0).max(6).default(0),
    /** The largest PDF the studio accepts at /upload-pdf, in MB (docs/decisions/0018-upload.md). */
    UPLOAD_MAX_MB: z.coerce
      .number({ error: "must be a number of megabytes" })
      .int("must be a whole number")
      .min(1)
      .max(10_000)
      .default(200),
    /** The most pages an uploaded PDF may have. */
    UPLOAD_MAX_PAGES: z.coerce
      .number({ error: "must be a number of pages" })
      .int("must be a whole number")
      .min(1)
      .max(100_000)
      .default(1000),
    /**
     * Milliseconds of each second one studio process may spend estimating password strength for
     * the forms' meters (ADR 0048); beyond it callers get 503 and try again. 0: no limit (the
     * route's tests, where a busy machine must not turn an estimate into a refusal).
     */
    PASSWORD_STRENGTH_BUDGET_MS: z.coerce.number().int().min(0).max(1000).default(250),
    /**
     * How long each process keeps reference rows every page reads (system preferences, languages,
     * footer links, terms, news), in ms (ADR 0054; reference-cache.server.ts reads it). 0: not at
     * all (tests that write those tables behind the studio's back).
     */
    REFERENCE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    /**
     * Studio processes on this machine (server/index.ts, ADR 0054): 1 (the default) runs the
     * studio itself; more run behind a cluster primary on the same ports, one per core.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Render jobs one worker process runs at once; they share the nodes' capacity. */
    RENDER_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /** ePapers whose scanned pages one worker reads at once (issue 47; each page takes a node slot). */
    OCR_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * "host:port" entries the server may fetch preview images from although they are not public
     * addresses (tests' local servers). Empty in production: no private target (ADR 0033).
     */
    OUTBOUND_ALLOW_PRIVATE: z
      .string()
      .regex(
        /^(\[[\da-f:.]+\]|[^\s,:[\]]+):\d+(,(\[[\da-f:.]+\]|[^\s,:[\]]+):\d+)*$/i,
        "must be host:port entries separated by commas, e.g. 127.0.0.1:8080 or [::1]:8080",
      )
      .optional()
      .transform((value) => (value ? value.split(",") : [])),
    /**
     * The domain channels' subdomains live under (ADR 0041): `<name>.<CHANNEL_DOMAIN>` must reach
     * the content origin (a wildcard DNS entry and certificate). Unset, in every mode:
     * `localhost:<CONTENT_PORT>` (browsers send `*.localhost` to this machine; channelDomainFor in
     * app/rules/subdomain.ts), so one machine serves subdomains without DNS (issue 30).
     */
    CHANNEL_DOMAIN: z
      .string()
      .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/i, "must be a host name, optionally with :port, e.g. epaper.example.com")
      .optional(),
    /**
     * The external shop (docs/decisions/0040-shop.md): its checkout lives at SHOP_URL/checkout.
     * Unset: the studio sells nothing and its shop buttons say that no shop is configured; `npm
     * start` (server/run-all.ts) then sets it to its sandbox shop (server/sandbox-shop/, no payment)
     * and SHOP_WEBHOOK_SECRET to a generated one, which the rules below accept as any shop's.
     */
    SHOP_URL: url(["http:", "https:"]).optional(),
    /** The secret the shop signs its webhook calls with (HMAC-SHA256); needed once SHOP_URL is set. */
    SHOP_WEBHOOK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    DEMO_ADMIN_EMAIL: z.email("must be an e-mail address").default("admin@demo.epaper.test"),
    DEMO_ADMIN_PASSWORD: z.string().min(10, "must be at least 10 characters").optional(),
    /** Outgoing mail server (nodemailer URL: smtp:// or smtps://, user:password@ when it needs a login). */
    SMTP_URL: url(["smtp:", "smtps:"]).default("smtp://127.0.0.1:1025"),
    /** The sender of every mail: an address, or `Name <address>`. */
    MAIL_FROM: z
      .string()
      .regex(/^([^<>]*<[^@\s<>]+@[^@\s<>]+>|[^@\s<>]+@[^@\s<>]+)$/, "must be an e-mail address or Name <address>")
      .default("ePaper Studio <no-reply@epaper.test>"),
  })
  .superRefine((env, ctx) => {
    if (env.SHOP_URL && !env.SHOP_WEBHOOK_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["SHOP_WEBHOOK_SECRET"],
        message: "must be set when SHOP_URL is set (the secret the shop signs its webhook calls with)",
      });
    if (env.BLOB_STORE === "s3" && !env.S3_BUCKET)
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "must be set when BLOB_STORE is s3 (the bucket content lives in)" });
    if (env.NODE_ENV !== "production") return;
    // Development defaults are public (they are in this file); production must bring its own.
    if (env.SESSION_SECRET === DEV_SESSION_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "must be set in production (a random string of at least 32 characters)",
      });
    if (env.RENDER_NODE_TOKEN === DEV_RENDER_NODE_TOKEN)
      ctx.addIssue({
        code: "custom",
        path: ["RENDER_NODE_TOKEN"],
        message: "must be set in production (a random string of at least 32 characters)",
      });
    if (!env.PUBLIC_URL)
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "must be set in production (the studio's public address)" });
    if (!env.CONTENT_URL)
      ctx.addIssue({
        code: "custom",
        path: ["CONTENT_URL"],
        message: "must be set in production (the address published ePapers are served from)",
      });
  })
  .transform((env, ctx) => {
    const publicUrl = stripSlash(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
    // Cookies are scoped by host, not by port: 127.0.0.1 keeps customer code on the content
    // origin away from the studio's cookies on localhost.
    const contentUrl = stripSlash(env.CONTENT_URL ?? `http://127.0.0.1:${env.CONTENT_PORT}`);
    if (hostnameOf(publicUrl) !== null && hostnameOf(publicUrl) === hostnameOf(contentUrl))
      ctx.addIssue({
        code: "custom",
        path: ["CONTENT_URL"],
        message: "needs a host name of its own, not the studio's (cookies are shared by every port of a host)",
      });
    return {
      ...env,
      PUBLIC_URL: publicUrl,
      CONTENT_URL: contentUrl,
      LANDING_URL: stripSlash(env.LANDING_URL ?? publicUrl),
      SHOP_URL: env.SHOP_URL ? stripSlash(env.SHOP_URL) : undefined,
      CHANNEL_DOMAIN: env.CHANNEL_DOMAIN?.toLowerCase(),
      WORKER_URL: stripSlash(env.WORKER_URL ?? `http://${env.WORKER_HOST}:${env.WORKER_PORT}`),
      DATA_DIR: path.resolve(env.DATA_DIR),
      S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    };
  });

export type Env = z.output<typeof EnvSchema>;

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function stripSlash(value: string) {
  return value.replace(/\/+$/, "");
}

export class InvalidConfigurationError extends Error {
  override name = "InvalidConfigurationError";
}

/** Validates a set of variables; throws one error that lists every missing or wrong value. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", so the default applies instead of a confusing error.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? "environment");
    const given = cleaned[key];
    const shown =
      given === undefined
        ? ""
        : key.includes("SECRET") || key.includes("TOKEN") || key.includes("PASSWORD") || (key.endsWith("_URL") && given.includes("@"))
          ? " (value hidden)"
          : ` (got "${given}")`;
    return `  ${key}: ${issue.message}${shown}`;
  });
  throw new InvalidConfigurationError(`Invalid configuration; fix these environment variables (see .env.example):\n${lines.join("\n")}`);
}

let cached: Env | undefined;

/** The validated settings of this process; reads `.env` in the working directory first if present. */
export function getEnv(): Env {
  if (cached) return cached;
  const envFile = path.resolve(".env");
  // Variables already set in the environment win over the file (process.loadEnvFile does not override).
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  cached = parseEnv(process.env);
  return cached;
}
