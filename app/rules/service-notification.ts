import { z } from "zod";

/*
 * The service notification (studio-core.md §7 'service notification'; issue 30; ADR 0051): a short
 * plain text support sends to everyone signed in, shown as a message in every open studio tab.
 * The rules the support dialog and the server share; each message is a translation key, read
 * with SERVICE_NOTIFICATION_TEXT as its parameters.
 */

/** Long enough for 'the studio restarts at 22:00, save your work', short enough for a message. */
export const SERVICE_NOTIFICATION_TEXT = { min: 3, max: 300 } as const;
/** The message's tone (the toast's colour and live region): information, good news, a warning. */
export const SERVICE_NOTIFICATION_LEVELS = ["info", "success", "error"] as const;
export type ServiceNotificationLevel = (typeof SERVICE_NOTIFICATION_LEVELS)[number];

/** A tag, a comment or a character reference: the message is plain text and shown as written. */
const MARKUP = /<[a-z/!?]|&#?[a-z0-9]+;/i;

/** The text as it is sent: one line, runs of white space as one space, no control characters. */
export function normalizeNotificationText(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/\p{Cc}/gu, "")
    .trim();
}

export const ServiceNotificationSchema = z.object({
  text: z
    .string()
    .transform(normalizeNotificationText)
    .pipe(
      z
        .string()
        .min(SERVICE_NOTIFICATION_TEXT.min, "serviceNotification.errors.tooShort")
        .max(SERVICE_NOTIFICATION_TEXT.max, "serviceNotification.errors.tooLong")
        .refine((text) => !MARKUP.test(text), "serviceNotification.errors.plainText"),
    ),
  level: z.enum(SERVICE_NOTIFICATION_LEVELS, { error: "serviceNotification.errors.level" }),
});
export type ServiceNotification = z.output<typeof ServiceNotificationSchema>;
