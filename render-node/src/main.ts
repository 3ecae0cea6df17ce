/** Render node bootstrap: gRPC over HTTP/2 (Connect), the admin port, and the registry heartbeat. */
import pino from "pino";
import http2 from "node:http2";
import path from "node:path";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { RenderService } from "@ep/proto/epaper/render/v1/render_pb";
import { Health } from "@ep/proto/grpc/health/v1/health_pb";
import packageJson from "../package.json" with { type: "json" };
import { startAdminServer } from "./admin-server.ts";
import { requireBearer } from "./auth.ts";
import { parseRenderNodeEnv } from "./env.ts";
import { createHealthService } from "./health-service.ts";
import { createNodeMetrics } from "./metrics.ts";
import { NodeRegistration } from "./registry.ts";
import { createRenderService } from "./render-service.ts";
import { Slots } from "./slots.ts";
import { SourceCache } from "./source-cache.ts";
import { StructureReader } from "./structure.ts";
import { resetTempRoot } from "./workspace.ts";

const env = parseRenderNodeEnv(process.env);
// The poppler wrappers read their limits from the environment they inherit.
process.env.RENDER_MEMORY_LIMIT_BYTES = String(env.memoryLimitBytes);

const VERSION = `${packageJson.version}+render.v1`;
let draining = false;
let calls = 0;
const log = (message: string) => console.log(`[render-node :${env.RENDER_NODE_PORT}] ${message}`);
// One JSON line per call with the caller's request id (ADR 0046); LOG_LEVEL=warn silences them.
const callLogger = pino({
  base: { service: "render-node", node: env.publicUrl },
  level: process.env.LOG_LEVEL ?? "info",
  timestamp: pino.stdTimeFunctions.isoTime,
});
const callLog = (fields: Record<string, unknown>, message: string) => callLogger.info(fields, message);

// The admin port at the host the worker reaches the node by (its public address).
const adminUrl = new URL(env.publicUrl);
adminUrl.protocol = "http:";
adminUrl.port = String(env.adminPort);
const registration = new NodeRegistration(env.REDIS_URL, () => ({
  id: env.publicUrl,
  adminUrl: adminUrl.origin,
  url: env.publicUrl,
  capacity: env.capacity,
  inFlight: slots.inFlight,
  version: VERSION,
  draining,
}));
const slots = new Slots(env.capacity, () => registration.changed());
// One pdf.js thread per slot plus one for the outline read that accompanies a first chunk.
const structure = new StructureReader({ maxIdle: env.capacity + 1 });
const sources = new SourceCache(path.join(env.tmpDir, "sources"), {
  maxBytes: env.maxSourceBytes,
  timeoutMs: env.RENDER_DOWNLOAD_TIMEOUT_S * 1000,
});
const metrics = createNodeMetrics({ inFlight: () => slots.inFlight, capacity: env.capacity, draining: () => draining });

await resetTempRoot(env.tmpDir);
structure.warm();

const handler = connectNodeAdapter({
  // Page images are WebP already: gzip would burn a core for nothing.
  acceptCompression: [],
  interceptors: [
    requireBearer(env.RENDER_NODE_TOKEN),
    // Counts open calls so a draining node knows when its last one is done.
    (next) => async (request) => {
      calls++;
      try {
        return await next(request);
      } finally {
        calls--;
        if (draining) maybeExit();
      }
    },
  ],
  routes: (router) =>
    router
      .service(Health, createHealthService({ serving: () => !draining }, [RenderService.typeName]))
      .service(RenderService, createRenderService({ env, sources, slots, structure, metrics, log, callLog })),
});

const server = http2.createServer(handler);
await new Promise<void>((resolve) => server.listen(env.RENDER_NODE_PORT, env.RENDER_NODE_HOST, resolve));
const admin = await startAdminServer({
  host: env.RENDER_NODE_HOST,
  port: env.adminPort,
  token: env.RENDER_NODE_TOKEN,
  registry: metrics.registry,
  health: () => ({ serving: !draining, inFlight: slots.inFlight, capacity: env.capacity }),
  drain,
});
await registration.start();
log(`ready at ${env.publicUrl} (gRPC over HTTP/2), capacity ${env.capacity}, admin http://${env.RENDER_NODE_HOST}:${env.adminPort}`);

/**
 * Draining: the registry shows the node as draining at once (the worker sends it nothing new),
 * calls already running finish, then the node leaves the registry and exits.
 */
function drain() {
  if (draining) return;
  draining = true;
  log("draining: finishing work in flight, taking no new work");
  void registration.beat();
  maybeExit();
}

let exiting = false;
function maybeExit() {
  // Streams end a moment after their handler returns; let them flush before closing.
  if (exiting || calls > 0) return;
  exiting = true;
  setTimeout(async () => {
    await registration.stop();
    await structure.close();
    await sources.close();
    admin.close();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
  }, 100);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, drain);

// One call's stray rejection must not take down the calls of every other document on this node.
process.on("unhandledRejection", (reason) => log(`unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`));
