import { UnrecoverableError } from "bullmq";
import { Redis } from "ioredis";
import { RENDER_CANCEL_CHANNEL } from "#app/jobs/render";
import { RenderCancelled } from "#app/render/render-types.server";

/**
 * The running ePaper jobs of one consumer that a cancel can reach (renders, page operations): a
 * cancel published on RENDER_CANCEL_CHANNEL with the ePaper's id aborts that ePaper's run (one
 * process runs per ePaper, so the id names one job). A cancelled run fails without retries.
 */
export async function cancellableRuns(redisUrl: string) {
  const running = new Map<string, AbortController>();
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  await subscriber.subscribe(RENDER_CANCEL_CHANNEL);
  subscriber.on("message", (_channel, epaperId: string) => running.get(epaperId)?.abort(new RenderCancelled("cancelled by the user")));
  return {
    /** Runs `work` for the ePaper with a signal that the worker's shutdown and a cancel both abort. */
    async run<T>(epaperId: string, workerSignal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      const controller = new AbortController();
      const onWorkerAbort = () => controller.abort(workerSignal?.reason);
      workerSignal?.addEventListener("abort", onWorkerAbort, { once: true });
      running.set(epaperId, controller);
      try {
        return await work(controller.signal);
      } catch (error) {
        throw error instanceof RenderCancelled ? new UnrecoverableError(error.message) : error;
      } finally {
        workerSignal?.removeEventListener("abort", onWorkerAbort);
        if (running.get(epaperId) === controller) running.delete(epaperId);
      }
    },
    close: () => subscriber.disconnect(),
  };
}
