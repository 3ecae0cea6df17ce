/** Render node bootstrap: HTTP/2 server with the Connect routes; the services live in their own files. */
import http2 from "node:http2";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { Health } from "@ep/proto/grpc/health/v1/health_pb";
import { parseRenderNodeEnv } from "./env.ts";
import { createHealthService } from "./health-service.ts";

const env = parseRenderNodeEnv(process.env);
let serving = true;

const handler = connectNodeAdapter({
  routes: (router) => router.service(Health, createHealthService({ serving: () => serving })),
});

const server = http2.createServer(handler).listen(env.RENDER_NODE_PORT, env.RENDER_NODE_HOST, () => {
  console.log(`render node ready at http://${env.RENDER_NODE_HOST}:${env.RENDER_NODE_PORT} (gRPC over HTTP/2)`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    // Stop taking work first, then let open streams finish.
    serving = false;
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(1), 15_000).unref();
  });
}
