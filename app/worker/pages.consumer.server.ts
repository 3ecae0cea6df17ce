import { type ConnectionOptions, UnrecoverableError } from "bullmq";
import { Redis } from "ioredis";
import { type Consumer, isLastAttempt, startConsumer } from "#app/jobs/consumer.server";
import { RENDER_CANCEL_CHANNEL } from "#app/jobs/render";
import { type PageOperationDeps, runPageOperation } from "#app/page-operations/run-operation.server";
import { RenderCancelled } from "#app/render/render-types.server";

type PagesConsumerOptions = { redisUrl: string; deps: PageOperationDeps; concurrency: number };

/**
 * The pages queue's consumer (issue 12): page operations, several ePapers at once. A cancel
 * reaches the running operation on the render cancel channel (one process runs per ePaper, so an
 * ePaper's id names exactly one job). Short locks: an operation of a worker that died is taken up
 * again within seconds and resumes from the drafts already stored.
 */
export async function createPagesConsumer(options: PagesConsumerOptions): Promise<Consumer<"pages">> {
  const running = new Map<string, AbortController>();
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  await subscriber.subscribe(RENDER_CANCEL_CHANNEL);
  subscriber.on("message", (_channel, epaperId: string) => running.get(epaperId)?.abort(new RenderCancelled("cancelled by the user")));
  return {
    handlers: {
      "page-operation": async (data, job, signal) => {
        const controller = new AbortController();
        const onWorkerAbort = () => controller.abort(signal?.reason);
        signal?.addEventListener("abort", onWorkerAbort, { once: true });
        running.set(data.epaperId, controller);
        try {
          return await runPageOperation(options.deps, data, controller.signal, { lastAttempt: isLastAttempt(job) });
        } catch (error) {
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

export async function startPagesWorker(options: PagesConsumerOptions & { connection: ConnectionOptions }) {
  return startConsumer("pages", await createPagesConsumer(options), options.connection);
}
