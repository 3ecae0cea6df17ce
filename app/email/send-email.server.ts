import { createId } from "@paralleldrive/cuid2";
import { z } from "zod";
import type { Database } from "#db/client";
import { EmailJob } from "#app/jobs/email";
import { enqueue, type JobQueue } from "#app/jobs/queues.server";
import { findPreferenceValue } from "#app/preferences/system-preference.server";
import { getEnv } from "#app/utils/env.server";
import type { Locale } from "#app/utils/i18n";
import { openVariables, sealingSecrets, sealVariables, splitSecretVariables } from "./sealed-variables.server.ts";
import {
  EmailTemplateError,
  type EmailType,
  type EmailVariables,
  emailConfigOf,
  parseEmailVariables,
  renderStoredEmail,
  secretVariablesOf,
} from "./templates.ts";

/** The `email` queue (queues.email in the studio), or a recording double in tests. */
export type EmailQueue = JobQueue;

/** One outgoing message, as handed to the transport. */
export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  list?: { unsubscribe: string };
};

/** The part of a nodemailer transport delivery uses (`createMailTransport` returns one). */
export type MailTransport = {
  sendMail(mail: OutgoingMail): Promise<{ messageId?: string }>;
  close?(): void;
};

/**
 * What the e-mail functions need. Producers (studio actions) need db and queue; the worker
 * needs db, transport and from. One object can serve both.
 */
export type EmailDeps = { db: Database; queue: EmailQueue; transport: MailTransport; from: string };
export type EmailQueueDeps = Pick<EmailDeps, "db" | "queue">;
export type EmailDeliveryDeps = Pick<EmailDeps, "db" | "transport" | "from">;

const recipient = z.email().max(254);

export type QueueEmailRequest<T extends EmailType> = {
  to: string;
  type: T;
  /** The recipient's e-mail language (user.emailLanguage). */
  locale: Locale;
  variables: EmailVariables<T>;
  /** The user the mail is about; lets support find it and lets the user switch notifications off. */
  userId?: string | null;
};

export type QueueEmailResult = { queued: true; emailJobId: string } | { queued: false; reason: "notification-off" };

/**
 * Records one mail as an email_job row (attempts 0) and adds its delivery to the `email` queue.
 * Notifications (epaperReady, zipReady, channelPublicationReady) the user switched off are not
 * recorded at all. Variables are checked here, so a wrong call fails in the caller, not later
 * in the worker. Call it after the caller's transaction committed: the worker reads the row.
 * If Redis is down the row stays with attempts 0 and the error is thrown; support can resend it.
 */
export async function queueEmail<T extends EmailType>(deps: EmailQueueDeps, request: QueueEmailRequest<T>): Promise<QueueEmailResult> {
  const to = recipient.parse(request.to);
  const variables = parseEmailVariables(request.type, request.variables);
  const configName = emailConfigOf(request.type);
  let emailConfigId: number | null = null;
  if (configName) {
    const config = await deps.db.selectFrom("emailConfig").select("id").where("name", "=", configName).executeTakeFirst();
    emailConfigId = config?.id ?? null;
    if (config && request.userId) {
      const setting = await deps.db
        .selectFrom("userEmailConfig")
        .select("active")
        .where("userId", "=", request.userId)
        .where("emailConfigId", "=", config.id)
        .executeTakeFirst();
      // No row means the default: notifications are on until the user switches them off.
      if (setting && !setting.active) return { queued: false, reason: "notification-off" };
    }
  }
  const emailJobId = createId();
  // The secret variables (one-time links) are sealed: the row holds no usable link (issue 44).
  const { open, secret } = splitSecretVariables(variables, secretVariablesOf(request.type));
  await deps.db
    .insertInto("emailJob")
    .values({
      id: emailJobId,
      userId: request.userId ?? null,
      recipientEmail: to,
      type: request.type,
      emailConfigId,
      language: request.locale,
      templateVars: JSON.stringify(open),
      sealedVars: secret ? sealVariables(secret, mailSecrets()) : null,
      attempts: 0,
    })
    .execute();
  await enqueue(deps.queue, EmailJob, { emailJobId });
  return { queued: true, emailJobId };
}

/** The keys that seal and open a mail's secret variables (from SESSION_SECRET; see sealed-variables.server.ts). */
function mailSecrets(): string[] {
  return sealingSecrets(getEnv().SESSION_SECRET);
}

/**
 * A stored mail's whole variables, its sealed ones opened: for delivery only (and tests that
 * follow a mail's link as its recipient would). A row written before sealing (its secrets still
 * in template_vars) is sealed on the way, so no secret stays readable past its first delivery.
 * Throws EmailTemplateError when the sealed part cannot be opened (SESSION_SECRET rotated away).
 */
export async function readEmailJobVariables(db: Database, emailJobId: string): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom("emailJob")
    .select(["type", "templateVars", "sealedVars"])
    .where("id", "=", emailJobId)
    .executeTakeFirst();
  if (!row) throw new EmailDeliveryError(`email job ${emailJobId} does not exist`, true);
  return openStoredVariables(db, { id: emailJobId, ...row });
}

async function openStoredVariables(
  db: Database,
  row: { id: string; type: string; templateVars: unknown; sealedVars: string | null },
): Promise<Record<string, unknown>> {
  const stored = row.templateVars && typeof row.templateVars === "object" && !Array.isArray(row.templateVars) ? row.templateVars : {};
  const { open, secret: legacy } = splitSecretVariables(stored as Record<string, unknown>, secretVariablesOf(row.type));
  let sealed: Record<string, unknown> = {};
  if (row.sealedVars) {
    const opened = openVariables(row.sealedVars, mailSecrets());
    if (!opened) throw new EmailTemplateError("the sealed variables of this e-mail cannot be opened (the session secret changed)");
    sealed = opened;
  }
  if (legacy) {
    const merged = { ...legacy, ...sealed };
    await db
      .updateTable("emailJob")
      .set({ templateVars: JSON.stringify(open), sealedVars: sealVariables(merged, mailSecrets()) })
      .where("id", "=", row.id)
      .execute();
    return { ...open, ...merged };
  }
  return { ...open, ...sealed };
}

/**
 * Support's resend button (studio-admin.md: repeat-email-job {id}): delivers the row again,
 * even if it was sent or sandboxed before. Returns false when the row does not exist.
 */
export async function resendEmailJob(deps: EmailQueueDeps, emailJobId: string): Promise<boolean> {
  const row = await deps.db.selectFrom("emailJob").select("attempts").where("id", "=", emailJobId).executeTakeFirst();
  if (!row) return false;
  await enqueue(deps.queue, EmailJob, { emailJobId, resendAfterAttempts: row.attempts });
  return true;
}

/** The Email system preference (studio-admin.md: Email mailer.sandboxMode). Missing or malformed: deliver. */
export async function emailSandboxMode(db: Database): Promise<boolean> {
  const value = await findPreferenceValue(db, "Email");
  const mailer = value && typeof value === "object" && !Array.isArray(value) ? value.mailer : undefined;
  return Boolean(mailer && typeof mailer === "object" && !Array.isArray(mailer) && mailer.sandboxMode === true);
}

export type DeliveryOutcome =
  | { status: "sent"; messageId: string }
  /** Sandbox mode: recorded as handled (sandboxed, no message id), nothing left the studio. */
  | { status: "sandboxed" }
  /** The row was already sent or sandboxed and this is not a resend: a retried or duplicate job. */
  | { status: "skipped" };

/** A delivery that failed; `permanent` failures are not worth retrying (the worker gives up at once). */
export class EmailDeliveryError extends Error {
  override name = "EmailDeliveryError";
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const MAX_ERROR_LENGTH = 2000;

/** The error text stored in email_job.mailer_error (support sees it in the e-mail jobs table). */
export function describeMailError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = error && typeof error === "object" && "code" in error && typeof error.code === "string" ? error.code : undefined;
  const text = code && !message.includes(code) ? `${code}: ${message}` : message;
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/**
 * The server refused this message or its recipient for good (5xx on the envelope or the
 * message). Connection problems, timeouts, 4xx and login failures are retried: they pass.
 */
function isPermanentSmtpError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return (code === "EENVELOPE" || code === "EMESSAGE") && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
}

async function recordFailure(db: Database, emailJobId: string, message: string) {
  await db
    .updateTable("emailJob")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), mailerError: message }))
    .where("id", "=", emailJobId)
    .execute();
}

/**
 * Delivers one email_job row: renders its template in its language, sends it (or, in sandbox
 * mode, only records it) and records the attempt on the row: attempts + 1, and the message id
 * and sent time, or the error. Throws EmailDeliveryError when the mail did not go out.
 * A row already sent or sandboxed is skipped unless `resend` is set, so a retried job never
 * sends twice after a recorded success.
 */
export async function deliverEmailJob(
  deps: EmailDeliveryDeps,
  emailJobId: string,
  options: { resend?: boolean } = {},
): Promise<DeliveryOutcome> {
  const row = await deps.db
    .selectFrom("emailJob")
    .select(["recipientEmail", "type", "language", "templateVars", "sealedVars", "sentAt", "sandboxed"])
    .where("id", "=", emailJobId)
    .executeTakeFirst();
  if (!row) throw new EmailDeliveryError(`email job ${emailJobId} does not exist`, true);
  if (!options.resend && (row.sentAt || row.sandboxed)) return { status: "skipped" };

  let rendered: ReturnType<typeof renderStoredEmail>;
  try {
    rendered = renderStoredEmail(row.type, row.language, await openStoredVariables(deps.db, { id: emailJobId, ...row }));
  } catch (error) {
    const message = describeMailError(error);
    await recordFailure(deps.db, emailJobId, message);
    throw new EmailDeliveryError(message, error instanceof EmailTemplateError, { cause: error });
  }

  if (await emailSandboxMode(deps.db)) {
    // Sandboxed: handled, but not sent (no message id, no sent time); support sees the flag.
    await deps.db
      .updateTable("emailJob")
      .set((eb) => ({ attempts: eb("attempts", "+", 1), sandboxed: true, mailerMessageId: null, mailerError: null, sentAt: null }))
      .where("id", "=", emailJobId)
      .execute();
    return { status: "sandboxed" };
  }

  let messageId: string;
  try {
    const info = await deps.transport.sendMail({
      from: deps.from,
      to: row.recipientEmail,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      // RFC 3834: no out-of-office replies to machine mail.
      headers: { "Auto-Submitted": "auto-generated" },
      ...(rendered.unsubscribeUrl ? { list: { unsubscribe: rendered.unsubscribeUrl } } : {}),
    });
    messageId = info.messageId ?? "";
  } catch (error) {
    const message = describeMailError(error);
    await recordFailure(deps.db, emailJobId, message);
    throw new EmailDeliveryError(message, isPermanentSmtpError(error), { cause: error });
  }

  await deps.db
    .updateTable("emailJob")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      mailerMessageId: messageId || null,
      mailerError: null,
      sandboxed: false,
      sentAt: new Date(),
      failedAt: null,
    }))
    .where("id", "=", emailJobId)
    .execute();
  return { status: "sent", messageId };
}

/** The worker gave up on a row: its error says so, for the support table's error style. */
export async function recordFinalFailure(db: Database, emailJobId: string, attempts: number, error: unknown): Promise<void> {
  const message = describeMailError(error);
  await db
    .updateTable("emailJob")
    .set({
      mailerError: describeMailError(`gave up after ${attempts} ${attempts === 1 ? "attempt" : "attempts"}: ${message}`),
      failedAt: new Date(),
    })
    .where("id", "=", emailJobId)
    .execute();
}
