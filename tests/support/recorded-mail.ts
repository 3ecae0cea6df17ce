import { deliverEmailJob, type EmailQueue } from "#app/email/send-email.server";
import { db } from "#app/utils/db.server";
import { createMailTransport } from "#app/worker/email.consumer.server";
import type { SmtpInbox } from "#server/mail-catcher/smtp-inbox";

/**
 * The `email` queue of a test that delivers mails itself, as the worker would: the jobs the code
 * under test queued are kept, and `deliverQueued` sends each through a real SMTP server (the mail
 * catcher's inbox).
 */
export function recordedMail() {
  const queuedJobs: string[] = [];
  const queue: EmailQueue = {
    add: async (_name, data) => {
      queuedJobs.push((data as { emailJobId: string }).emailJobId);
    },
  };
  async function deliverQueued(inbox: SmtpInbox) {
    const transport = createMailTransport(inbox.url);
    for (const id of queuedJobs.splice(0)) await deliverEmailJob({ db, transport, from: "ePaper Studio <no-reply@epaper.test>" }, id);
  }
  return { queue, queuedJobs, deliverQueued };
}
