import { type ConnectionOptions, Worker } from "bullmq";
import { PUBLISH_QUEUE, type PublishJobData } from "#app/jobs/publish";
import { failPublishJob, type PublishJobDeps, runPublishJob } from "./publish-job.server.ts";

/**
 * The publish queue's consumer. A job that throws is retried with back-off. Once it has failed
 * for good (its last attempt, or stalled too often because its worker died), the ePaper is
 * released with 'publishing failed' and a charged zip unit comes back (failPublishJob, which
 * does nothing if the process is no longer the job's).
 */
export function startPublishWorker(options: { connection: ConnectionOptions; deps: PublishJobDeps; concurrency?: number }) {
  const worker = new Worker<PublishJobData>(PUBLISH_QUEUE, async (job) => runPublishJob(options.deps, job.data), {
    connection: options.connection,
    concurrency: options.concurrency ?? 2,
    lockDuration: 60_000,
    maxStalledCount: 2,
  });
  worker.on("failed", (job, error) => {
    options.deps.log(`publish job ${job?.id} failed: ${error.message}`);
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled/i.test(error.message);
    if (final)
      failPublishJob(options.deps, job.data, "failed").catch((cause: Error) =>
        options.deps.log(`releasing ${job.data.epaperId} after a failed publish: ${cause.message}`),
      );
  });
  worker.on("error", (error) => options.deps.log(`publish worker error: ${error.message}`));
  return worker;
}
