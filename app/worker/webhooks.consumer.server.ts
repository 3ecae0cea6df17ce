import type { Consumer } from "#app/jobs/consumer.server";
import { type DeliverDeps, deliverWebhook } from "#app/webhooks/deliver.server";

/**
 * The `webhooks` queue's consumer (ADR 0058): one attempt of a delivery per job. Attempts wait
 * on other systems (up to 10 s each), not on this machine: several run at once.
 */
export function createWebhooksConsumer(deps: DeliverDeps, options: { concurrency?: number } = {}): Consumer<"webhooks"> {
  return {
    handlers: { "deliver-webhook": (data) => deliverWebhook(deps, data) },
    options: { concurrency: options.concurrency ?? 8 },
  };
}
