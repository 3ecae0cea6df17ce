import { type Job, UnrecoverableError } from "bullmq";
import { createTransport } from "nodemailer";
import {
  type DeliveryOutcome,
  EmailDeliveryError,
  type EmailDeliveryDeps,
  type MailTransport,
  deliverEmailJob,
  recordFinalFailure,
} from "#app/email/send-email.server";
import { type Consumer, isLastAttempt, startConsumer } from "#app/jobs/consumer.server";
import type { EmailJobData } from "#app/jobs/email";
import type { Env } from "#app/utils/env.server";
import type { Database } from "#db/client";
import type { ConnectionOptions } from "bullmq";

/**
 * A nodemailer SMTP transport for SMTP_URL. Timeouts are shorter than nodemailer's defaults
 * (minutes), so a dead server fails the attempt and the queue's back-off takes over.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  return createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
}

/** Delivery dependencies from the validated environment (SMTP_URL, MAIL_FROM). */
export function emailDeliveryDepsFromEnv(env: Pick<Env, "SMTP_URL" | "MAIL_FROM">, services: { db: Database }): EmailDeliveryDeps {
  return { db: services.db, transport: createMailTransport(env.SMTP_URL), from: env.MAIL_FROM };
}

/** The fields of a BullMQ job the processor reads (tests pass plain objects). */
export type EmailJobLike = Pick<Job, "attemptsMade" | "opts"> & { data: EmailJobData };

/**
 * Delivers one email_job row. Each attempt is recorded on the row by deliverEmailJob; a failure
 * is thrown so BullMQ retries with back-off (EmailJob.options). Permanent failures (the server
 * refused the recipient, the row or its template is broken) become UnrecoverableError: retrying
 * cannot help. On the last attempt the row's error says that the worker gave up.
 */
export function createEmailProcessor(deps: EmailDeliveryDeps) {
  return async function processEmailJob(job: EmailJobLike): Promise<DeliveryOutcome> {
    const { data } = job;
    const { emailJobId } = data;
    try {
      return await deliverEmailJob(deps, emailJobId, { resend: data.resendAfterAttempts !== undefined });
    } catch (error) {
      const permanent = error instanceof EmailDeliveryError && error.permanent;
      const attempt = job.attemptsMade + 1;
      if (permanent || isLastAttempt(job)) await recordFinalFailure(deps.db, emailJobId, attempt, error);
      if (permanent) throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
      throw error;
    }
  };
}

/** The `email` queue's consumer. `concurrency`: mails sent at once; SMTP servers limit parallel connections per client. */
export function createEmailConsumer(options: {
  deps: EmailDeliveryDeps;
  concurrency?: number;
  log?: (message: string) => void;
}): Consumer<"email"> {
  const process = createEmailProcessor(options.deps);
  return {
    handlers: { "deliver-email": (data, job) => process({ data, attemptsMade: job.attemptsMade, opts: job.opts }) },
    options: { concurrency: options.concurrency ?? 4 },
    close: () => options.deps.transport.close?.(),
    log: options.log,
  };
}

export function startEmailWorker(options: Parameters<typeof createEmailConsumer>[0] & { connection: ConnectionOptions }) {
  return startConsumer("email", createEmailConsumer(options), options.connection);
}
