import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import type express from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Logger } from "#app/utils/logger.server";
import { processMetrics } from "#app/utils/metrics.server";
import { redactPath } from "#app/utils/redact-secrets";
import { requestIdFrom, runWithRequestId } from "#app/utils/request-context.server";
import { clusterMetrics } from "./cluster.ts";

/*
 * What operators run the studio by (issue 28 §5; ADR 0046): a request id for every request (kept
 * from a proxy's X-Request-Id, answered in the same header, carried into jobs and render calls),
 * one JSON log line per request, and the request histogram by route pattern.
 */

type Manifest = ServerBuild["routes"];
const LABEL_CACHE_SIZE = 10_000;

/** The route patterns of the app (React Router's manifest as a tree), for labels that never hold ids. */
export function routeLabeler(manifest: Manifest): (pathname: string) => string {
  const nodes = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const route of Object.values(manifest)) {
    if (route) nodes.set(route.id, { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] } as never);
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = nodes.get(route.id) as RouteObject;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const patternOf = (path: string) => {
    const matches = matchRoutes(roots, path);
    if (!matches) return "unmatched";
    const pattern = matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/");
    return `/${pattern}`.replace(/\/+/g, "/");
  };
  // matchRoutes flattens and ranks the whole route tree on every call (about a millisecond for
  // ours): the labels of recent paths are kept, a bounded number, emptied when full.
  const recent = new Map<string, string>();
  return (pathname) => {
    if (pathname.startsWith("/assets/")) return "/assets/*";
    // Single fetch asks for `<path>.data`: the same route.
    const path = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
    let label = recent.get(path);
    if (label === undefined) {
      if (recent.size >= LABEL_CACHE_SIZE) recent.clear();
      label = patternOf(path);
      recent.set(path, label);
    }
    return label;
  };
}

/** The first middleware: request id, its context for everything after, the log line and the histogram. */
export function observeRequests(logger: Logger, label: () => ((pathname: string) => string) | null) {
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = label()?.(req.path) ?? "unlabelled";
      const status = res.headersSent ? res.statusCode : 499;
      processMetrics.httpDuration.observe({ route, method: req.method, status: String(status) }, seconds);
      // A one-time token in the path never reaches the log (issue 44).
      const line = { requestId, method: req.method, route, path: redactPath(req.path), status, ms: Math.round(seconds * 1000) };
      if (status >= 500) logger.error(line, "request failed");
      else logger.info(line, "request");
    });
    runWithRequestId(requestId, next);
  };
}

/** The headers a proxy adds (RFC 7239 and the de-facto ones): a request carrying any of them was proxied. */
const PROXY_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "via"] as const;

/**
 * GET /metrics (Prometheus text): for a scraper on this machine that came through no proxy, or
 * with `Authorization: Bearer RENDER_NODE_TOKEN` (the scrape token the worker and nodes take too).
 */
export function metricsEndpoint(token: string) {
  return async (req: express.Request, res: express.Response) => {
    const remote = req.socket.remoteAddress ?? "";
    // Any proxy header means the request came through a proxy on this machine: not local (issue 44).
    const proxied = PROXY_HEADERS.some((name) => req.headers[name] !== undefined);
    const local = (remote === "::1" || /^(::ffff:)?127\./.test(remote)) && !proxied;
    if (!local && !bearerIs(req.headers.authorization, token)) {
      res.status(401).type("text/plain").send("metrics need the scrape token");
      return;
    }
    // One of several studio processes (WEB_CONCURRENCY): the primary sums them all.
    const text = cluster.isWorker ? await clusterMetrics() : await processMetrics.registry.metrics();
    res.type(processMetrics.registry.contentType).send(text);
  };
}

function bearerIs(header: string | undefined, token: string): boolean {
  if (!header?.startsWith("Bearer ")) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(header.slice(7)), digest(token));
}
