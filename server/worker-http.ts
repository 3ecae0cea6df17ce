import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { Registry } from "prom-client";
import type { BlobStore } from "#app/blob/blob-store.server";
import { applyServerTimeouts } from "./http-limits.ts";
import { serveSignedBlob } from "#app/blob/signed-url.server";

/**
 * The worker's HTTP port: Prometheus metrics, a health check, and the signed source URLs
 * render nodes download from (nodes never see the blob store itself).
 */
export function startWorkerHttp(options: {
  host: string;
  port: number;
  registry: Registry;
  blobs: BlobStore;
  secret: string;
  /** The health document and whether the worker can work (503 otherwise). */
  health: () => Promise<{ status: "ok" | "error" }>;
  /** Needed for /metrics when the worker listens beyond loopback (Prometheus sends it as a bearer token). */
  metricsToken?: string;
}) {
  const blobs = serveSignedBlob(options.blobs, options.secret);
  const server = http.createServer(async (request, response) => {
    try {
      if (await blobs(request, response)) return;
      const { pathname } = new URL(request.url ?? "/", "http://worker");
      if (request.method === "GET" && pathname === "/metrics") {
        const loopback = options.host === "localhost" || options.host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(options.host);
        if (!loopback && !bearerIs(request.headers.authorization, options.metricsToken)) {
          response.writeHead(401).end();
          return;
        }
        response.writeHead(200, { "content-type": options.registry.contentType });
        response.end(await options.registry.metrics());
      } else if (request.method === "GET" && pathname === "/healthz") {
        const health = await options.health();
        response
          .writeHead(health.status === "ok" ? 200 : 503, { "content-type": "application/json", "cache-control": "no-store" })
          .end(JSON.stringify(health));
      } else response.writeHead(404).end();
    } catch (error) {
      console.error(`worker http: ${(error as Error).message}`);
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    }
  });
  applyServerTimeouts(server, { requestMs: 60_000 });
  return new Promise<http.Server>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}

/** The Authorization header carries exactly this token (compared in constant time); never without a token. */
function bearerIs(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(header.slice(7)), digest(token));
}
