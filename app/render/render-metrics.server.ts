import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { acceptsWork, listRenderNodes } from "./node-registry.server.ts";

export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;

/** The worker's Prometheus metrics (GET /metrics on the worker's HTTP port). */
export function createWorkerMetrics(source: { redis: Redis; queues: Queue[] }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "worker_" });
  const pagesRendered = new Counter({
    name: "render_pages_rendered_total",
    help: "Pages rendered and stored",
    registers: [registry],
  });
  const pageLatency = new Histogram({
    name: "render_page_latency_seconds",
    help: "Node time to rasterize and encode a page",
    buckets: [0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  const outcomes = new Counter({
    name: "render_documents_total",
    help: "Render jobs by how they ended",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "queue_depth",
    help: "Jobs waiting to run, by queue",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      for (const queue of source.queues) {
        const counts = await queue.getJobCounts("waiting", "delayed", "prioritized");
        this.set({ queue: queue.name }, (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0));
      }
    },
  });
  new Gauge({
    name: "queue_jobs",
    help: "Jobs by queue and state",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      for (const queue of source.queues) {
        const counts = await queue.getJobCounts("active", "waiting", "delayed", "completed", "failed", "prioritized");
        for (const [state, count] of Object.entries(counts)) this.set({ queue: queue.name, state }, count);
      }
    },
  });
  new Gauge({
    name: "render_nodes_alive",
    help: "Render nodes with a fresh heartbeat, by whether they take work",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const nodes = await listRenderNodes(source.redis);
      this.set({ state: "serving" }, nodes.filter(acceptsWork).length);
      this.set({ state: "draining" }, nodes.filter((node) => node.draining).length);
    },
  });
  new Gauge({
    name: "render_farm_capacity",
    help: "Pages the serving render nodes render at once",
    registers: [registry],
    async collect() {
      const nodes = await listRenderNodes(source.redis);
      this.set(nodes.filter(acceptsWork).reduce((sum, node) => sum + node.capacity, 0));
    },
  });
  return {
    registry,
    pageStored(renderMs: number) {
      pagesRendered.inc();
      pageLatency.observe(renderMs / 1000);
    },
    documentEnded(outcome: string) {
      outcomes.inc({ outcome });
    },
  };
}
