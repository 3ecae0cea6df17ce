import type { StudioEvent } from "#app/events/catalogue";

/**
 * A studio's real-time stream (`GET /events`) read over HTTP, as a browser's EventSource would:
 * every event it delivered, and a wait for the one a test expects.
 */
export type EventStream = {
  events: StudioEvent[];
  waitFor<T extends StudioEvent>(match: (event: StudioEvent) => event is T, timeoutMs?: number): Promise<T>;
  waitFor(match: (event: StudioEvent) => boolean, timeoutMs?: number): Promise<StudioEvent>;
  close(): void;
};

export async function openEventStream(studio: string, cookie: string): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(`${studio}/events`, { headers: { Cookie: cookie }, signal: abort.signal });
  if (response.status !== 200 || !response.body) throw new Error(`GET /events answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: StudioEvent[] = [];
  let buffer = "";
  let connected: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    connected = resolve;
  });
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes(": connected")) connected();
          for (const line of block.split("\n")) if (line.startsWith("data: ")) events.push(JSON.parse(line.slice(6)) as StudioEvent);
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // closed by the test
    }
  })();
  // The subscription exists once the stream says so: events before it would be lost.
  await ready;
  return {
    events,
    async waitFor(match: (event: StudioEvent) => boolean, timeoutMs = 120_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.slice(-5))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => abort.abort(),
  } as EventStream;
}
