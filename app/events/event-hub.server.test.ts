import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { EventHub } from "./event-hub.server.ts";
import { eventStreamResponse } from "./sse-stream.server.ts";

const publisher = new Redis(TEST_REDIS_URL);
const hub = new EventHub(() => new Redis(TEST_REDIS_URL));
afterAll(async () => {
  await hub.close();
  await publisher.quit();
});

async function subscribers(channel: string): Promise<number> {
  const [, count] = (await publisher.pubsub("NUMSUB", channel)) as [string, number];
  return Number(count);
}

/** Reads the stream until `predicate` holds for the text so far (or fails after 5 s). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, predicate: (text: string) => boolean, text = "") {
  const decoder = new TextDecoder();
  const deadline = Date.now() + 5000;
  while (!predicate(text)) {
    if (Date.now() > deadline) throw new Error(`stream did not deliver; got: ${text}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended; got: ${text}`);
    text += decoder.decode(value);
  }
  return text;
}

function openStream(channels: string[], sessionStillValid = async () => true, recheckMs?: number) {
  const abort = new AbortController();
  const response = eventStreamResponse({ hub, channels, signal: abort.signal, sessionStillValid, recheckMs });
  return { abort, response };
}

describe("event stream (SSE over Redis pub/sub)", () => {
  test("relays published events to every stream of the channel, in order, and unsubscribes when the last one goes", async () => {
    const channel = `events:test:${createId()}`;
    const first = openStream([channel]);
    const second = openStream([channel]);
    const [one, two] = await Promise.all([first.response, second.response]);
    expect(one.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    const readerOne = one.body!.getReader();
    const readerTwo = two.body!.getReader();
    // The browser is told to reconnect after 500 ms (studio-core.md §9).
    await readUntil(readerOne, (text) => text.includes("retry: 500\n"));
    expect(await subscribers(channel)).toBe(1);

    await publisher.publish(channel, JSON.stringify({ type: "accountDataChanged" }));
    await publisher.publish(channel, JSON.stringify({ type: "forcedLogout" }));
    const received = await readUntil(readerTwo, (text) => text.includes("forcedLogout"));
    expect(received.indexOf("accountDataChanged")).toBeLessThan(received.indexOf("forcedLogout"));
    expect(received).toContain('data: {"type":"accountDataChanged"}\n\n');

    first.abort.abort();
    await expect.poll(() => subscribers(channel)).toBe(1);
    second.abort.abort();
    await expect.poll(() => subscribers(channel)).toBe(0);
  });

  test("a stream whose session ends is closed by the server", async () => {
    const channel = `events:test:${createId()}`;
    let valid = true;
    const { response } = openStream([channel], async () => valid, 50);
    const reader = (await response).body!.getReader();
    await readUntil(reader, (text) => text.includes("connected"));
    valid = false;
    await expect.poll(async () => (await reader.read()).done, { timeout: 2000 }).toBe(true);
    await expect.poll(() => subscribers(channel)).toBe(0);
  });

  test("closing the hub ends every open stream (shutdown)", async () => {
    const own = new EventHub(() => new Redis(TEST_REDIS_URL));
    const abort = new AbortController();
    const response = await eventStreamResponse({
      hub: own,
      channels: [`events:test:${createId()}`],
      signal: abort.signal,
      sessionStillValid: async () => true,
    });
    const reader = response.body!.getReader();
    await readUntil(reader, (text) => text.includes("connected"));
    await own.close();
    await expect.poll(async () => (await reader.read()).done, { timeout: 2000 }).toBe(true);
  });
});
