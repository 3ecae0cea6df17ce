import { expect, test } from "vitest";
import {
  eventsOf,
  nextAttemptAt,
  storedEvents,
  WEBHOOK_DELIVERY_WINDOW_MS,
  WEBHOOK_EVENTS,
  WebhookEndpointFormSchema,
} from "./webhooks.ts";

// The retry schedule and the endpoint form of the webhooks (ADR 0058).

const createdAt = new Date("2026-11-28T00:00:00.000Z");
const at = (ms: number) => new Date(createdAt.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

test("a failed delivery is tried again with growing waits, the last attempt at the 24th hour, then never", () => {
  let now = createdAt;
  const waits: number[] = [];
  for (let made = 1; ; made++) {
    const next = nextAttemptAt(createdAt, made, now);
    if (!next) break;
    waits.push(next.getTime() - now.getTime());
    now = next;
  }
  expect(waits.slice(0, 6)).toEqual([1 * MIN, 5 * MIN, 30 * MIN, 2 * HOUR, 5 * HOUR, 10 * HOUR]);
  // 17 h 36 min after the event the next wait would pass the window: cut to its end.
  expect(now).toEqual(at(WEBHOOK_DELIVERY_WINDOW_MS));
  expect(waits).toHaveLength(7);
  expect(nextAttemptAt(createdAt, 8, at(25 * HOUR))).toBeNull();
});

test("events are stored as a comma list in catalogue order; unknown words are dropped", () => {
  expect(storedEvents(["publication.ready", "epaper.rendered"])).toBe("epaper.rendered,publication.ready");
  expect(eventsOf("channel.removed,nonsense,epaper.rendered")).toEqual(["epaper.rendered", "channel.removed"]);
});

test("the form wants a web address and at least one event", () => {
  expect(WebhookEndpointFormSchema.safeParse({ url: "https://hooks.example.com/in", events: [...WEBHOOK_EVENTS] }).success).toBe(true);
  const refused = WebhookEndpointFormSchema.safeParse({ url: "ftp://example.com", events: [] });
  expect(refused.error?.issues.map((issue) => issue.message).sort()).toEqual([
    "webhooks.validation.eventRequired",
    "webhooks.validation.urlInvalid",
  ]);
});
