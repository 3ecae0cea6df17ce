import type { z } from "zod";
import { isLocale, type Locale } from "#app/utils/i18n";
import { type EmailContent, type LayoutVariables, type RenderedEmail, renderLayout } from "./layout.ts";
import {
  deleteAccount,
  deleteUser,
  emailChangeApproval,
  emailChangeNotice,
  emailReset,
  generatedUserSignup,
  passwordReset,
  setPassword,
  signup,
} from "./templates/account.ts";
import type { EmailConfigName } from "./templates/define.ts";
import { channelPublicationReady, epaperReady, previewLinkGenerated, zipReady } from "./templates/publications.ts";
import { testEmail } from "./templates/system.ts";

export type { EmailConfigName } from "./templates/define.ts";
export { escapeHtml } from "@ep/publisher/src/html-safe.ts";
export type { RenderedEmail } from "./layout.ts";

/**
 * Every mail the studio sends, in German ("Sie") and English, each with its typed variables.
 * The key is the email_job.type; for notifications it equals the email_config name.
 * NOTE: renaming a key orphans queued rows of the old type; add a new key instead.
 */
export const EMAIL_TEMPLATES = {
  signup,
  generatedUserSignup,
  passwordReset,
  setPassword,
  emailReset,
  emailChangeNotice,
  emailChangeApproval,
  deleteUser,
  deleteAccount,
  epaperReady,
  zipReady,
  channelPublicationReady,
  previewLinkGenerated,
  testEmail,
} as const;

export type EmailType = keyof typeof EMAIL_TEMPLATES;
export const EMAIL_TYPES = Object.keys(EMAIL_TEMPLATES) as EmailType[];

/** What a caller passes for one mail type (before defaults and trimming). */
export type EmailVariables<T extends EmailType> = z.input<(typeof EMAIL_TEMPLATES)[T]["variables"]>;

/** A stored mail cannot be rendered: unknown type or language, or variables that do not fit. */
export class EmailTemplateError extends Error {
  override name = "EmailTemplateError";
}

type AnyTemplate = {
  variables: z.ZodType<LayoutVariables>;
  secret: readonly string[];
  emailConfig?: EmailConfigName;
  content: Record<Locale, (variables: LayoutVariables) => EmailContent>;
};

export function isEmailType(value: unknown): value is EmailType {
  return typeof value === "string" && Object.hasOwn(EMAIL_TEMPLATES, value);
}

/** The variables of a mail type that are secrets (sealed at rest, redacted everywhere staff look). */
export function secretVariablesOf(type: string): readonly string[] {
  return isEmailType(type) ? (EMAIL_TEMPLATES[type] as AnyTemplate).secret : [];
}

/** Every variable name any template calls secret: what support's tables redact even in a row of an unknown type. */
export const SECRET_VARIABLE_NAMES: ReadonlySet<string> = new Set(
  Object.values(EMAIL_TEMPLATES).flatMap((template) => (template as AnyTemplate).secret),
);

/** The notification setting that switches this mail type off, if any. */
export function emailConfigOf(type: EmailType): EmailConfigName | undefined {
  return (EMAIL_TEMPLATES[type] as AnyTemplate).emailConfig;
}

/**
 * Checks a mail's variables against its template and returns them as they will be stored;
 * throws EmailTemplateError naming every variable that is missing or wrong.
 */
export function parseEmailVariables(type: string, variables: unknown): LayoutVariables {
  if (!isEmailType(type)) throw new EmailTemplateError(`unknown e-mail type "${type}"`);
  const result = (EMAIL_TEMPLATES[type] as AnyTemplate).variables.safeParse(variables);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "variables"}: ${issue.message}`);
  throw new EmailTemplateError(`variables of e-mail "${type}" do not fit its template (${problems.join("; ")})`);
}

/**
 * Renders one mail: subject, HTML part and plain text part in the given language.
 * Takes untyped input on purpose (rows read back from email_job); typed callers use renderEmail.
 */
export function renderStoredEmail(type: string, locale: string, variables: unknown): RenderedEmail {
  if (!isLocale(locale)) throw new EmailTemplateError(`unsupported e-mail language "${locale}"`);
  const parsed = parseEmailVariables(type, variables);
  const template = EMAIL_TEMPLATES[type as EmailType] as AnyTemplate;
  return renderLayout(locale, parsed, template.content[locale](parsed));
}

/** Renders one mail with variables checked by the compiler (previews, tests). */
export function renderEmail<T extends EmailType>(type: T, locale: Locale, variables: EmailVariables<T>): RenderedEmail {
  return renderStoredEmail(type, locale, variables);
}
