import { z } from "zod";
import { defineJob, type JobData, KEEP_JOBS } from "./define.ts";

/**
 * One attempt of a webhook delivery (ADR 0058). The webhook_delivery row is the truth (its
 * state, attempts and next attempt time); this job only triggers the attempt, so a job lost with
 * Redis costs nothing: the worker's reconciler enqueues a due delivery again.
 */
export const DeliverWebhookJob = defineJob({
  queue: "webhooks",
  name: "deliver-webhook",
  /** Ids only: the payload and the secret stay in the database, never in Redis. */
  schema: z.object({
    deliveryId: z.string().min(1).max(32),
    /** The attempts the row had when the job was made: a job for an attempt already made does nothing. */
    attempt: z.number().int().min(0),
    /** 'Send again' in the drawer: an attempt now, whatever the row's state. */
    manual: z.boolean().optional(),
    /** A 'send again' click's own id: each click is a job of its own (a retained job of an earlier click never swallows it). */
    request: z.string().min(1).max(32).optional(),
  }),
  /**
   * A scheduled attempt: one job per delivery and attempt, so a second reconciler adds nothing.
   * 'Send again': one job per click (its request id; the per-account rate limit bounds them).
   */
  jobId: (data) =>
    data.manual ? `webhook-${data.deliveryId}-again-${data.request ?? data.attempt}` : `webhook-${data.deliveryId}-attempt-${data.attempt}`,
  /**
   * Failed HTTP attempts are recorded, not thrown; only the database or Redis away throws. A few
   * quick retries cover that; the reconciler covers the rest.
   */
  options: { attempts: 3, backoff: { type: "exponential", delay: 10_000 }, ...KEEP_JOBS },
});

export type DeliverWebhookJobData = JobData<typeof DeliverWebhookJob>;
