/** The `publish` queue (architecture.md "Queues"): one job per publication of an ePaper. */
export const PUBLISH_QUEUE = "publish";

export type PublishType = "preview" | "zip";

export type PublishJobData = {
  epaperId: string;
  accountId: string;
  /** Who asked: gets the 'zip ready' mail. */
  userId: string;
  type: PublishType;
  /** One unit of the zip contingent was taken for this job: refunded if it finally fails. */
  charged: boolean;
  /** ISO time the process started (epaper.processStartedAt): a job only ever ends its own process. */
  startedAt: string;
};

/** A publishing process older than this has lost its job (worker gone, queue lost): it no longer blocks the ePaper. */
export const PUBLISH_STALE_MS = 15 * 60_000;

export const PublishJob = {
  name: "publish-epaper",
  /** Derived from the ePaper, the form and the process start: a double submit never publishes twice. */
  jobId: (epaperId: string, type: PublishType, startedAt: Date) => `publish-${epaperId}-${type}-${startedAt.getTime()}`,
  options: {
    attempts: 3,
    backoff: { type: "exponential", delay: 3_000 },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
} as const;

/**
 * A publishing process that has run far longer than any publish takes lost its job (a worker
 * that died twice, a queue that was lost): it no longer blocks the ePaper (ADR 0021).
 */
export function isStalePublishing(epaper: { processType: string | null; processStartedAt: Date | null }, now = new Date()) {
  return (
    (epaper.processType === "publishing_preview" || epaper.processType === "publishing_zip") &&
    epaper.processStartedAt !== null &&
    now.getTime() - epaper.processStartedAt.getTime() > PUBLISH_STALE_MS
  );
}
