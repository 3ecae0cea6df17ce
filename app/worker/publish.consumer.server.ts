import type { ConnectionOptions } from "bullmq";
import { type Consumer, startConsumer } from "#app/jobs/consumer.server";
import { PublishJob } from "#app/jobs/publish";
import { failPublishJob, type PublishJobDeps, runPublishJob } from "#app/publish/publish-job.server";
import { isServiceUnavailable } from "#app/utils/service-unavailable";

/**
 * The publish queue's consumer. A job that throws is retried with back-off. Once it has failed
 * for good (its last attempt, or stalled too often because its worker died), the ePaper is
 * released with 'publishing failed' and a charged zip unit comes back (failPublishJob, which
 * does nothing if the process is no longer the job's).
 */
export function createPublishConsumer(options: { deps: PublishJobDeps; concurrency?: number }): Consumer<"publish"> {
  const { deps } = options;
  return {
    handlers: { "publish-epaper": (data) => runPublishJob(deps, data) },
    options: { concurrency: options.concurrency ?? 2, lockDuration: 60_000, maxStalledCount: 2 },
    onFailed(job, error) {
      // attemptsMade already counts the failed attempt here.
      const final = job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled/i.test(error.message);
      const data = PublishJob.schema.safeParse(job.data);
      // The database or Redis away: the process stays, and the reconciler enqueues it again once they are back.
      if (!final || !data.success || isServiceUnavailable(error)) return;
      failPublishJob(deps, data.data, "failed").catch((cause: Error) =>
        deps.log(`releasing ${data.data.epaperId} after a failed publish: ${cause.message}`),
      );
    },
    log: deps.log,
  };
}

export function startPublishWorker(options: Parameters<typeof createPublishConsumer>[0] & { connection: ConnectionOptions }) {
  return startConsumer("publish", createPublishConsumer(options), options.connection);
}
