/**
 * A studio process: Express serving the React Router app, and the content origin. In development
 * Vite compiles on demand (with HMR); in production the built app is served. server/index.ts
 * starts one, or several behind a cluster primary (WEB_CONCURRENCY).
 */
import cluster from "node:cluster";
import { readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "#app/auth/client-ip";
import { crossOriginWriteRefused } from "#app/auth/same-origin";
import { API_UPLOAD_PATH, PDF_UPLOAD_PATHS } from "#app/rules/upload-contract";
import { apiBodyRefusal } from "./api-refusal.ts";
import { bodyLimitFor } from "#app/rules/body-limits";
import { channelDomainFor } from "#app/rules/subdomain";
import { getEnv } from "#app/utils/env.server";
import { studioSecurityHeaders } from "#app/utils/security-headers.server";
import { viteMayServe } from "./dev-assets.ts";
import { applyServerTimeouts, refuseDeclaredOversize } from "./http-limits.ts";
import { compressAnswers } from "./compress.ts";
import { onShutdown } from "./shutdown.ts";
import { metricsEndpoint, observeRequests, routeLabeler } from "./observability.ts";
import { createLogger } from "#app/utils/logger.server";
import { processMetrics } from "#app/utils/metrics.server";
import { shareMetrics } from "./cluster.ts";

const env = getEnv();
const logger = createLogger("studio");
// One of several studio processes: its metrics are part of the primary's sums (server/cluster.ts).
if (cluster.isWorker) shareMetrics(processMetrics.registry);
const app = express();
app.disable("x-powered-by");
// Request ids, a log line and the histogram for every request (ADR 0046); routes are labelled by
// their pattern once the app's build is known.
let labelRoute: ((pathname: string) => string) | null = null;
app.use(observeRequests(logger, () => labelRoute));
app.get("/metrics", metricsEndpoint(env.RENDER_NODE_TOKEN));
// Which proxies may tell Express the client address (X-Forwarded-For); none unless configured.
if (env.TRUST_PROXY) app.set("trust proxy", env.TRUST_PROXY);
app.use((req, _res, next) => {
  // Rate limits count per client address: only the address Express trusts reaches the app.
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
});
app.use(
  refuseDeclaredOversize({
    limitFor: (path) => bodyLimitFor(path, env.UPLOAD_MAX_MB * 1024 * 1024),
    refusal: (path, status) => {
      if (PDF_UPLOAD_PATHS.includes(path) && status === 413) {
        return {
          type: "application/json",
          body: JSON.stringify({ error: { messageKey: "upload.errors.fileUploadExceeded", params: { size: env.UPLOAD_MAX_MB } } }),
        };
      }
      return path.startsWith("/api/v1/") ? apiBodyRefusal(status, path === API_UPLOAD_PATH ? env.UPLOAD_MAX_MB : null) : undefined;
    },
  }),
);
app.use((req, res, next) => {
  const refused = crossOriginWriteRefused({
    method: req.method,
    path: req.path,
    origin: req.headers.origin,
    host: req.headers.host,
    protocol: req.protocol,
    publicUrl: env.PUBLIC_URL,
  });
  if (refused) {
    res.status(403).type("text/plain").send("cross-origin request refused");
    return;
  }
  next();
});
app.use((req, res, next) => {
  // The studio is never framed and never sniffed; published content has its own origin and headers.
  // The one exception is the embedded upload widget, made to sit in customers' pages (its route
  // sends `frame-ancestors *` instead).
  if (req.path !== "/upload-embedded") res.setHeader("X-Frame-Options", "DENY");
  // Pages add their Content-Security-Policy with a nonce (entry.server.tsx).
  for (const [name, value] of Object.entries(studioSecurityHeaders(env.PUBLIC_URL))) res.setHeader(name, value);
  next();
});

app.use(compressAnswers());

if (env.NODE_ENV === "production") {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  // The other built files (favicon.svg) by name: a lookup per request rather than a file-system
  // stat of every page's path (issue 29).
  const topFiles = new Set(readdirSync("build/client").map((name) => `/${name}`));
  const topFile = express.static("build/client", { maxAge: "1h" });
  app.use((req, res, next) => (topFiles.has(req.path) ? topFile(req, res, next) : next()));
  const build = (await import(/* @vite-ignore */ `${process.cwd()}/build/server/index.js`)) as ServerBuild;
  labelRoute = routeLabeler(build.routes);
  app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
} else {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const root = process.cwd();
  // Vite answers only its own endpoints and the browser's modules, never the data folder (ADR 0027).
  app.use((req, res, next) => (viteMayServe(req.path, root) ? vite.middlewares(req, res, next) : next()));
  app.all("/{*splat}", async (req, res, next) => {
    try {
      const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      labelRoute ??= routeLabeler(build.routes);
      // "production": React Router then never sends an error's message or stack to the browser,
      // in development either (issue 16, finding 6); the terminal still logs them.
      return createRequestHandler({ build, mode: "production" })(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
  onShutdown(() => vite.close());
}

// Last: whatever went wrong is logged here and answered without a word about it (Express would
// otherwise send the stack trace outside production).
app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  logger.error({ err: error }, "unexpected error");
  if (res.headersSent) return void res.destroy();
  res.status(500).type("text/plain").send("unexpected error");
});

// The content origin: published bundles on their own port (and host name), never the studio's.
const { createContentHandler } = await import("#app/publish/content-server.server");
const { createStatsIngest } = await import("#app/stats/stats-ingest.server");
const [{ db: contentDb }, { blobs: contentBlobs }, { redis: contentRedis }] = await Promise.all([
  import("#app/utils/db.server"),
  import("#app/blob/blobs.server"),
  import("#app/utils/redis.server"),
]);
// The blob store answers before anything is served (a wrong bucket or endpoint stops the start here).
await contentBlobs.ready();
// CHANNEL_DOMAIN, or unset `localhost:<CONTENT_PORT>` over http (ADR 0041, issue 30).
const channelDomain = channelDomainFor({ channelDomain: env.CHANNEL_DOMAIN, contentUrl: env.CONTENT_URL, contentPort: env.CONTENT_PORT });
const contentHandler = createContentHandler({
  db: contentDb,
  blobs: contentBlobs,
  studioOrigin: env.PUBLIC_URL,
  contentOrigin: env.CONTENT_URL,
  channelDomain: channelDomain.host,
  // What oEmbed names a subdomain's addresses with (ADR 0057).
  channelProtocol: channelDomain.protocol,
  secret: env.SESSION_SECRET,
  // The readers' statistics beacons go to a Redis stream the worker counts (ADR 0053).
  stats: createStatsIngest({ db: contentDb, redis: contentRedis }),
});
// The client address of a beacon is what Express vouches for, under the same TRUST_PROXY as the
// studio's (it is only hashed, never kept); Express does nothing else here.
const contentApp = express();
contentApp.disable("x-powered-by");
if (env.TRUST_PROXY) contentApp.set("trust proxy", env.TRUST_PROXY);
contentApp.use((req, res) => {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
  void contentHandler(req, res);
});
const contentServer = applyServerTimeouts(createServer(contentApp), { requestMs: 60_000 });
contentServer.listen(env.CONTENT_PORT, env.HOST, () => console.log(`content origin ready at ${env.CONTENT_URL}`));
onShutdown(() => new Promise<void>((resolve) => contentServer.close(() => resolve())));

// Reference rows another instance writes (preferences: maintenance) are forgotten here at once (ADR 0054).
const { eventHub: hub } = await import("#app/events/event-hub-instance.server");
const { followReferenceChanges } = await import("#app/events/reference-changes.server");
await followReferenceChanges(hub);

const server: Server = app.listen(env.PORT, env.HOST, () => {
  console.log(`studio ready at ${env.PUBLIC_URL} (listening on ${env.HOST}:${env.PORT}, ${env.NODE_ENV})`);
});
// A whole request may take long only for an upload on a slow line.
applyServerTimeouts(server, { requestMs: 30 * 60_000 });
onShutdown(async () => {
  // Open event streams would keep the server from closing: end them first (browsers reconnect elsewhere).
  const { eventHub } = await import("#app/events/event-hub-instance.server");
  await eventHub.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
onShutdown(async () => {
  const [{ db }, { redis }] = await Promise.all([import("#app/utils/db.server"), import("#app/utils/redis.server")]);
  await Promise.allSettled([db.destroy(), redis.quit()]);
});
