import { type ConnectionOptions, type Job, UnrecoverableError, Worker, type WorkerOptions } from "bullmq";
import type { JobData, QueueName } from "./define.ts";
import { findJob, type RegisteredJob } from "./registry.ts";
import { REQUEST_ID_FIELD } from "./queues.server.ts";
import type { JobHeartbeats } from "./heartbeat.server.ts";
import { createLogger } from "#app/utils/logger.server";
import { runWithRequestId } from "#app/utils/request-context.server";

const jobLogger = createLogger("worker");

type JobsOf<Q extends QueueName> = Extract<RegisteredJob, { queue: Q }>;

/** Runs one job; the payload has already passed the job's schema. */
export type JobHandler<D extends RegisteredJob> = (data: JobData<D>, job: Job, signal?: AbortSignal) => Promise<unknown>;

/** What the worker does with one queue: a handler for each of its jobs, and how it runs them. */
export type Consumer<Q extends QueueName> = {
  handlers: { [D in JobsOf<Q> as D["name"]]: JobHandler<D> };
  options?: Omit<WorkerOptions, "connection">;
  /** After a failed attempt (BullMQ's 'failed' event): e.g. release the ePaper once the last attempt failed. */
  onFailed?: (job: Job, error: Error) => void;
  /** Closes what the consumer opened (a subscriber, a mail transport) after its worker stopped. */
  close?: () => Promise<void> | void;
  log?: (message: string) => void;
};

export type StartedConsumer = { worker: Worker; close(): Promise<void> };

/** Whether this attempt is the job's last (its attempts are used up when it fails). */
export const isLastAttempt = (job: Pick<Job, "attemptsMade" | "opts">) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * Starts the BullMQ worker of one queue. Each job's payload is checked against its registered
 * schema on receipt; a job the registry does not know, or a payload that does not match, fails
 * at once without retries (no attempt could ever succeed).
 */
export function startConsumer<Q extends QueueName>(
  queue: Q,
  consumer: Consumer<Q>,
  connection: ConnectionOptions,
  /** Beats for each running job (the reconciler's sign of life, ADR 0047). */
  heartbeats?: JobHeartbeats,
): StartedConsumer {
  const log = consumer.log ?? ((message: string) => console.error(message));
  const handlers = consumer.handlers as Record<string, JobHandler<RegisteredJob>>;
  const worker = new Worker(
    queue,
    async (job, _token, signal) => {
      const definition = findJob(queue, job.name);
      const handler = handlers[job.name];
      if (!definition || !handler) throw new UnrecoverableError(`unknown ${queue} job ${job.name}`);
      const parsed = definition.schema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`invalid ${job.name} payload: ${parsed.error.message}`);
      // The job runs in the context of the request that asked for it: its logs and render calls carry the id.
      const given = (job.data as Record<string, unknown>)[REQUEST_ID_FIELD];
      const requestId = typeof given === "string" ? given : `job-${queue}-${job.id}`;
      return runWithRequestId(requestId, async () => {
        jobLogger.info({ queue, job: job.name, jobId: job.id, attempt: job.attemptsMade + 1 }, "job started");
        if (job.id) heartbeats?.start(queue, job.id);
        try {
          const result = await handler(parsed.data as JobData<RegisteredJob>, job, signal);
          jobLogger.info({ queue, job: job.name, jobId: job.id }, "job done");
          return result;
        } finally {
          if (job.id) heartbeats?.stop(job.id);
        }
      });
    },
    { concurrency: 1, ...consumer.options, connection },
  );
  worker.on("failed", (job, error) => {
    log(`${queue} job ${job?.name} (${job?.id}) failed (attempt ${job?.attemptsMade ?? "?"}): ${error.message}`);
    if (job) consumer.onFailed?.(job, error);
  });
  worker.on("error", (error) => log(`${queue} worker error: ${error.message}`));
  return {
    worker,
    async close() {
      await worker.close();
      await consumer.close?.();
    },
  };
}
