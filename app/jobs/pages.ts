import { z } from "zod";
import { defineJob, type JobData, KEEP_JOBS } from "./define.ts";

/**
 * One page operation of an ePaper (issue 12: insert, move, replace, delete): its parameters are
 * the page_operation row; only new pages go to the render farm. Cancels reach it on the render
 * cancel channel (RENDER_CANCEL_CHANNEL), as one process runs per ePaper.
 */
export const PageOperationJob = defineJob({
  queue: "pages",
  name: "page-operation",
  schema: z.object({ epaperId: z.string().min(1), operationId: z.string().min(1) }),
  /** The operation row's id: a double submit never runs an operation twice. */
  jobId: (data) => `pages-${data.operationId}`,
  options: { attempts: 3, backoff: { type: "exponential", delay: 3_000 }, ...KEEP_JOBS },
});

export type PageOperationJobData = JobData<typeof PageOperationJob>;
