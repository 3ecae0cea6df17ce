import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { Supervision } from "@ep/proto/epaper/render/v1/render_pb";

export type NodeMetrics = ReturnType<typeof createNodeMetrics>;

/** The node's Prometheus metrics, served as text on the admin port's /metrics. */
export function createNodeMetrics(read: { inFlight: () => number; capacity: number; draining: () => boolean }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "render_node_" });
  const pages = new Counter({
    name: "render_node_pages_rendered_total",
    help: "Pages rendered by this node, by outcome",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "render_node_page_render_seconds",
    help: "Time to rasterize and encode one page",
    buckets: [0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: "render_node_in_flight",
    help: "Page slots in use or waited for",
    registers: [registry],
    collect() {
      this.set(read.inFlight());
    },
  });
  new Gauge({
    name: "render_node_capacity",
    help: "Pages this node renders at once",
    registers: [registry],
    collect() {
      this.set(read.capacity);
    },
  });
  new Gauge({
    name: "render_node_draining",
    help: "1 while the node finishes its work and takes no new work",
    registers: [registry],
    collect() {
      this.set(read.draining() ? 1 : 0);
    },
  });
  return {
    registry,
    pageRendered(seconds: number, supervision: Supervision) {
      latency.observe(seconds);
      pages.inc({ outcome: supervision === Supervision.HIGH ? "blank" : supervision === Supervision.LOW ? "degraded" : "ok" });
    },
  };
}
