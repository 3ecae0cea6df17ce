import type { ConnectionOptions } from "bullmq";
import { type Consumer, isLastAttempt, startConsumer } from "#app/jobs/consumer.server";
import { renderEpaper } from "#app/render/render-job.server";
import type { RenderDeps } from "#app/render/render-types.server";
import { cancellableRuns } from "./cancellable.server.ts";
import type { WorkerMetrics } from "#app/render/render-metrics.server";

type RenderConsumerOptions = { redisUrl: string; deps: RenderDeps; concurrency: number; metrics?: WorkerMetrics };

/**
 * The render queue's consumer. Several documents run at once (they share the farm's slots);
 * each job listens for its cancel on Redis. Locks are short so a job of a worker that died is
 * picked up again within seconds, and it resumes from the pages already stored.
 */
export async function createRenderConsumer(options: RenderConsumerOptions): Promise<Consumer<"render">> {
  const runs = await cancellableRuns(options.redisUrl);
  return {
    handlers: {
      "render-epaper": (data, job, signal) =>
        runs.run(data.epaperId, signal, async (cancel) => {
          try {
            const outcome = await renderEpaper(options.deps, data, cancel, { lastAttempt: isLastAttempt(job) });
            options.metrics?.documentEnded(outcome);
            return outcome;
          } catch (error) {
            if (isLastAttempt(job)) options.metrics?.documentEnded("error");
            throw error;
          }
        }),
    },
    options: { concurrency: options.concurrency, lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 3 },
    close: runs.close,
    log: options.deps.log,
  };
}

export async function startRenderWorker(options: RenderConsumerOptions & { connection: ConnectionOptions }) {
  return startConsumer("render", await createRenderConsumer(options), options.connection);
}
