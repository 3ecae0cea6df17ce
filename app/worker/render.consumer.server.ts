import { type ConnectionOptions, UnrecoverableError } from "bullmq";
import { Redis } from "ioredis";
import { type Consumer, isLastAttempt, startConsumer } from "#app/jobs/consumer.server";
import { RENDER_CANCEL_CHANNEL } from "#app/jobs/render";
import { renderEpaper } from "#app/render/render-job.server";
import { RenderCancelled, type RenderDeps } from "#app/render/render-types.server";
import type { WorkerMetrics } from "#app/render/render-metrics.server";

type RenderConsumerOptions = { redisUrl: string; deps: RenderDeps; concurrency: number; metrics?: WorkerMetrics };

/**
 * The render queue's consumer. Several documents run at once (they share the farm's slots);
 * each job listens for its cancel on Redis. Locks are short so a job of a worker that died is
 * picked up again within seconds, and it resumes from the pages already stored.
 */
export async function createRenderConsumer(options: RenderConsumerOptions): Promise<Consumer<"render">> {
  const running = new Map<string, AbortController>();
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  await subscriber.subscribe(RENDER_CANCEL_CHANNEL);
  subscriber.on("message", (_channel, epaperId: string) => running.get(epaperId)?.abort(new RenderCancelled("cancelled by the user")));

  return {
    handlers: {
      "render-epaper": async (data, job, signal) => {
        const controller = new AbortController();
        const onWorkerAbort = () => controller.abort(signal?.reason);
        signal?.addEventListener("abort", onWorkerAbort, { once: true });
        running.set(data.epaperId, controller);
        try {
          const outcome = await renderEpaper(options.deps, data, controller.signal, { lastAttempt: isLastAttempt(job) });
          options.metrics?.documentEnded(outcome);
          return outcome;
        } catch (error) {
          if (isLastAttempt(job)) options.metrics?.documentEnded("error");
          throw error instanceof RenderCancelled ? new UnrecoverableError(error.message) : error;
        } finally {
          signal?.removeEventListener("abort", onWorkerAbort);
          if (running.get(data.epaperId) === controller) running.delete(data.epaperId);
        }
      },
    },
    options: { concurrency: options.concurrency, lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 3 },
    close: () => subscriber.disconnect(),
    log: options.deps.log,
  };
}

export async function startRenderWorker(options: RenderConsumerOptions & { connection: ConnectionOptions }) {
  return startConsumer("render", await createRenderConsumer(options), options.connection);
}
