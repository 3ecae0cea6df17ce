import { readRenderNodes } from "#app/render/node-registry.server";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import type { RenderNodeView } from "#app/rules/support-rows";
import type { Database } from "#db/client";
import type { Redis } from "ioredis";
import { SupportTargetNotFound } from "./support-errors.server.ts";

/*
 * The render-server drawer of the support back office (studio-admin.md §2, renderserver
 * permission; ADR 0042): what the registry says about a node, what the node says about itself
 * on its admin port (/healthz, /metrics with the farm's bearer token), and how many active
 * render processes name it. Only addresses the registry or a render process holds are looked
 * at, and the admin address comes from the node's own record: the request never names what the
 * server fetches.
 */

const ADMIN_TIMEOUT_MS = 2_000;

/**
 * The series a supporter reads (render-node/src/metrics.ts): the node's own, and of Node's
 * default ones the few that say whether it is healthy (memory, CPU, event-loop lag, uptime).
 */
const SHOWN = new Set([
  "render_node_pages_rendered_total",
  "render_node_page_render_seconds_sum",
  "render_node_page_render_seconds_count",
  "render_node_in_flight",
  "render_node_capacity",
  "render_node_draining",
  "render_node_process_resident_memory_bytes",
  "render_node_process_cpu_seconds_total",
  "render_node_nodejs_eventloop_lag_p99_seconds",
  "render_node_process_start_time_seconds",
]);

export type RenderNodeDeps = { db: Database; redis: Redis; token: string; fetch?: typeof fetch };

export async function renderNodeView(deps: RenderNodeDeps, subject: PermissionSubject, url: string): Promise<RenderNodeView> {
  requirePermission(subject, "renderserver");
  const [nodes, processes] = await Promise.all([
    readRenderNodes(deps.redis),
    deps.db
      .selectFrom("renderProcess")
      .select((eb) => [eb.fn.countAll<number>().as("all"), eb.fn.sum<number>("active").as("active")])
      .where("renderserverUrl", "=", url)
      .executeTakeFirstOrThrow(),
  ]);
  const node = nodes.find((candidate) => candidate.url === url) ?? null;
  if (!node && Number(processes.all) === 0) throw new SupportTargetNotFound("render server");
  const admin = node?.adminUrl ? await readAdmin(deps, node.adminUrl) : { health: null, metrics: null };
  return {
    url,
    state: !node ? "gone" : node.draining ? "draining" : "serving",
    node: node
      ? { version: node.version, capacity: node.capacity, inFlight: node.inFlight, heartbeatAt: node.heartbeatAt, adminUrl: node.adminUrl }
      : null,
    activeProcesses: Number(processes.active ?? 0),
    ...admin,
  };
}

async function readAdmin(deps: RenderNodeDeps, adminUrl: string): Promise<Pick<RenderNodeView, "health" | "metrics">> {
  const get = (path: string) =>
    (deps.fetch ?? fetch)(new URL(path, adminUrl), {
      headers: { Authorization: `Bearer ${deps.token}` },
      signal: AbortSignal.timeout(ADMIN_TIMEOUT_MS),
      redirect: "error",
    });
  const [health, metrics] = await Promise.all([
    get("/healthz")
      .then(async (response) => {
        // 503 is the draining node's answer, with the same body.
        const body = (await response.json()) as { status?: unknown; inFlight?: unknown; capacity?: unknown };
        return {
          status: String(body.status ?? response.status),
          inFlight: Number(body.inFlight ?? 0),
          capacity: Number(body.capacity ?? 0),
        };
      })
      .catch(() => null),
    get("/metrics")
      .then(async (response) => (response.ok ? parseMetrics(await response.text()) : null))
      .catch(() => null),
  ]);
  return { health, metrics };
}

/** The shown series from Prometheus text (`name{labels} value`); comments, buckets and the rest left out. */
export function parseMetrics(text: string): RenderNodeView["metrics"] {
  const rows: NonNullable<RenderNodeView["metrics"]> = [];
  for (const line of text.split("\n")) {
    const match = /^([a-z_:0-9]+)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match || !SHOWN.has(match[1] as string)) continue;
    rows.push({ name: match[1] as string, labels: match[2]?.slice(1, -1) ?? "", value: match[3] as string });
  }
  return rows;
}
