import { z } from "zod";
import { defineJob, type JobData, KEEP_JOBS } from "./define.ts";

/** One delivery of an email_job row (architecture.md "Queues"). */
export const EmailJob = defineJob({
  queue: "email",
  name: "deliver-email",
  /** Ids only: the recipient, texts and links stay in the email_job row, never in Redis. */
  schema: z.object({
    emailJobId: z.string().min(1),
    /**
     * Support's resend button: deliver again even though the row was already sent or sandboxed.
     * The attempts the row had when resend was pressed key the job, so a double click adds one.
     */
    resendAfterAttempts: z.number().int().min(0).optional(),
  }),
  /** Derived from the email_job row: queueing the same row twice adds one job. */
  jobId: (data) =>
    data.resendAfterAttempts === undefined ? `email-${data.emailJobId}` : `email-${data.emailJobId}-resend-${data.resendAfterAttempts}`,
  /** Retries at about 1, 2, 4 and 8 minutes: a short SMTP outage costs no mail. */
  options: { attempts: 5, backoff: { type: "exponential", delay: 60_000 }, ...KEEP_JOBS },
});

export type EmailJobData = JobData<typeof EmailJob>;
