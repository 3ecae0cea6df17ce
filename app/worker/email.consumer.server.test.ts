import { insertAccountWithUser } from "#tests/support/fixtures";
import { createId } from "@paralleldrive/cuid2";
import { Queue, QueueEvents, UnrecoverableError } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import { EmailJob, type EmailJobData } from "#app/jobs/email";
import { enqueue } from "#app/jobs/queues.server";
import { db } from "#app/utils/db.server";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { type SmtpInbox, startSmtpInbox } from "#server/mail-catcher/smtp-inbox";
import { createEmailProcessor, createMailTransport, startEmailWorker } from "#app/worker/email.consumer.server";
import { type EmailDeps, deliverEmailJob, queueEmail, readEmailJobVariables, resendEmailJob } from "#app/email/send-email.server";

// A Redis database of this file's own (the suite's is 15): flushed here without touching others.
const redisUrl = (() => {
  const url = new URL(TEST_REDIS_URL);
  url.pathname = "/13";
  return url.toString();
})();

const studioUrl = "http://localhost:3000";
const FROM = "ePaper Studio <no-reply@epaper.test>";

let inbox: SmtpInbox;
let connection: Redis;
let queue: Queue<EmailJobData>;
let deps: EmailDeps;
const accountIds: string[] = [];
const emailJobIds: string[] = [];

beforeAll(async () => {
  inbox = await startSmtpInbox({ rejectRecipient: (address) => address.startsWith("unknown-") });
  connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  await connection.flushdb();
  queue = new Queue<EmailJobData>(EmailJob.queue, { connection });
  deps = { db, queue, transport: createMailTransport(inbox.url), from: FROM };
});

afterAll(async () => {
  if (emailJobIds.length) await db.deleteFrom("emailJob").where("id", "in", emailJobIds).execute();
  if (accountIds.length) await db.deleteFrom("account").where("id", "in", accountIds).execute();
  await queue?.close();
  await connection?.flushdb();
  connection?.disconnect();
  await inbox?.close();
  await db.destroy();
});

async function insertUser(options: { firstname?: string; emailLanguage?: "de" | "en" } = {}) {
  const { accountId, userId, email } = await insertAccountWithUser(db, {
    emailDomain: "mail.test",
    user: { firstname: options.firstname ?? "Erika", lastname: "Müller", emailLanguage: options.emailLanguage ?? "de" },
  });
  accountIds.push(accountId);
  return { userId, email };
}

function findRow(id: string) {
  return db.selectFrom("emailJob").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** A job as BullMQ hands it to the processor, for calling the processor directly. */
function jobOf(data: EmailJobData, attemptsMade = 0) {
  return { data, attemptsMade, opts: { attempts: EmailJob.options.attempts } };
}

async function queued(request: Parameters<typeof queueEmail>[1]) {
  const result = await queueEmail(deps, request);
  if (!result.queued) throw new Error("expected the mail to be queued");
  emailJobIds.push(result.emailJobId);
  return result.emailJobId;
}

async function withSandbox<T>(run: () => Promise<T>): Promise<T> {
  const before = await db.selectFrom("systemPreference").select("json").where("name", "=", "Email").executeTakeFirstOrThrow();
  await db
    .updateTable("systemPreference")
    .set({ json: JSON.stringify({ mailer: { sandboxMode: true } }) })
    .where("name", "=", "Email")
    .execute();
  try {
    return await run();
  } finally {
    await db
      .updateTable("systemPreference")
      .set({ json: JSON.stringify(before.json) })
      .where("name", "=", "Email")
      .execute();
  }
}

test("a queued mail goes through the email queue and a real worker to the SMTP server, in German", async () => {
  const user = await insertUser();
  const link = `${studioUrl}/auth/signup/with/${createId()}`;
  const emailJobId = await queued({
    to: user.email,
    type: "signup",
    locale: "de",
    variables: { studioUrl, link, firstName: "Erika", lastName: "Müller", validHours: 24 },
    userId: user.userId,
  });

  const row = await findRow(emailJobId);
  expect(row).toMatchObject({
    userId: user.userId,
    recipientEmail: user.email,
    type: "signup",
    language: "de",
    attempts: 0,
    mailerMessageId: null,
    mailerError: null,
    sentAt: null,
  });
  // The link is sealed at rest (issue 44): the row shows the rest, the sender opens the whole.
  expect(row.templateVars).toEqual(expect.not.objectContaining({ link: expect.anything() }));
  expect(JSON.stringify(row)).not.toContain(link);
  expect(await readEmailJobVariables(db, emailJobId)).toMatchObject({ link, firstName: "Erika" });
  const job = await queue.getJob(EmailJob.jobId({ emailJobId }));
  expect(job?.data).toEqual({ emailJobId });
  expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: "exponential" } });

  // The same row queued twice (double submit) is one job.
  await enqueue(queue, EmailJob, { emailJobId });
  expect(await queue.getJobCounts("waiting")).toMatchObject({ waiting: 1 });

  const eventsConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const events = new QueueEvents(EmailJob.queue, { connection: eventsConnection });
  await events.waitUntilReady();
  const worker = startEmailWorker({ connection: workerConnection, deps, log: () => {} });
  try {
    expect(await job?.waitUntilFinished(events, 15_000)).toMatchObject({ status: "sent" });
  } finally {
    await worker.close();
    await events.close();
    eventsConnection.disconnect();
    workerConnection.disconnect();
  }

  const mail = await inbox.waitForMail((m) => m.envelopeTo.includes(user.email));
  expect(mail.envelopeTo).toEqual([user.email]);
  expect(mail.headers.get("to")).toBe(user.email);
  expect(mail.headers.get("from")).toBe(FROM);
  expect(mail.subject).toBe("Bitte bestätigen Sie Ihre Registrierung");
  expect(mail.headers.get("content-type")).toMatch(/^multipart\/alternative/);
  expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
  expect(mail.text).toContain("Guten Tag Erika Müller,");
  expect(mail.text).toContain(link);
  expect(mail.text).toContain("24 Stunden");
  expect(mail.html).toContain('<html lang="de">');
  expect(mail.html).toContain(`href="${link}"`);
  expect(mail.html).toContain("Registrierung bestätigen");

  const sent = await findRow(emailJobId);
  expect(sent.attempts).toBe(1);
  expect(sent.mailerError).toBeNull();
  expect(sent.sandboxed).toBe(false);
  expect(sent.sentAt).toBeInstanceOf(Date);
  expect(sent.mailerMessageId).toBe(mail.messageId);
  expect(sent.mailerMessageId).toMatch(/^<.+@epaper\.test>$/);
});

test("an English notification carries its e-mail config, English texts and an unsubscribe header", async () => {
  const user = await insertUser({ emailLanguage: "en" });
  const variables = {
    studioUrl,
    firstName: "Erika",
    epaperName: "Spring <catalogue> & more",
    link: `${studioUrl}/epaper-ready?epaperId=${createId()}`,
    unsubscribeLink: `${studioUrl}/deactivate-email/epaperReady/with/${createId()}`,
  };
  const emailJobId = await queued({ to: user.email, type: "epaperReady", locale: "en", variables, userId: user.userId });
  const config = await db.selectFrom("emailConfig").select("id").where("name", "=", "epaperReady").executeTakeFirstOrThrow();
  expect((await findRow(emailJobId)).emailConfigId).toBe(config.id);

  const outcome = await createEmailProcessor(deps)(jobOf({ emailJobId }));
  expect(outcome.status).toBe("sent");
  const mail = await inbox.waitForMail((m) => m.envelopeTo.includes(user.email));
  expect(mail.subject).toBe("Your ePaper “Spring <catalogue> & more” is ready");
  expect(mail.headers.get("list-unsubscribe")).toBe(`<${variables.unsubscribeLink}>`);
  expect(mail.text).toContain("Spring <catalogue> & more");
  expect(mail.html).toContain("Spring &lt;catalogue&gt; &amp; more");
  expect(mail.html).not.toContain("<catalogue>");
  expect(mail.html).toContain('<html lang="en">');

  // A retried job after the recorded success sends nothing again.
  const count = inbox.mails.length;
  expect(await deliverEmailJob(deps, emailJobId)).toEqual({ status: "skipped" });
  expect(inbox.mails.length).toBe(count);
  expect((await findRow(emailJobId)).attempts).toBe(1);
});

test("a notification the user switched off is not recorded or queued; others still are", async () => {
  const user = await insertUser();
  const zip = await db.selectFrom("emailConfig").select("id").where("name", "=", "zipReady").executeTakeFirstOrThrow();
  await db.insertInto("userEmailConfig").values({ id: createId(), userId: user.userId, emailConfigId: zip.id, active: false }).execute();
  const variables = {
    studioUrl,
    epaperName: "Katalog",
    link: `${studioUrl}/zip-ready`,
    unsubscribeLink: `${studioUrl}/deactivate-email/zipReady/with/x`,
  };
  expect(await queueEmail(deps, { to: user.email, type: "zipReady", locale: "de", variables, userId: user.userId })).toEqual({
    queued: false,
    reason: "notification-off",
  });
  expect(await db.selectFrom("emailJob").select("id").where("userId", "=", user.userId).execute()).toEqual([]);
  const other = await queueEmail(deps, { to: user.email, type: "epaperReady", locale: "de", variables, userId: user.userId });
  if (!other.queued) throw new Error("expected the epaperReady mail to be queued");
  emailJobIds.push(other.emailJobId);
});

test("in sandbox mode a mail is recorded as handled without being delivered", async () => {
  const user = await insertUser();
  const emailJobId = await queued({
    to: user.email,
    type: "passwordReset",
    locale: "en",
    variables: { studioUrl, link: `${studioUrl}/auth/password-reset/with/${createId()}` },
    userId: user.userId,
  });
  const before = inbox.mails.length;
  const outcome = await withSandbox(() => createEmailProcessor(deps)(jobOf({ emailJobId })));
  expect(outcome).toEqual({ status: "sandboxed" });

  const row = await findRow(emailJobId);
  expect(row).toMatchObject({ attempts: 1, sandboxed: true, mailerMessageId: null, mailerError: null, sentAt: null });
  // Give a stray delivery the time to arrive: nothing may reach the SMTP server.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(inbox.mails.length).toBe(before);
  expect(inbox.mails.some((m) => m.envelopeTo.includes(user.email))).toBe(false);

  // A retried job does not deliver it later either, once sandbox mode is off again.
  expect(await deliverEmailJob(deps, emailJobId)).toEqual({ status: "skipped" });
  expect(inbox.mails.length).toBe(before);
});

test("a recipient the SMTP server refuses: the error is recorded, attempts counted, and BullMQ does not retry", async () => {
  const to = `unknown-${createId()}@mail.test`;
  const emailJobId = await queued({ to, type: "testEmail", locale: "de", variables: { studioUrl } });

  const failure = createEmailProcessor(deps)(jobOf({ emailJobId }));
  await expect(failure).rejects.toBeInstanceOf(UnrecoverableError);
  await expect(failure).rejects.toThrow(/550/);

  const row = await findRow(emailJobId);
  expect(row.attempts).toBe(1);
  expect(row.mailerMessageId).toBeNull();
  expect(row.sentAt).toBeNull();
  expect(row.mailerError).toMatch(/^gave up after 1 attempt: .*550.*Recipient address rejected/);
  expect(inbox.mails.some((m) => m.envelopeTo.includes(to))).toBe(false);
});

test("an unreachable SMTP server is retried; the last attempt records that the worker gave up", async () => {
  const closed = await startSmtpInbox();
  await closed.close(); // its port now refuses connections
  const offline = { ...deps, transport: createMailTransport(closed.url) };
  const emailJobId = await queued({ to: `${createId()}@mail.test`, type: "testEmail", locale: "en", variables: { studioUrl } });
  const deliver = createEmailProcessor(offline);

  const first = deliver(jobOf({ emailJobId }, 0));
  await expect(first).rejects.toThrow();
  await expect(first).rejects.not.toBeInstanceOf(UnrecoverableError);
  let row = await findRow(emailJobId);
  expect(row.attempts).toBe(1);
  expect(row.mailerError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
  expect(row.mailerError).not.toMatch(/gave up/);

  await expect(deliver(jobOf({ emailJobId }, EmailJob.options.attempts - 1))).rejects.toThrow();
  row = await findRow(emailJobId);
  expect(row.attempts).toBe(2);
  expect(row.mailerError).toMatch(/^gave up after 5 attempts: /);

  // The server is back: the next delivery clears the error.
  expect((await createEmailProcessor(deps)(jobOf({ emailJobId }))).status).toBe("sent");
  row = await findRow(emailJobId);
  expect(row).toMatchObject({ attempts: 3, mailerError: null });
});

test("support's resend delivers a sent mail again under a new job id", async () => {
  const user = await insertUser();
  const emailJobId = await queued({
    to: user.email,
    type: "deleteAccount",
    locale: "de",
    variables: { studioUrl, link: `${studioUrl}/auth/delete-account/with/${createId()}`, accountName: "Müller Verlag" },
    userId: user.userId,
  });
  await createEmailProcessor(deps)(jobOf({ emailJobId }));
  expect(await resendEmailJob(deps, emailJobId)).toBe(true);
  const job = await queue.getJob(EmailJob.jobId({ emailJobId, resendAfterAttempts: 1 }));
  expect(job?.data).toEqual({ emailJobId, resendAfterAttempts: 1 });
  expect(await resendEmailJob(deps, createId())).toBe(false);

  if (!job) throw new Error("resend job missing");
  expect((await createEmailProcessor(deps)(jobOf(job.data))).status).toBe("sent");
  const mails = inbox.mails.filter((m) => m.envelopeTo.includes(user.email));
  expect(mails).toHaveLength(2);
  expect(mails[1]?.subject).toBe("Bestätigen Sie das Löschen Ihres Kontos");
  const row = await findRow(emailJobId);
  expect(row.attempts).toBe(2);
  expect(row.mailerMessageId).toBe(mails[1]?.messageId);
});

test("wrong calls fail at the caller, before anything is recorded", async () => {
  const to = `${createId()}@mail.test`;
  await expect(
    // @ts-expect-error the link is missing
    queueEmail(deps, { to, type: "signup", locale: "de", variables: { studioUrl } }),
  ).rejects.toThrow(/link/);
  await expect(queueEmail(deps, { to: "not-an-address", type: "testEmail", locale: "de", variables: { studioUrl } })).rejects.toThrow();
  expect(await db.selectFrom("emailJob").select("id").where("recipientEmail", "=", to).execute()).toEqual([]);
});
