import { z } from "zod";

/** The `email` queue (architecture.md "Queues"): one job per delivery of an email_job row. */
export const EMAIL_QUEUE = "email";

export const EmailJob = {
  name: "deliver-email",
  /** Ids only: the recipient, texts and links stay in the email_job row, never in Redis. */
  schema: z.object({
    emailJobId: z.string().min(1),
    /** Deliver again even though the row was already sent or sandboxed (support's resend button). */
    resend: z.boolean().optional(),
  }),
  /**
   * Derived from the email_job row: queueing the same row twice adds one job. A resend is
   * keyed by the attempts made so far, so a double click on "resend" still adds only one.
   * NOTE: BullMQ ids must not be all digits nor contain ':' (cuid2 ids are neither).
   */
  jobId: (emailJobId: string, resendAfterAttempts?: number) =>
    resendAfterAttempts === undefined ? `email-${emailJobId}` : `email-${emailJobId}-resend-${resendAfterAttempts}`,
  /** Retries at about 1, 2, 4 and 8 minutes: a short SMTP outage costs no mail. */
  options: {
    attempts: 5,
    backoff: { type: "exponential", delay: 60_000 },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
} as const;

export type EmailJobData = z.infer<typeof EmailJob.schema>;
