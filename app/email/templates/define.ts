import { z } from "zod";
import type { EMAIL_CONFIGS } from "#db/seed-data";
import type { Locale } from "#app/utils/i18n";
import type { EmailContent } from "../layout.ts";

/** A user's notification setting (user_email_config) that can switch a mail type off. */
export type EmailConfigName = (typeof EMAIL_CONFIGS)[number];

/** Absolute links only: a mail is read outside the studio, and only http(s) may be a link. */
export const httpUrl = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" });
/** Names typed by users (ePaper, channel, account): short enough for a subject line. */
export const displayName = z.string().trim().min(1).max(250);

/** Every template greets by name (when known) and links the studio in its footer. */
export const layoutVariables = z.object({
  studioUrl: httpUrl,
  firstName: z.string().trim().max(250).optional(),
  lastName: z.string().trim().max(250).optional(),
});

/** Hours a token link stays valid; said in the mail when the caller passes it. */
export const validHours = z
  .number()
  .int()
  .positive()
  .max(24 * 90)
  .optional();

export type TemplateDefinition<S extends z.ZodObject> = {
  /** The template's variables: checked when a mail is queued and again when it is delivered. */
  variables: S;
  /**
   * The variables that are secrets (a one-time link, an unsubscribe link, a preview link): sealed
   * at rest, opened only to deliver the mail, redacted in support's tables and in logs (issue 44).
   * Every template says it, if only `[]`.
   */
  secret: readonly (keyof z.output<S> & string)[];
  /** Set for notifications a user can switch off (studio-core.md: email notification config). */
  emailConfig?: EmailConfigName;
  content: Record<Locale, (variables: z.output<S>) => EmailContent>;
};

/** Keeps the variables' type attached to the texts, so a text can only use declared variables. */
export function defineTemplate<S extends z.ZodObject>(definition: TemplateDefinition<S>): TemplateDefinition<S> {
  return definition;
}

/** "The link is valid for 24 hours." in the mail's language, or nothing when not known. */
export function validityNote(locale: Locale, hours: number | undefined): string[] {
  if (hours === undefined) return [];
  if (locale === "de") return [`Der Link ist ${hours} ${hours === 1 ? "Stunde" : "Stunden"} gültig und kann nur einmal verwendet werden.`];
  return [`The link is valid for ${hours} ${hours === 1 ? "hour" : "hours"} and can be used only once.`];
}
