/**
 * The development mail catcher: a real SMTP server on the port of SMTP_URL that keeps every mail
 * as a JSON file under MAIL_CATCHER_DIR (default <DATA_DIR>/mails) and prints recipient, subject
 * and the first link, so that signup and password mails work on a machine without a mail
 * server. `npm start` runs it when SMTP_URL is not set outside production (server/run-all.ts);
 * the e2e run reads its files (tests/e2e/support/mailbox.ts). Never for production: it delivers
 * nothing.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startSmtpInbox } from "./smtp-inbox.ts";

const smtpUrl = new URL(process.env.SMTP_URL ?? "smtp://127.0.0.1:1025");
const dir = process.env.MAIL_CATCHER_DIR ?? join(process.env.DATA_DIR ?? "data", "mails");
// A run starts with an empty folder: mails of an earlier run would only confuse a reader.
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

let count = 0;
const inbox = await startSmtpInbox({
  port: Number(smtpUrl.port || 25),
  onMail(mail) {
    count += 1;
    const { subject, text, html, envelopeTo, messageId } = mail;
    // Written whole, then named: a reader listing *.json never meets a half-written mail.
    const file = join(dir, `${Date.now()}-${String(count).padStart(5, "0")}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify({ to: envelopeTo, subject, text, html, messageId }));
    renameSync(`${file}.tmp`, file);
    const link = text?.match(/https?:\/\/\S+/)?.[0];
    console.log(`mail to ${envelopeTo.join(", ")}: ${subject}${link ? ` — ${link}` : ""}`);
  },
});
console.log(`mail catcher on smtp://127.0.0.1:${inbox.port}, keeping mails in ${dir}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void inbox.close().then(() => process.exit(0)));
