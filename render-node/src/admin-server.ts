import http from "node:http";
import type { Registry } from "prom-client";
import { bearerMatches } from "./auth.ts";

/**
 * Plain HTTP/1.1 beside the gRPC port (an h2c server cannot answer Prometheus or curl):
 * GET /metrics, GET /healthz, and POST /drain (with the bearer token) to stop taking work.
 */
export function startAdminServer(options: {
  host: string;
  port: number;
  token: string;
  registry: Registry;
  health: () => { serving: boolean; inFlight: number; capacity: number };
  drain: () => void;
}) {
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://node");
    if (request.method === "GET" && url.pathname === "/metrics") {
      // On a private (loopback) address anyone on the machine may scrape; elsewhere only with the token.
      if (!isLoopback(options.host) && !bearerMatches(request.headers.authorization, options.token)) {
        response.writeHead(401).end();
        return;
      }
      response.writeHead(200, { "content-type": options.registry.contentType });
      response.end(await options.registry.metrics());
      return;
    }
    if (request.method === "GET" && url.pathname === "/healthz") {
      const state = options.health();
      response.writeHead(state.serving ? 200 : 503, { "content-type": "application/json" });
      response.end(JSON.stringify({ status: state.serving ? "serving" : "draining", ...state }));
      return;
    }
    if (request.method === "POST" && url.pathname === "/drain") {
      if (!bearerMatches(request.headers.authorization, options.token)) {
        response.writeHead(401).end();
        return;
      }
      options.drain();
      response.writeHead(202, { "content-type": "application/json" });
      response.end(JSON.stringify({ status: "draining" }));
      return;
    }
    response.writeHead(404).end();
  });
  return new Promise<http.Server>((resolve) => server.listen(options.port, options.host, () => resolve(server)));
}

/** Whether the server listens only on this machine's loopback interface. */
export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}
