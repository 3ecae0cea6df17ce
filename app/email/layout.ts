import type { Locale } from "#app/utils/i18n";
import { escapeHtml } from "@ep/publisher/src/html-safe.ts";

/** The product name shown in every mail (the sender name comes from MAIL_FROM). */
export const PRODUCT_NAME = "ePaper Studio";

/**
 * A piece of running text; `strong` marks a name (ePaper, channel) to stand out in HTML; `link`
 * is a second, quieter link beside the button (the text part writes its address after the label).
 */
export type Inline = string | { strong: string } | { link: { label: string; url: string } };
/** One paragraph: a string, or several pieces joined without spaces. */
export type Paragraph = Inline | readonly Inline[];

/**
 * What a template says, as plain text: the layout turns it into HTML (escaping every piece)
 * and into the text part, so a template can never inject markup and both parts say the same.
 */
export type EmailContent = {
  subject: string;
  paragraphs: readonly Paragraph[];
  /** The one button of the mail; its URL is also written out for clients that hide buttons. */
  action?: { label: string; url: string };
  /** Smaller print after the button: validity, "ignore this mail if you did not ask". */
  notes?: readonly Paragraph[];
  /** Notification mails: a link that switches the notification off (deactivate-email route). */
  unsubscribe?: { label: string; url: string };
};

/** Names and links every template receives. */
export type LayoutVariables = { studioUrl: string; firstName?: string | undefined; lastName?: string | undefined };

export type RenderedEmail = {
  subject: string;
  html: string;
  text: string;
  /** For the List-Unsubscribe header of notification mails. */
  unsubscribeUrl?: string;
};

const WORDS = {
  de: {
    greeting: (name: string) => (name ? `Guten Tag ${name},` : "Guten Tag,"),
    buttonFallback: "Funktioniert die Schaltfläche nicht? Kopieren Sie diesen Link in die Adresszeile Ihres Browsers:",
    closing: "Mit freundlichen Grüßen",
    signature: "Ihr ePaper-Studio-Team",
    /** Around the product name, which links the studio. */
    sentBy: ["Diese E-Mail wurde automatisch vom ", " gesendet."],
  },
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    buttonFallback: "If the button does not work, copy this link into your browser's address bar:",
    closing: "Kind regards,",
    signature: `The ${PRODUCT_NAME} team`,
    sentBy: ["This e-mail was sent automatically by ", "."],
  },
} as const satisfies Record<Locale, unknown>;

function pieces(paragraph: Paragraph): readonly Inline[] {
  return typeof paragraph === "string" || !Array.isArray(paragraph) ? [paragraph as Inline] : paragraph;
}

function paragraphText(paragraph: Paragraph): string {
  return pieces(paragraph)
    .map((piece) => (typeof piece === "string" ? piece : "strong" in piece ? piece.strong : `${piece.link.label}: ${piece.link.url}`))
    .join("");
}

function paragraphHtml(paragraph: Paragraph): string {
  return pieces(paragraph)
    .map((piece) =>
      typeof piece === "string"
        ? escapeHtml(piece)
        : "strong" in piece
          ? `<strong>${escapeHtml(piece.strong)}</strong>`
          : `<a href="${escapeHtml(piece.link.url)}" style="color:#0f4c81;">${escapeHtml(piece.link.label)}</a>`,
    )
    .join("");
}

/** Header values must stay on one line whatever a variable holds. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

const FONT = "font-family:Arial,Helvetica,sans-serif;";
const P = `margin:0 0 16px;${FONT}font-size:15px;line-height:1.5;color:#1f2937;`;
const SMALL = `margin:0 0 12px;${FONT}font-size:13px;line-height:1.5;color:#6b7280;`;

/** Turns a template's content into the subject, the HTML part and the plain text part. */
export function renderLayout(locale: Locale, variables: LayoutVariables, content: EmailContent): RenderedEmail {
  const words = WORDS[locale];
  const name = oneLine([variables.firstName, variables.lastName].filter(Boolean).join(" "));
  const greeting = words.greeting(name);
  const subject = oneLine(content.subject);

  const text = [
    greeting,
    ...content.paragraphs.map(paragraphText),
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...(content.notes ?? []).map(paragraphText),
    `${words.closing}\n${words.signature}`,
    "--",
    `${words.sentBy[0]}${PRODUCT_NAME} (${variables.studioUrl})${words.sentBy[1]}`,
    ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.url}`] : []),
  ].join("\n\n");

  const action = content.action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px;"><tr>` +
      `<td style="border-radius:6px;background:#0f4c81;">` +
      `<a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;${FONT}font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(content.action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="${SMALL}">${escapeHtml(words.buttonFallback)}<br><a href="${escapeHtml(content.action.url)}" style="color:#0f4c81;word-break:break-all;">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const unsubscribe = content.unsubscribe
    ? `<p style="${SMALL}"><a href="${escapeHtml(content.unsubscribe.url)}" style="color:#6b7280;">${escapeHtml(content.unsubscribe.label)}</a></p>`
    : "";

  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:8px;"><tr><td style="padding:32px;">
<p style="${P}">${escapeHtml(greeting)}</p>
${content.paragraphs.map((paragraph) => `<p style="${P}">${paragraphHtml(paragraph)}</p>`).join("\n")}
${action}
${(content.notes ?? []).map((note) => `<p style="${SMALL}">${paragraphHtml(note)}</p>`).join("\n")}
<p style="${P}">${escapeHtml(words.closing)}<br>${escapeHtml(words.signature)}</p>
</td></tr></table>
<p style="${SMALL}padding-top:16px;">${escapeHtml(words.sentBy[0])}<a href="${escapeHtml(variables.studioUrl)}" style="color:#6b7280;">${escapeHtml(PRODUCT_NAME)}</a>${escapeHtml(words.sentBy[1])}</p>
${unsubscribe}
</td></tr></table>
</body>
</html>
`;
  return { subject, html, text, ...(content.unsubscribe ? { unsubscribeUrl: content.unsubscribe.url } : {}) };
}
