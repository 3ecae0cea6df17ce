import type { ConnectionOptions } from "bullmq";
import { type Consumer, isLastAttempt, startConsumer } from "#app/jobs/consumer.server";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import { recognizeEpaper } from "#app/render/recognize.server";
import type { RenderDeps } from "#app/render/render-types.server";

type OcrConsumerOptions = { redisUrl: string; deps: RenderDeps; concurrency: number };

/**
 * The OCR queue's consumer (issue 47, ADR 0066): reads the scanned pages of one ePaper per job,
 * on its own queue so that long OCR runs never hold the render queue's slots. A deleted ePaper
 * ends its run; a published one is marked for republishing once pages got text.
 */
export async function createOcrConsumer(options: OcrConsumerOptions): Promise<Consumer<"ocr">> {
  return {
    handlers: {
      "recognize-pages": async (data, job, signal) => {
        const read = await recognizeEpaper(options.deps, data, signal ?? new AbortController().signal, { lastAttempt: isLastAttempt(job) });
        if (read > 0) await markRepublishingRequired(options.deps, data.epaperId);
        return read;
      },
    },
    options: { concurrency: options.concurrency, lockDuration: 30_000, stalledInterval: 10_000, maxStalledCount: 3 },
    log: options.deps.log,
  };
}

export async function startOcrWorker(options: OcrConsumerOptions & { connection: ConnectionOptions }) {
  return startConsumer("ocr", await createOcrConsumer(options), options.connection);
}
