import { fromJsonString } from "@bufbuild/protobuf";
import { type NodeRecord, NodeRecordSchema } from "@ep/proto/epaper/render/v1/render_pb";
import type { Redis } from "ioredis";

/**
 * The worker's view of the render farm (docs/decisions/0007-render-farm.md): nodes write
 * `render:node:<id>` with a TTL every 2 s and list themselves in `render:nodes`; a node whose
 * record expired is gone. No static node list exists anywhere.
 */
export const NODES_SET = "render:nodes";
const nodeKey = (id: string) => `render:node:${id}`;

/** A node's registry record (contract: NodeRecord in proto/epaper/render/v1/render.proto). */
export type RenderNode = Omit<NodeRecord, "$typeName" | "heartbeatAtMs">;
/** The record as the node wrote it, with its last heartbeat (the support back office shows it). */
export type RenderNodeRecord = RenderNode & { heartbeatAt: Date };

/** Nodes with a live record, and forgets the ones whose record expired. */
export async function readRenderNodes(redis: Redis): Promise<RenderNodeRecord[]> {
  const ids = await redis.smembers(NODES_SET);
  if (ids.length === 0) return [];
  const records = await redis.mget(ids.map(nodeKey));
  const nodes: RenderNodeRecord[] = [];
  const gone: string[] = [];
  records.forEach((record, index) => {
    const id = ids[index] as string;
    if (!record) gone.push(id);
    else {
      try {
        const { $typeName: _, heartbeatAtMs, ...node } = fromJsonString(NodeRecordSchema, record, { ignoreUnknownFields: true });
        nodes.push({ ...node, heartbeatAt: new Date(Number(heartbeatAtMs)) });
      } catch {
        gone.push(id);
      }
    }
  });
  if (gone.length) await redis.srem(NODES_SET, ...gone);
  return nodes;
}

/** Nodes with a live record (what the dispatcher chooses from). */
export async function listRenderNodes(redis: Redis): Promise<RenderNode[]> {
  return (await readRenderNodes(redis)).map(({ heartbeatAt: _, ...node }) => node);
}

export const acceptsWork = (node: RenderNode) => !node.draining && node.capacity > 0;

/**
 * The least-loaded node that takes work. `assigned` is the work this worker has just sent
 * (the registry learns of it a heartbeat later); `avoid` holds nodes that just failed a call.
 */
export function pickNode(nodes: RenderNode[], assigned: ReadonlyMap<string, number>, avoid: ReadonlySet<string> = new Set()) {
  let best: RenderNode | null = null;
  let bestLoad = Number.POSITIVE_INFINITY;
  for (const node of nodes) {
    if (!acceptsWork(node) || avoid.has(node.id)) continue;
    const load = Math.max(node.inFlight, assigned.get(node.id) ?? 0) / node.capacity;
    if (load < bestLoad) {
      best = node;
      bestLoad = load;
    }
  }
  return best;
}
