import { type ConnectionOptions, Worker } from "bullmq";
import { createTransport } from "nodemailer";
import type { Database } from "#db/client";
import { EMAIL_QUEUE, type EmailJobData } from "#app/jobs/email";
import type { Env } from "#app/utils/env.server";
import { createEmailProcessor } from "./email.handler.server.ts";
import type { EmailDeliveryDeps, MailTransport } from "./send-email.server.ts";

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

/**
 * The `email` queue's consumer. Wire it in server/worker.ts:
 *   const email = startEmailWorker({ connection, deps: emailDeliveryDepsFromEnv(env, { db }) });
 *   onShutdown(() => email.close());
 */
export function startEmailWorker(options: {
  connection: ConnectionOptions;
  deps: EmailDeliveryDeps;
  /** Mails sent at once; SMTP servers limit parallel connections per client. */
  concurrency?: number;
  log?: (message: string) => void;
}) {
  const log = options.log ?? ((message: string) => console.error(message));
  const worker = new Worker<EmailJobData>(EMAIL_QUEUE, createEmailProcessor(options.deps), {
    connection: options.connection,
    concurrency: options.concurrency ?? 4,
  });
  worker.on("failed", (job, error) => log(`email job ${job?.id} failed (attempt ${job?.attemptsMade ?? "?"}): ${error.message}`));
  worker.on("error", (error) => log(`email worker error: ${error.message}`));
  return {
    worker,
    async close() {
      await worker.close();
      options.deps.transport.close?.();
    },
  };
}
