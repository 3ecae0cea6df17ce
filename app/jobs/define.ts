import type { JobsOptions } from "bullmq";
import type { z } from "zod";

/**
 * The queues of architecture.md "Queues": one per kind of work. Every job names one of them;
 * the studio builds its producers from this list and the worker starts one consumer for each.
 */
export const QUEUE_NAMES = ["render", "pages", "publish", "email", "maintenance", "webhooks", "ocr"] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * One kind of job, declared once (docs/decisions/0022-one-job-registry.md): its queue, its name,
 * the Zod schema its payload is checked against on enqueue and again on receipt, its options
 * (attempts, back-off, retention), the id that deduplicates it (derived from the payload, so a
 * double click never enqueues twice), and for a clean-up the schedule it runs on.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  queue: QueueName;
  name: string;
  schema: S;
  options: JobsOptions;
  /** BullMQ job ids must not be all digits nor contain ':' (cuid2 ids are neither). */
  // Method syntax on purpose: a job's jobId takes its own payload, and a list of jobs still type-checks.
  jobId?(data: z.output<S>): string;
  /** A scheduled job: upserting the scheduler id again never adds a second schedule (its cadence: schedules.server.ts). */
  schedule?: { id: string };
};

type JobExtras<S extends z.ZodType> = Pick<JobDefinition<S>, "jobId" | "schedule">;

/** Declares a job; the payload type of `jobId` follows from the schema. */
export function defineJob<const Q extends QueueName, const N extends string, S extends z.ZodType, X extends JobExtras<S>>(
  definition: { queue: Q; name: N; schema: S; options: JobsOptions } & X,
): { queue: Q; name: N; schema: S; options: JobsOptions } & X {
  return definition;
}

export type JobData<D extends JobDefinition> = z.output<D["schema"]>;
export type JobInput<D extends JobDefinition> = z.input<D["schema"]>;

/** Retention every queue shares: a day of finished jobs, a week of failed ones for support. */
export const KEEP_JOBS = { removeOnComplete: { age: 24 * 3600, count: 1000 }, removeOnFail: { age: 7 * 24 * 3600 } } as const;

/** Retention of scheduled clean-ups: only the latest runs matter. */
export const KEEP_SCHEDULED = { removeOnComplete: 100, removeOnFail: 500 } as const;
