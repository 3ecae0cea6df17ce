import { type ConnectionOptions, UnrecoverableError, Worker } from "bullmq";
import { Redis } from "ioredis";
import { RENDER_CANCEL_CHANNEL, RENDER_QUEUE } from "#app/jobs/render";
import { RenderCancelled, type RenderDeps, type RenderJobData, renderEpaper } from "./render-job.server.ts";
import type { WorkerMetrics } from "./render-metrics.server.ts";

/**
 * The render queue's consumer. Several documents run at once (they share the farm's slots);
 * each job listens for its cancel on Redis. Locks are short so a job of a worker that died is
 * picked up again within seconds, and it resumes from the pages already stored.
 */
export async function startRenderWorker(options: {
  connection: ConnectionOptions;
  redisUrl: string;
  deps: RenderDeps;
  concurrency: number;
  metrics?: WorkerMetrics;
}) {
  const running = new Map<string, AbortController>();
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  await subscriber.subscribe(RENDER_CANCEL_CHANNEL);
  subscriber.on("message", (_channel, epaperId: string) => running.get(epaperId)?.abort(new RenderCancelled("cancelled by the user")));

  const worker = new Worker<RenderJobData>(
    RENDER_QUEUE,
    async (job, _token, signal) => {
      const controller = new AbortController();
      const onWorkerAbort = () => controller.abort(signal?.reason);
      signal?.addEventListener("abort", onWorkerAbort, { once: true });
      running.set(job.data.epaperId, controller);
      try {
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        const outcome = await renderEpaper(options.deps, job.data, controller.signal, { lastAttempt });
        options.metrics?.documentEnded(outcome);
        return outcome;
      } catch (error) {
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) options.metrics?.documentEnded("error");
        throw error instanceof RenderCancelled ? new UnrecoverableError(error.message) : error;
      } finally {
        signal?.removeEventListener("abort", onWorkerAbort);
        if (running.get(job.data.epaperId) === controller) running.delete(job.data.epaperId);
      }
    },
    {
      connection: options.connection,
      concurrency: options.concurrency,
      lockDuration: 15_000,
      stalledInterval: 5_000,
      maxStalledCount: 3,
    },
  );
  worker.on("failed", (job, error) => options.deps.log(`render job ${job?.id} failed: ${error.message}`));
  worker.on("error", (error) => options.deps.log(`render worker error: ${error.message}`));
  return {
    worker,
    async close() {
      await worker.close();
      subscriber.disconnect();
    },
  };
}
