import type { EventHub } from "./event-hub.server.ts";

/** studio-core.md §9: the browser reconnects 500 ms after the connection drops (SSE `retry`). */
export const RECONNECT_DELAY_MS = 500;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 20_000;
/** How often the stream asks whether its session still holds (revoked, expired, deactivated). */
const SESSION_RECHECK_MS = 60_000;

export type EventStreamOptions = {
  hub: EventHub;
  channels: readonly string[];
  /** Aborts when the browser goes away. */
  signal: AbortSignal;
  /** False ends the stream: the browser reconnects, is refused and re-authenticates. */
  sessionStillValid: () => Promise<boolean>;
  heartbeatMs?: number;
  recheckMs?: number;
};

/**
 * A server-sent-events response that relays the messages of the channels as they are
 * published: `data: <event JSON>` per message (the JSON already is the catalogue's event).
 */
export async function eventStreamResponse(options: EventStreamOptions): Promise<Response> {
  const encoder = new TextEncoder();
  let cleanup: () => Promise<void> = async () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          void finish();
        }
      };
      const unsubscribe = await options.hub.subscribe(options.channels, (message) => {
        // One line per message: the publishers' JSON never contains a raw newline.
        send(`data: ${message.replaceAll("\n", " ")}\n\n`);
      });
      const heartbeat = setInterval(() => send(": ping\n\n"), options.heartbeatMs ?? HEARTBEAT_MS);
      const recheck = setInterval(() => {
        void options.sessionStillValid().then((valid) => {
          if (!valid) void finish();
        });
      }, options.recheckMs ?? SESSION_RECHECK_MS);
      const untrack = options.hub.track(() => void finish());
      const finish = async () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearInterval(recheck);
        untrack();
        options.signal.removeEventListener("abort", onAbort);
        try {
          controller.close();
        } catch {
          // Already closed by the browser going away.
        }
        await unsubscribe();
      };
      const onAbort = () => void finish();
      cleanup = finish;
      if (options.signal.aborted) return void finish();
      options.signal.addEventListener("abort", onAbort);
      send(`retry: ${RECONNECT_DELAY_MS}\n: connected\n\n`);
    },
    cancel() {
      return cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      // nginx and similar proxies would otherwise buffer the stream.
      "X-Accel-Buffering": "no",
    },
  });
}
