import { type Job, UnrecoverableError } from "bullmq";
import { EmailJob, type EmailJobData } from "#app/jobs/email";
import {
  type DeliveryOutcome,
  EmailDeliveryError,
  type EmailDeliveryDeps,
  deliverEmailJob,
  recordFinalFailure,
} from "./send-email.server.ts";

/** The fields of a BullMQ job the processor reads (tests pass plain objects). */
export type EmailJobLike = Pick<Job<EmailJobData>, "data" | "attemptsMade" | "opts">;

/**
 * The `email` queue's processor. Each attempt is recorded on the email_job row by
 * deliverEmailJob; a failure is thrown so BullMQ retries with back-off (EmailJob.options).
 * Permanent failures (the server refused the recipient, the row or its template is broken)
 * become UnrecoverableError: retrying cannot help. On the last attempt the row's error says
 * that the worker gave up.
 */
export function createEmailProcessor(deps: EmailDeliveryDeps) {
  return async function processEmailJob(job: EmailJobLike): Promise<DeliveryOutcome> {
    const { emailJobId, resend } = EmailJob.schema.parse(job.data);
    try {
      return await deliverEmailJob(deps, emailJobId, { resend });
    } catch (error) {
      const permanent = error instanceof EmailDeliveryError && error.permanent;
      const attempt = job.attemptsMade + 1;
      if (permanent || attempt >= (job.opts.attempts ?? 1)) await recordFinalFailure(deps.db, emailJobId, attempt, error);
      if (permanent) throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
      throw error;
    }
  };
}
