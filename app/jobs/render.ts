/** The `render` queue (architecture.md "Queues"): one job per render of an ePaper. */
export const RENDER_QUEUE = "render";

export const RenderJob = {
  name: "render-epaper",
  /** Derived from the ePaper and its render revision: a double submit never renders twice. */
  jobId: (epaperId: string, revision: number) => `render-${epaperId}-r${revision}`,
  options: {
    attempts: 3,
    backoff: { type: "exponential", delay: 5_000 },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
} as const;

/** Cancel requests travel on this Redis channel to whichever worker holds the job. */
export const RENDER_CANCEL_CHANNEL = "render:cancel";
