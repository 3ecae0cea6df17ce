import { sql } from "kysely";
import { db } from "./db.server.ts";
import { redis } from "./redis.server.ts";

export type DependencyHealth = { ok: boolean; latencyMs: number; error?: string };
export type Health = { status: "ok" | "error"; checks: { mysql: DependencyHealth; redis: DependencyHealth } };

const TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<unknown>): Promise<DependencyHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    // A dependency that hangs is as unhealthy as one that is down; never let the probe hang.
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Checks the two services every studio request depends on. */
export async function checkHealth(): Promise<Health> {
  const [mysql, redisHealth] = await Promise.all([probe(() => sql`SELECT 1`.execute(db)), probe(() => redis.ping())]);
  return { status: mysql.ok && redisHealth.ok ? "ok" : "error", checks: { mysql, redis: redisHealth } };
}
