import { z } from "zod";

/*
 * Webhooks (issue 32 item 4, docs/decisions/0058-webhooks.md), shared by the account drawer and
 * the server: the events an endpoint may choose, the drawer's form, the retry schedule, and what
 * the drawer lists. An endpoint is an address of the customer's system; every event it chose is
 * POSTed there as JSON `{ id, type, createdAt, data }`, signed with the endpoint's secret.
 */

export const WEBHOOK_EVENTS = [
  "epaper.rendered",
  "epaper.render_failed",
  "page_operation.finished",
  "publication.ready",
  "channel.removed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The event names as translation keys (a dot in a key would nest it). */
export const WEBHOOK_EVENT_KEYS = {
  "epaper.rendered": "epaperRendered",
  "epaper.render_failed": "epaperRenderFailed",
  "page_operation.finished": "pageOperationFinished",
  "publication.ready": "publicationReady",
  "channel.removed": "channelRemoved",
} as const satisfies Record<WebhookEventType, string>;

/**
 * The test event of 'Send test event' (issue 45): to one endpoint, on request only, never chosen
 * as a subscription; tried once (no retries: the person testing is watching the log).
 */
export const WEBHOOK_PING_EVENT = "ping";
export type WebhookLogEventType = WebhookEventType | typeof WEBHOOK_PING_EVENT;
export const WEBHOOK_LOG_EVENT_KEYS = { ...WEBHOOK_EVENT_KEYS, ping: "ping" } as const satisfies Record<WebhookLogEventType, string>;

/** Endpoints an account may hold at once. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2000;
/** The secret's visible prefix (as Standard Webhooks and Svix write it). */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = "ePaper-Signature";
/** The event's id: the same on every attempt, so a receiver can drop a repeat. */
export const WEBHOOK_ID_HEADER = "Webhook-Id";
export const WEBHOOK_TIMESTAMP_HEADER = "Webhook-Timestamp";

/** One attempt may take this long (connecting, sending, the answer). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A delivery is tried again for this long after its event; then it is failed ('send again' still works). */
export const WEBHOOK_DELIVERY_WINDOW_MS = 24 * 3600_000;
/** The waits after the 1st, 2nd, … failed attempt; the last one repeats until the window closes. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000] as const;

/**
 * When to try a delivery again after `attemptsMade` failed attempts, or null when it is failed
 * for good. The back-off grows; a wait that would pass the 24-hour window is cut to the window's
 * end, so the last attempt is made at the 24th hour, and nothing after it.
 */
export function nextAttemptAt(createdAt: Date, attemptsMade: number, now: Date): Date | null {
  const deadline = createdAt.getTime() + WEBHOOK_DELIVERY_WINDOW_MS;
  if (now.getTime() >= deadline) return null;
  const delay = WEBHOOK_RETRY_DELAYS_MS[Math.min(Math.max(attemptsMade, 1), WEBHOOK_RETRY_DELAYS_MS.length) - 1] ?? 60_000;
  return new Date(Math.min(now.getTime() + delay, deadline));
}

/** The stored comma list as events, in catalogue order; unknown words are dropped. */
export function eventsOf(stored: string): WebhookEventType[] {
  const words = new Set(stored.split(","));
  return WEBHOOK_EVENTS.filter((event) => words.has(event));
}

export const storedEvents = (events: readonly WebhookEventType[]) => WEBHOOK_EVENTS.filter((event) => events.includes(event)).join(",");

/**
 * The drawer's form: the endpoint's address and at least one event (checkboxes named `events`).
 * The server checks the address further (https, no private address: app/webhooks/endpoint-url.server.ts).
 */
export const WebhookEndpointFormSchema = z.object({
  url: z
    .string({ error: "webhooks.validation.urlRequired" })
    .trim()
    .min(1, { error: "webhooks.validation.urlRequired" })
    .max(WEBHOOK_URL_MAX, { error: "webhooks.validation.urlTooLong" })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
        } catch {
          return false;
        }
      },
      { error: "webhooks.validation.urlInvalid" },
    ),
  events: z
    .array(z.enum(WEBHOOK_EVENTS), { error: "webhooks.validation.eventRequired" })
    .min(1, { error: "webhooks.validation.eventRequired" }),
});

export const WEBHOOK_DELIVERY_STATES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/**
 * An endpoint's address as support switched into the account sees it: origin and path, a query
 * (which may carry the receiver's token) only as `?…`, no fragment. The account's own users see it whole.
 */
export function maskedEndpointUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname}${url.search ? "?…" : ""}`;
  } catch {
    return "…";
  }
}

/** One endpoint as the drawer lists it: never its secret. */
export type WebhookEndpointView = { id: string; url: string; events: WebhookEventType[]; createdAt: string };

/**
 * One attempt of a delivery: its time, the HTTP status or what went wrong, how long it took, and
 * the exchange (issue 45): the headers sent (no secret travels in them), the answer's headers (a
 * cookie's value replaced) and the first KB of its body. null where an older attempt kept none.
 */
export type WebhookAttemptView = {
  id: string;
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  manual: boolean;
  requestHeaders: Record<string, string> | null;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
};

/** One delivery of an event to an endpoint, with its attempts newest first. */
export type WebhookDeliveryView = {
  id: string;
  eventId: string;
  type: WebhookLogEventType;
  state: WebhookDeliveryState;
  /** The body every attempt sent (the event, never a secret). */
  payload: string;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
  log: WebhookAttemptView[];
};

/** Deliveries the drawer shows of one endpoint (the newest). */
export const WEBHOOK_LOG_LIMIT = 25;
