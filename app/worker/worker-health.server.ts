import type { Redis } from "ioredis";
import { Gauge, type Registry } from "prom-client";
import { acceptsWork, listRenderNodes } from "#app/render/node-registry.server";
import type { Health } from "#app/utils/health.server";
import type { Reconciler } from "./reconcile.server.ts";

/*
 * The worker's honest health (issue 33 §3, ADR 0047): beside its own dependencies, what the
 * worker is there for: the render farm (nodes alive), the job schedulers present, the processes
 * and mails the last reconcile pass found running without a job, and whether Redis keeps its data.
 */

export type RedisPersistence = { aof: boolean; evictionPolicy: string | null };

/** How Redis keeps its data (INFO persistence, INFO memory; works on managed Redis, where CONFIG is often refused). */
export async function redisPersistence(redis: Redis): Promise<RedisPersistence> {
  const info = `${await redis.info("persistence")}\n${await redis.info("memory")}`;
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, "m").exec(info)?.[1]?.trim() ?? null;
  return {
    aof: field("aof_enabled") === "1",
    evictionPolicy: field("maxmemory_policy"),
  };
}

/** The warning for a Redis that may lose jobs, or null when it is set up as BullMQ asks. */
export function persistenceWarning(persistence: RedisPersistence): string | null {
  const problems = [
    ...(persistence.aof ? [] : ["appendonly is off: a restart loses the queued jobs (the reconciler rebuilds them from the database)"]),
    ...(persistence.evictionPolicy && persistence.evictionPolicy !== "noeviction"
      ? [`maxmemory-policy is ${persistence.evictionPolicy}: Redis may evict job keys (set noeviction)`]
      : []),
  ];
  return problems.length ? `Redis: ${problems.join("; ")}` : null;
}

export type WorkerHealth = Health & {
  farm: { nodesServing: number; nodesDraining: number };
  schedulers: { expected: number; present: number } | null;
  processesWithoutJob: number | null;
  reconciledAt: string | null;
  redisPersistence: RedisPersistence | null;
};

export async function workerHealth(deps: {
  redis: Redis;
  reconciler: Reconciler;
  dependencies: () => Promise<Health>;
}): Promise<WorkerHealth> {
  const [health, nodes, persistence] = await Promise.all([
    deps.dependencies(),
    listRenderNodes(deps.redis).catch(() => []),
    redisPersistence(deps.redis).catch(() => null),
  ]);
  const last = deps.reconciler.last();
  return {
    ...health,
    farm: { nodesServing: nodes.filter(acceptsWork).length, nodesDraining: nodes.filter((node) => node.draining).length },
    schedulers: last?.schedulers ?? null,
    processesWithoutJob: last?.withoutJob ?? null,
    reconciledAt: last?.at.toISOString() ?? null,
    redisPersistence: persistence,
  };
}

/** The reconciler's figures as Prometheus gauges (render_nodes_alive is the farm's, in render-metrics). */
export function registerReconcilerMetrics(registry: Registry, reconciler: Reconciler) {
  new Gauge({
    name: "processes_without_job",
    help: "Processes and mails the last reconcile pass found running without a live job",
    registers: [registry],
    collect() {
      this.set(reconciler.last()?.withoutJob ?? 0);
    },
  });
  new Gauge({
    name: "job_schedulers_present",
    help: "Scheduled clean-ups whose job scheduler exists in Redis, by expected or present",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const schedulers = reconciler.last()?.schedulers;
      this.set({ state: "expected" }, schedulers?.expected ?? 0);
      this.set({ state: "present" }, schedulers?.present ?? 0);
    },
  });
}
