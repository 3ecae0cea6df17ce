import { type ConnectionOptions, type Job, type JobsOptions, Queue } from "bullmq";
import { type JobInput, QUEUE_NAMES, type QueueName } from "./define.ts";
import type { RegisteredJob } from "./registry.ts";
import { currentRequestId } from "#app/utils/request-context.server";

/** The job data field that carries the request id of the request that enqueued the job. */
export const REQUEST_ID_FIELD = "requestId";

/** The job data field that counts how often the reconciler enqueued a lost job again (ADR 0047). */
export const RECOVERY_FIELD = "recovery";

export type Queues = { [Q in QueueName]: Queue };

/** Every queue of the registry on one connection: the only place a BullMQ Queue is made. */
export function createQueues(connection: ConnectionOptions): Queues {
  return Object.fromEntries(QUEUE_NAMES.map((name) => [name, new Queue(name, { connection })])) as Queues;
}

export async function closeQueues(queues: Queues) {
  await Promise.all(Object.values(queues).map((queue) => queue.close()));
}

/** The part of a queue a producer uses: a BullMQ Queue, or a recording double in tests. */
export type JobQueue = { readonly name?: string; add(name: string, data: unknown, opts?: JobsOptions): Promise<unknown> };

/**
 * Adds one job: the payload is checked against the job's schema (a wrong call fails in the
 * caller, never later in the worker), the job's options apply, and its id comes from the payload.
 */
export async function enqueue<D extends RegisteredJob>(
  queue: JobQueue,
  job: D,
  input: JobInput<D>,
  /** `delayMs`: the job waits this long before it runs (a webhook's next attempt, ADR 0058). */
  options: { recovery?: number; delayMs?: number } = {},
) {
  if (queue.name !== undefined && queue.name !== job.queue)
    throw new Error(`job ${job.name} belongs on queue ${job.queue}, not ${queue.name}`);
  const data = job.schema.parse(input);
  const jobId = jobIdOf(job, data);
  // The request that asked for it travels with the job (beside the payload; ADR 0046), and so
  // does the count of the reconciler's recoveries (ADR 0047).
  const requestId = currentRequestId();
  const stored = {
    ...(data as object),
    ...(requestId ? { [REQUEST_ID_FIELD]: requestId } : {}),
    ...(options.recovery ? { [RECOVERY_FIELD]: options.recovery } : {}),
  };
  const delay = options.delayMs && options.delayMs > 0 ? { delay: Math.round(options.delayMs) } : {};
  await queue.add(job.name, stored, { ...job.options, ...(jobId === undefined ? {} : { jobId }), ...delay });
  return { jobId, data };
}

/** The id a job gets for this payload (the registry's jobId), or undefined for jobs without one. */
export function jobIdOf<D extends RegisteredJob>(job: D, data: unknown): string | undefined {
  return "jobId" in job ? (job.jobId as (payload: unknown) => string)(data) : undefined;
}

/** A job is alive while BullMQ holds it in one of these states. */
export const LIVE_JOB_STATES: ReadonlySet<string> = new Set(["active", "waiting", "delayed", "prioritized", "waiting-children"]);

/** A queue whose jobs can be looked up by id (a BullMQ Queue). */
export type LookupQueue = JobQueue & { getJob(id: string): Promise<Job | undefined> };

/**
 * Adds a job with an id unless one of that id is alive; a finished one (which would make the add
 * a no-op) is removed first. Answers whether it added. The reconciler's steps and the OCR's
 * enqueue use it (ADR 0047).
 */
export async function enqueueUnlessLive<D extends RegisteredJob>(queue: LookupQueue, job: D, input: JobInput<D>): Promise<boolean> {
  const id = jobIdOf(job, job.schema.parse(input));
  const previous = id === undefined ? undefined : await queue.getJob(id);
  if (previous && LIVE_JOB_STATES.has(await previous.getState())) return false;
  if (previous) await previous.remove().catch(() => undefined);
  await enqueue(queue, job, input);
  return true;
}
