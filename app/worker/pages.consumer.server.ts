import type { ConnectionOptions } from "bullmq";
import { type Consumer, isLastAttempt, startConsumer } from "#app/jobs/consumer.server";
import { type PageOperationDeps, runPageOperation } from "#app/page-operations/run-operation.server";
import { cancellableRuns } from "./cancellable.server.ts";

type PagesConsumerOptions = { redisUrl: string; deps: PageOperationDeps; concurrency: number };

/**
 * The pages queue's consumer (issue 12): page operations, several ePapers at once, each
 * cancellable. Short locks: an operation of a worker that died is taken up again within seconds
 * and resumes from the drafts already stored.
 */
export async function createPagesConsumer(options: PagesConsumerOptions): Promise<Consumer<"pages">> {
  const runs = await cancellableRuns(options.redisUrl);
  return {
    handlers: {
      "page-operation": (data, job, signal) =>
        runs.run(data.epaperId, signal, (cancel) => runPageOperation(options.deps, data, cancel, { lastAttempt: isLastAttempt(job) })),
    },
    options: { concurrency: options.concurrency, lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 3 },
    close: runs.close,
    log: options.deps.log,
  };
}

export async function startPagesWorker(options: PagesConsumerOptions & { connection: ConnectionOptions }) {
  return startConsumer("pages", await createPagesConsumer(options), options.connection);
}
