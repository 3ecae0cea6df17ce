import { create, toJsonString } from "@bufbuild/protobuf";
import { type NodeRecord as NodeRecordMessage, NodeRecordSchema } from "@ep/proto/epaper/render/v1/render_pb";
import { Redis } from "ioredis";

/**
 * How nodes announce themselves (the contract the worker reads, see docs/decisions/0007):
 * the set `render:nodes` lists node ids; `render:node:<id>` holds the node's JSON record and
 * expires unless the node renews it, so a node that dies simply drops out.
 */
export const NODES_SET = "render:nodes";
export const nodeKey = (id: string) => `render:node:${id}`;
export const HEARTBEAT_MS = 2_000;
export const HEARTBEAT_TTL_MS = 6_000;

export type NodeRecord = Omit<NodeRecordMessage, "$typeName" | "heartbeatAtMs">;

export class NodeRegistration {
  readonly #redis: Redis;
  readonly #record: () => NodeRecord;
  #timer: NodeJS.Timeout | null = null;
  #pending = false;
  #loggedError = false;

  constructor(redisUrl: string, record: () => NodeRecord) {
    // Offline queue off: while Redis is away, heartbeats fail fast instead of piling up.
    this.#redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    this.#redis.on("error", (error) => this.#logOnce(error));
    this.#record = record;
  }

  async start() {
    await this.#redis.connect().catch((error) => this.#logOnce(error));
    await this.beat();
    this.#timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.#timer.unref();
  }

  /** Publishes the current record now; called on every heartbeat and when the load changes. */
  async beat() {
    const record = create(NodeRecordSchema, { ...this.#record(), heartbeatAtMs: BigInt(Date.now()) });
    try {
      await this.#redis
        .multi()
        .sadd(NODES_SET, record.id)
        .set(nodeKey(record.id), toJsonString(NodeRecordSchema, record), "PX", HEARTBEAT_TTL_MS)
        .exec();
      this.#loggedError = false;
    } catch (error) {
      this.#logOnce(error as Error);
    }
  }

  /** Load changes are frequent; coalesce them into at most one write per tick. */
  changed() {
    if (this.#pending) return;
    this.#pending = true;
    setImmediate(() => {
      this.#pending = false;
      void this.beat();
    });
  }

  async stop() {
    if (this.#timer) clearInterval(this.#timer);
    const { id } = this.#record();
    await this.#redis
      .multi()
      .srem(NODES_SET, id)
      .del(nodeKey(id))
      .exec()
      .catch(() => {});
    this.#redis.disconnect();
  }

  #logOnce(error: Error) {
    if (this.#loggedError) return;
    this.#loggedError = true;
    console.error(`render node registry: ${error.message}`);
  }
}
