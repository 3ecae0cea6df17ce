import type { Redis } from "ioredis";

type Listener = (message: string) => void;

/**
 * One Redis subscriber connection per studio process, shared by every open SSE stream
 * (architecture.md "Events (SSE)"): a channel is subscribed while at least one stream listens to
 * it. Because every studio instance subscribes for its own streams, an event published by any
 * process reaches the user's browser whichever instance it is connected to. ioredis subscribes
 * again by itself after a reconnect.
 */
export class EventHub {
  private subscriber: Redis | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly streams = new Set<() => void>();
  private closed = false;

  constructor(private readonly createSubscriber: () => Redis) {}

  private connection(): Redis {
    if (!this.subscriber) {
      this.subscriber = this.createSubscriber();
      this.subscriber.on("message", (channel: string, message: string) => {
        for (const listener of this.listeners.get(channel) ?? []) listener(message);
      });
    }
    return this.subscriber;
  }

  /** Listens to the channels until the returned function is called. */
  async subscribe(channels: readonly string[], listener: Listener): Promise<() => Promise<void>> {
    if (this.closed) throw new Error("event hub is closed");
    const fresh: string[] = [];
    for (const channel of channels) {
      let set = this.listeners.get(channel);
      if (!set) {
        set = new Set();
        this.listeners.set(channel, set);
        fresh.push(channel);
      }
      set.add(listener);
    }
    if (fresh.length > 0) await this.connection().subscribe(...fresh);
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      const unused: string[] = [];
      for (const channel of channels) {
        const set = this.listeners.get(channel);
        set?.delete(listener);
        if (set && set.size === 0) {
          this.listeners.delete(channel);
          unused.push(channel);
        }
      }
      if (unused.length > 0 && this.subscriber && !this.closed) await this.subscriber.unsubscribe(...unused).catch(() => {});
    };
  }

  /** Registers a stream's close function, so that shutdown can end every open stream. */
  track(close: () => void): () => void {
    this.streams.add(close);
    return () => this.streams.delete(close);
  }

  /** Ends every open stream (browsers reconnect to another instance) and the subscriber. */
  async close(): Promise<void> {
    this.closed = true;
    for (const close of [...this.streams]) close();
    this.streams.clear();
    this.listeners.clear();
    await this.subscriber?.quit().catch(() => {});
  }
}
