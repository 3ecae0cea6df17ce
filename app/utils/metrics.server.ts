import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { remember } from "./remember.server.ts";

/**
 * Metrics every studio and worker process has (issue 28 §5; ADR 0046): the blob store's latency
 * and errors, and on the studio the requests, open event streams and event delivery lag. The
 * studio serves them at GET /metrics; the worker merges them into its own registry.
 */
export const processMetrics = remember("process-metrics", () => {
  const registry = new Registry();
  return {
    registry,
    httpDuration: new Histogram({
      name: "studio_http_request_duration_seconds",
      help: "Studio requests by route (the route pattern, never the raw path), method and status",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    eventStreams: new Gauge({ name: "studio_event_streams_open", help: "Real-time streams (GET /events) open now", registers: [registry] }),
    eventLag: new Histogram({
      name: "studio_event_delivery_lag_seconds",
      help: "From an event's publication (any process) to its relay to a browser's stream",
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    }),
    blobDuration: new Histogram({
      name: "blob_store_operation_duration_seconds",
      help: "Blob store operations by driver and operation",
      labelNames: ["driver", "operation"] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
    blobErrors: new Counter({
      name: "blob_store_errors_total",
      help: "Blob store operations that failed (a missing blob is no error)",
      labelNames: ["driver", "operation"] as const,
      registers: [registry],
    }),
  };
});
