import { z } from "zod";
import { defineJob, type JobData, KEEP_JOBS } from "./define.ts";

/** One render of an ePaper (architecture.md "The main job", step 3). */
export const RenderJob = defineJob({
  queue: "render",
  name: "render-epaper",
  schema: z.object({ epaperId: z.string().min(1), renderProcessId: z.string().min(1), revision: z.number().int().min(1) }),
  /** Derived from the ePaper and its render revision: a double submit never renders twice. */
  jobId: (data) => `render-${data.epaperId}-r${data.revision}`,
  options: { attempts: 3, backoff: { type: "exponential", delay: 5_000 }, ...KEEP_JOBS },
});

export type RenderJobData = JobData<typeof RenderJob>;

/**
 * OCR of an ePaper's pages that have no text in the PDF (issue 47, ADR 0066), after its render
 * or a page operation. One per ePaper at a time (its id); it reads whatever pages wait then.
 */
export const RecognizeJob = defineJob({
  // Its own queue and consumers: long OCR runs never take the slots renders start from (ADR 0066).
  queue: "ocr",
  name: "recognize-pages",
  schema: z.object({ epaperId: z.string().min(1) }),
  jobId: (data) => `ocr-${data.epaperId}`,
  options: { attempts: 3, backoff: { type: "exponential", delay: 10_000 }, ...KEEP_JOBS },
});

/** Cancel requests travel on this Redis channel to whichever worker holds the job. */
export const RENDER_CANCEL_CHANNEL = "render:cancel";
