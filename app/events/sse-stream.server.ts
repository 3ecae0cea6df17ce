import { processMetrics } from "#app/utils/metrics.server";
import type { EventHub } from "./event-hub.server.ts";

/** studio-core.md §9: the browser reconnects 500 ms after the connection drops (SSE `retry`). */
export const RECONNECT_DELAY_MS = 500;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 20_000;
/** How often the stream asks whether its session still holds (revoked, expired, deactivated). */
const SESSION_RECHECK_MS = 60_000;
/**
 * Before relaying a message the stream makes sure its session held at most this long ago, so no
 * event reaches a browser whose session ended (issue 16, finding 9). A `forcedLogout` message
 * (published when sessions are revoked) checks at once, and ends a revoked session's stream.
 */
const RELAY_CHECK_MS = 1_000;

export type EventStreamOptions = {
  hub: EventHub;
  channels: readonly string[];
  /** Aborts when the browser goes away. */
  signal: AbortSignal;
  /** False ends the stream: the browser reconnects, is refused and re-authenticates. */
  sessionStillValid: () => Promise<boolean>;
  heartbeatMs?: number;
  recheckMs?: number;
  relayCheckMs?: number;
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
      let checkedAt = Date.now();
      const stillValid = async (force: boolean) => {
        if (!force && Date.now() - checkedAt < (options.relayCheckMs ?? RELAY_CHECK_MS)) return true;
        const valid = await options.sessionStillValid().catch(() => false);
        if (valid) checkedAt = Date.now();
        else await finish();
        return valid;
      };
      // Messages are relayed one after another, in order, each only while the session holds.
      let relaying = Promise.resolve();
      const unsubscribe = await options.hub.subscribe(options.channels, (message) => {
        relaying = relaying.then(async () => {
          if (!open || !(await stillValid(isForcedLogout(message)))) return;
          const sentAt = /"sentAt":(\d+)/.exec(message)?.[1];
          if (sentAt) processMetrics.eventLag.observe(Math.max(0, Date.now() - Number(sentAt)) / 1000);
          // One line per message: the publishers' JSON never contains a raw newline.
          send(`data: ${message.replaceAll("\n", " ")}\n\n`);
        });
      });
      const heartbeat = setInterval(() => send(": ping\n\n"), options.heartbeatMs ?? HEARTBEAT_MS);
      const recheck = setInterval(() => void stillValid(true), options.recheckMs ?? SESSION_RECHECK_MS);
      const untrack = options.hub.track(() => void finish());
      const finish = async () => {
        if (!open) return;
        open = false;
        processMetrics.eventStreams.dec();
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
      processMetrics.eventStreams.inc();
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

function isForcedLogout(message: string): boolean {
  try {
    return (JSON.parse(message) as { type?: unknown }).type === "forcedLogout";
  } catch {
    return false;
  }
}
