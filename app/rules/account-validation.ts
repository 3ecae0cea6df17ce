import { z } from "zod";
import type en from "#app/locales/en";
import type { PasswordStrength } from "./password-strength.ts";

/**
 * Account and login validation (studio-core.md §5, studio-admin.md §5), shared by the server
 * (actions) and the browser (Conform's onValidate). Every message is a KEY under `validation.*`
 * of app/locales (the compiler checks that it exists); a page translates it with
 * t("validation." + key, validationMessageParams(key)). Form-wide errors (path []) are full
 * keys, as login.tsx expects of `form.errors`. Decisions: docs/decisions/0012-account-validation.md.
 */

export type ValidationMessageKey = keyof (typeof en)["validation"];
const message = <K extends ValidationMessageKey>(key: K) => key;

export const PASSWORD_MIN_LENGTH = 10;
/** Not in the spec: bounds the hashing and strength-estimation work per request. */
export const PASSWORD_MAX_LENGTH = 128;
/** One of these is required in a new password (studio-core.md §5). */
export const PASSWORD_SPECIAL_CHARACTERS = "!@#$%&";
/** Minimum strength on the scale 0 to 3 for signup and setting a new password. */
export const PASSWORD_MIN_STRENGTH: PasswordStrength = 2;
/** Column sizes of account.name, user.firstname and user.lastname. */
export const NAME_MAX_LENGTH = 250;
/** RFC 5321 limit; also the size of user.email and user.requested_email. */
export const EMAIL_MAX_LENGTH = 254;
/** Hidden field of public forms that people leave empty and bots fill in. */
export const HONEYPOT_FIELD = "website";

/** Interpolation values for the messages that name a bound. */
const MESSAGE_PARAMS: Partial<Record<ValidationMessageKey, Record<string, number>>> = {
  passwordTooShort: { min: PASSWORD_MIN_LENGTH },
  passwordRequirements: { min: PASSWORD_MIN_LENGTH },
  passwordTooLong: { max: PASSWORD_MAX_LENGTH },
  nameTooLong: { max: NAME_MAX_LENGTH },
};

/**
 * What `t()` needs besides the key, e.g. `{ min: 10 }` for passwordTooShort; `{}` otherwise.
 * Keys the server answers with add values only the page knows: notFoundEmail `{ email }`,
 * accountDeactivated `{ supportEmail }`.
 */
export function validationMessageParams(key: string): Record<string, number> {
  return MESSAGE_PARAMS[key as ValidationMessageKey] ?? {};
}

/**
 * Estimates strength on the scale 0 to 3; on the server always `passwordStrength` from
 * ./password-strength.server.ts. Passed in rather than imported: the estimator's dictionaries
 * stay on the server. In the browser it answers what /resources/password-strength said for this
 * password and these inputs, and `null` while it has no answer: the rule is then left to the
 * server (docs/decisions/0048-password-strength-on-the-server.md).
 */
export type PasswordStrengthEstimator = (password: string, userInputs?: readonly string[]) => PasswordStrength | null;

export interface PasswordPolicyOptions {
  /**
   * The estimator for the strength rule. `null` (or an estimator answering `null`) leaves the
   * rule out: only for the browser; the server must always pass `passwordStrength`.
   */
  strength: PasswordStrengthEstimator | null;
}

// ---------------------------------------------------------------------------------------------
// Fields

/**
 * For checks that only make sense once the earlier ones passed, so that a field shows one message
 * at a time. (Not `abort: true`: an explicit abort would also stop the form-level rules below.)
 */
const noIssueYet = (payload: z.core.ParsePayload) => payload.issues.length === 0;

/** A valid e-mail address (trimmed); used where existing addresses are entered. */
export const emailField = z
  .string({ error: message("emailRequired") })
  .trim()
  // Too long is not a valid address either; the pipe then skips the format check (one message).
  .max(EMAIL_MAX_LENGTH, { error: message("validEmailRequired") })
  .pipe(z.email({ error: message("validEmailRequired") }));

/** A new address (signup, e-mail change): valid and without a plus sign. */
export const newEmailField = emailField.refine((email) => !email.includes("+"), {
  error: message("emailMustNotContainPlusSign"),
  when: noIssueYet,
});

function nameField(required: ValidationMessageKey) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(NAME_MAX_LENGTH, { error: message("nameTooLong") });
}
export const companyNameField = nameField(message("companyNameRequired"));
export const firstnameField = nameField(message("firstnameRequired"));
export const lastnameField = nameField(message("lastnameRequired"));

/** True when the password has one of !@#$%&, a digit, an upper- and a lower-case letter. */
export function meetsPasswordComposition(password: string): boolean {
  return (
    [...password].some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character)) &&
    /\d/.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password)
  );
}

/**
 * A new password: length, then composition; a failure skips the later checks, so the user sees
 * one message at a time. The strength rule needs the other fields (names, e-mail) and is
 * therefore checked on the form (see withStrengthRule).
 */
export const newPasswordField = z
  .string({ error: message("passwordRequired") })
  .min(PASSWORD_MIN_LENGTH, { error: message("passwordTooShort") })
  .max(PASSWORD_MAX_LENGTH, { error: message("passwordTooLong") })
  .refine(meetsPasswordComposition, { error: message("passwordRequirements"), when: noIssueYet });

export const passwordConfirmationField = z.string({ error: message("passwordConfirmationRequired") });

/** The terms switch: Conform turns a checked box ('on') into true; unchecked is absent. */
export const termsAcceptedField = z.literal(true, { error: message("pleaseConfirmTermsAndConditions") });

/** The honeypot: absent or empty. A filled one is reported as a form error (see withHoneypot). */
export const honeypotField = z.string().optional();

// ---------------------------------------------------------------------------------------------
// Form-level rules

function fieldValue(value: unknown, field: string): string | undefined {
  const entry = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return typeof entry === "string" ? entry : undefined;
}

/** Confirmation equals password; checked whenever both are present, whatever else fails. */
function withConfirmationRule<T extends z.ZodObject>(schema: T): T {
  return schema.superRefine(
    (value, ctx) => {
      if (fieldValue(value, "password") !== fieldValue(value, "passwordConfirmation")) {
        ctx.addIssue({ code: "custom", path: ["passwordConfirmation"], message: message("passwordDoesNotMatch") });
      }
    },
    {
      when: (payload) =>
        fieldValue(payload.value, "password") !== undefined && fieldValue(payload.value, "passwordConfirmation") !== undefined,
    },
  );
}

/**
 * Strength at least 2 once length and composition pass (whatever the other fields hold). The
 * values of `userInputFields` and `extraUserInputs` count as known to an attacker.
 */
function withStrengthRule<T extends z.ZodObject>(
  schema: T,
  estimator: PasswordStrengthEstimator | null,
  userInputFields: readonly string[],
  extraUserInputs: readonly string[] = [],
): T {
  if (!estimator) return schema;
  return schema.superRefine(
    (value, ctx) => {
      const password = fieldValue(value, "password");
      if (password === undefined) return;
      const fromFields = userInputFields.map((field) => fieldValue(value, field)).filter((input): input is string => !!input);
      const strength = estimator(password, [...fromFields, ...extraUserInputs]);
      if (strength !== null && strength < PASSWORD_MIN_STRENGTH) {
        ctx.addIssue({ code: "custom", path: ["password"], message: message("passwordTooWeak") });
      }
    },
    { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "password") },
  );
}

/** A filled honeypot fails the whole form (a form error, the field is hidden), whatever else fails. */
function withHoneypot<T extends z.ZodObject>(schema: T): T {
  return schema.superRefine(
    (value, ctx) => {
      if (fieldValue(value, HONEYPOT_FIELD)) ctx.addIssue({ code: "custom", path: [], message: `validation.${message("formRejected")}` });
    },
    { when: () => true },
  );
}

// ---------------------------------------------------------------------------------------------
// Forms

/** Login (studio-core.md §5): valid e-mail; password required, at least 10 characters. */
export const LoginSchema = z.object({
  email: emailField,
  password: z.string({ error: message("passwordRequired") }).min(PASSWORD_MIN_LENGTH, { error: message("passwordTooShort") }),
});

/**
 * Signup (studio-core.md §2 Signup screen, §5). Not checked here: that the e-mail is still free;
 * the action asks the database and answers with emailTakenFieldErrors("signup").
 */
export function createSignupSchema(options: PasswordPolicyOptions) {
  const schema = z.object({
    accountName: companyNameField,
    firstname: firstnameField,
    lastname: lastnameField,
    email: newEmailField,
    password: newPasswordField,
    passwordConfirmation: passwordConfirmationField,
    termsAccepted: termsAcceptedField,
    [HONEYPOT_FIELD]: honeypotField,
  });
  return withHoneypot(withStrengthRule(withConfirmationRule(schema), options.strength, ["email", "firstname", "lastname", "accountName"]));
}

/**
 * Signup of a try-it user (the signup dialog, max 480 px): the signup fields without a password,
 * which the user sets after confirming the address (generated-user-signup leads to /password).
 */
export const GeneratedSignupSchema = withHoneypot(
  z.object({
    accountName: companyNameField,
    firstname: firstnameField,
    lastname: lastnameField,
    email: newEmailField,
    termsAccepted: termsAcceptedField,
    [HONEYPOT_FIELD]: honeypotField,
  }),
);

/** Request a password-reset mail (/password without a token). */
export const PasswordRequestSchema = withHoneypot(z.object({ email: emailField, [HONEYPOT_FIELD]: honeypotField }));

/**
 * Set a new password (/password after a password-reset or generated-user-signup token). The
 * user's e-mail and names, when the page knows them, feed the strength estimate.
 */
export function createSetPasswordSchema(options: PasswordPolicyOptions & { userInputs?: readonly string[] }) {
  const schema = z.object({ password: newPasswordField, passwordConfirmation: passwordConfirmationField });
  return withStrengthRule(withConfirmationRule(schema), options.strength, [], options.userInputs);
}

/**
 * Change the password in the profile drawer: the current password (checked against the stored
 * hash by the action, which answers `currentPasswordWrong`), then a new password under the same
 * rules as /password, strength included. The current password keeps the login rule (required),
 * so an old password that predates the rules still lets its owner change it.
 */
export function createChangePasswordSchema(options: PasswordPolicyOptions & { userInputs?: readonly string[] }) {
  const schema = z.object({
    currentPassword: z.string({ error: message("currentPasswordRequired") }),
    password: newPasswordField,
    passwordConfirmation: passwordConfirmationField,
  });
  return withStrengthRule(withConfirmationRule(schema), options.strength, [], options.userInputs);
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The profile's e-mail (studio-admin.md §5): the unchanged address is accepted as it is; a new
 * one must be valid and without a plus sign. It becomes a requested e-mail pending confirmation;
 * the action checks that no user has it as e-mail or requested e-mail, answering
 * emailTakenFieldErrors("emailChange").
 */
export function profileEmailField(currentEmail: string) {
  return z
    .string({ error: message("emailRequired") })
    .trim()
    .superRefine((email, ctx) => {
      if (sameEmail(email, currentEmail)) return;
      const result = newEmailField.safeParse(email);
      const issue = result.error?.issues[0];
      if (issue) ctx.addIssue({ code: "custom", message: issue.message });
    });
}

/** Is the submitted address a change (compared without case and surrounding spaces)? */
export function isEmailChange(currentEmail: string, submittedEmail: string): boolean {
  return !sameEmail(currentEmail, submittedEmail);
}

/** Change e-mail (profile drawer). */
export function createChangeEmailSchema(options: { currentEmail: string }) {
  return z.object({ email: profileEmailField(options.currentEmail) });
}

/** Profile drawer: first and last name at least 1 character, e-mail as profileEmailField. */
export function createProfileSchema(options: { currentEmail: string }) {
  return z.object({ firstname: firstnameField, lastname: lastnameField, email: profileEmailField(options.currentEmail) });
}

/** Account drawer: the company name (account.name), required like on signup. */
export const AccountSchema = z.object({ name: companyNameField });

/** Support user list (studio-admin.md §5): e-mail valid and required, names at least 1 character. */
export const SupportUserSchema = z.object({ email: emailField, firstname: firstnameField, lastname: lastnameField });

// ---------------------------------------------------------------------------------------------
// Server checks these schemas leave out

/**
 * Uniqueness of an e-mail is a database question the action answers after the schema passed:
 * on signup an existing user's e-mail ('emailAlreadyExist'); on an e-mail change an address
 * that is any user's e-mail or requested e-mail ('emailAlreadyExistOrAlreadyRequested').
 * Usage: `submission.reply({ fieldErrors: emailTakenFieldErrors("signup") })`.
 */
/** Resolves to true when the address is already in use (the action's database query). */
export type EmailUniquenessCheck = (email: string) => Promise<boolean>;

export function emailTakenFieldErrors(form: "signup" | "emailChange"): { email: ValidationMessageKey[] } {
  return { email: [form === "signup" ? message("emailAlreadyExist") : message("emailAlreadyExistOrAlreadyRequested")] };
}
