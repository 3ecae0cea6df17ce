import { type FieldMetadata, getInputProps, type SubmissionResult, useInputControl } from "@conform-to/react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { LoginSchema, PASSWORD_MIN_LENGTH } from "#app/rules/account-validation";
import type { useErrorText } from "#app/components/hooks/use-error-text";
import { type PasswordStrengthAnswers, revalidateField } from "#app/components/hooks/use-password-strength";
import { useSchemaForm } from "#app/components/hooks/use-schema-form";
import { Notice } from "./auth-card.tsx";
import { PasswordField } from "./password-field.tsx";
import { PasswordStrengthMeter } from "./password-strength-meter.tsx";
import { Switch } from "#app/components/ui/switch";
import { TextField } from "#app/components/ui/text-field";

/*
 * The pieces the account forms share (signup page and dialog, set password, change password,
 * login): one place for their markup, labels, autocomplete hints and error display.
 */

type ErrorText = ReturnType<typeof useErrorText>;

/**
 * A new password with the strength meter and the rule, then its confirmation (studio-core.md §5).
 * `strength` is the form's usePasswordStrength(), whose `estimator` the form's schema uses: when
 * the server's estimate arrives, the password is checked again, so 'too weak' shows without
 * another keystroke.
 */
export function NewPasswordFields(props: {
  password: FieldMetadata<string>;
  confirmation: FieldMetadata<string>;
  labels: { password: string; confirmation: string };
  strength: PasswordStrengthAnswers;
  userInputs: readonly string[];
  errorText: ErrorText;
}) {
  const { t } = useTranslation();
  const { password, confirmation, errorText } = props;
  const control = useInputControl(password);
  return (
    <>
      <PasswordField
        id={password.id}
        label={props.labels.password}
        errors={errorText(password.errors)}
        inputProps={{
          ...getInputProps(password, { type: "password" }),
          key: password.key,
          id: undefined,
          autoComplete: "new-password",
        }}
        onValueChange={control.change}
      />
      <PasswordStrengthMeter
        password={control.value ?? ""}
        userInputs={props.userInputs}
        answers={props.strength}
        onAnswer={() => revalidateField(password.formId, password.name)}
      />
      <p className="-mt-2 text-sm text-slate-600">{t("validation.passwordRequirements", { min: PASSWORD_MIN_LENGTH })}</p>
      <PasswordField
        id={confirmation.id}
        label={props.labels.confirmation}
        errors={errorText(confirmation.errors)}
        inputProps={{
          ...getInputProps(confirmation, { type: "password" }),
          key: confirmation.key,
          id: undefined,
          autoComplete: "new-password",
        }}
      />
    </>
  );
}

/** The terms switch with the confirmation text and link of the page's language. */
export function TermsSwitch(props: {
  field: FieldMetadata<unknown>;
  terms: { confirmationText: string; link: string } | null;
  errorText: ErrorText;
}) {
  const { t } = useTranslation();
  const { field, terms } = props;
  return (
    <div>
      <Switch name={field.name} isInvalid={Boolean(field.errors)} errorId={field.errorId}>
        {terms?.confirmationText ?? t("signup.termsFallback")}
      </Switch>
      {terms ? (
        <a href={terms.link} target="_blank" rel="noreferrer" className="text-sm text-brand-700 underline">
          {t("signup.readTerms")}
        </a>
      ) : null}
      {field.errors ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {props.errorText(field.errors)?.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** Form-wide errors (rate limit, refused login, honeypot) as an alert the form points at. */
export function FormErrors({ form, errorText }: { form: { errors?: string[] | undefined; errorId: string }; errorText: ErrorText }) {
  if (!form.errors?.length) return null;
  return (
    <Notice tone="error" id={form.errorId}>
      {errorText(form.errors, "")?.join(" ")}
    </Notice>
  );
}

/** The login form's state (login page and the try-it user's login dialog). */
export function useLoginForm(id: string, lastResult: SubmissionResult<string[]> | null | undefined) {
  return useSchemaForm({ id, schema: LoginSchema, lastResult });
}

/** E-mail and password of a login (studio-core.md §2 Login screen). */
export function LoginFields({ fields, errorText }: { fields: ReturnType<typeof useLoginForm>[1]; errorText: ErrorText }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={fields.email.id}
        label={t("login.email")}
        errors={errorText(fields.email.errors)}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), id: undefined, autoComplete: "email" }}
      />
      <PasswordField
        id={fields.password.id}
        label={t("login.password")}
        errors={errorText(fields.password.errors)}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), id: undefined, autoComplete: "current-password" }}
      />
    </>
  );
}

type IdentityName = "accountName" | "firstname" | "lastname" | "email";

/** The signup's identity fields (signup page and the try-it signup dialog): account name, names, e-mail. */
export function SignupIdentityFields(props: {
  fields: Record<IdentityName, FieldMetadata<string>>;
  errorText: ErrorText;
  /** First and last name side by side from the small breakpoint on (the page; the dialog is narrow). */
  namesSideBySide?: boolean;
}) {
  const { t } = useTranslation();
  const { fields, errorText } = props;
  const text = (name: IdentityName, autoComplete: string, type: "text" | "email" = "text") => (
    <TextField
      id={fields[name].id}
      label={t(`signup.${name}`)}
      errors={errorText(fields[name].errors)}
      inputProps={{ ...getInputProps(fields[name], { type }), id: undefined, autoComplete }}
    />
  );
  const names = (
    <>
      {text("firstname", "given-name")}
      {text("lastname", "family-name")}
    </>
  );
  return (
    <>
      {text("accountName", "organization")}
      {props.namesSideBySide ? <div className="grid gap-4 sm:grid-cols-2">{names}</div> : names}
      {text("email", "email", "email")}
    </>
  );
}
