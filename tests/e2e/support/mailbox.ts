import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { E2E_DATA_DIR } from "./slot.ts";

/** Where the mail catcher (server/mail-catcher/main.ts) keeps the mails of the e2e run (serve.sh sets the same). */
export const MAIL_DIR = `${E2E_DATA_DIR}/mails`;

export type SinkMail = { to: string[]; subject: string; text: string | undefined; html: string | undefined; messageId: string };

function readMails(): SinkMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).filter((file) => file.endsWith(".json"));
  } catch {
    return [];
  }
  return files.sort().map((file) => JSON.parse(readFileSync(join(MAIL_DIR, file), "utf8")) as SinkMail);
}

/** Waits until a mail to `address` arrived over SMTP and returns it (the newest if several match). */
export async function waitForMail(address: string, options: { subject?: RegExp; timeoutMs?: number } = {}): Promise<SinkMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const found = readMails()
      .filter((mail) => mail.to.includes(address.toLowerCase()) || mail.to.includes(address))
      .filter((mail) => !options.subject || options.subject.test(mail.subject))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within the timeout`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link into the studio (a token link) in a mail's text part. */
export function linkIn(mail: SinkMail, pathPart: string): string {
  const match = (mail.text ?? "").match(new RegExp(`https?://[^\\s>"]*${pathPart}[^\\s>"]*`));
  if (!match) throw new Error(`no link containing ${pathPart} in mail '${mail.subject}'`);
  return match[0];
}
