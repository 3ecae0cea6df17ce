import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the local SMTP server received it, with its MIME parts decoded. */
export type ReceivedMail = {
  /** SMTP envelope: MAIL FROM and RCPT TO. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header values by lower-case name (first occurrence), encoded words decoded. */
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string | undefined;
  html: string | undefined;
  raw: string;
};

export type SmtpInbox = {
  port: number;
  /** For nodemailer: smtp://127.0.0.1:<port> */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or arriving) that matches. */
  waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on a random local port that keeps what it receives. Recipients for which
 * `rejectRecipient` returns true are refused with 550, as a real server refuses an unknown user.
 */
export async function startSmtpInbox(
  options: { rejectRecipient?: (address: string) => boolean; port?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    // Plain SMTP: the built-in test certificate would make nodemailer's STARTTLS fail.
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address.address)) {
        const error = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), {
          responseCode: 550,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom;
        const mail = {
          ...parseMessage(raw),
          envelopeFrom: from ? from.address : "",
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        };
        mails.push(mail);
        options.onMail?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return false;
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${mails.length})`));
        }, timeoutMs);
        const wake = () => void check();
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const end = raw.indexOf("\r\n\r\n");
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end + 4);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then keep the first value of each header.
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const input = value.replace(/=\r?\n/g, "");
  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    const hex = input.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return part.body;
}

function leafParts(part: Part): Part[] {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith("--"))
    .flatMap((section) => leafParts(splitPart(section.replace(/^\r\n/, "").replace(/\r\n$/, ""))));
}

function parseMessage(raw: string) {
  const message = splitPart(raw);
  const leaves = leafParts(message);
  const body = (mime: string) => {
    const leaf = leaves.find((part) => (part.headers.get("content-type") ?? "text/plain").toLowerCase().startsWith(mime));
    return leaf ? decodeBody(leaf) : undefined;
  };
  return {
    headers: message.headers,
    subject: message.headers.get("subject") ?? "",
    messageId: message.headers.get("message-id") ?? "",
    text: body("text/plain"),
    html: body("text/html"),
  };
}
