import { z } from "zod";
import { bareIntent } from "#app/rules/intents";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/components/hooks/use-translation";
import { data, Form, Link, redirect, useNavigation, href } from "react-router";
import { sendAuthMail } from "#app/auth/auth-mail.server";
import { clientIp, exceededRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { getSessionUser } from "#app/auth/session.server";
import { requireUser } from "#app/auth/require-user.server";
import { FormErrors, NewPasswordFields } from "#app/components/account/account-form-fields";
import { AuthCard, Notice } from "#app/components/account/auth-card";
import { HoneypotInput } from "#app/components/account/honeypot-input";
import { Button } from "#app/components/ui/button";
import { TextField } from "#app/components/ui/text-field";
import { findPasswordRequestUser, setNewPassword } from "#app/models/password.server";
import { createSetPasswordSchema, PasswordRequestSchema } from "#app/rules/account-validation";
import { db } from "#app/utils/db.server";
import { getInstance } from "#app/utils/i18next.server";
import { passwordStrength } from "#app/rules/password-strength.server";
import { queues } from "#app/jobs/producer.server";
import { publishForcedLogout } from "#app/events/publish.server";
import { redis } from "#app/utils/redis.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useErrorText } from "#app/components/hooks/use-error-text";
import { usePasswordStrength } from "#app/components/hooks/use-password-strength";
import type { Route } from "./+types/password";
import { useSchemaForm } from "#app/components/hooks/use-schema-form";
import { readForm } from "#app/utils/read-form.server";

/**
 * /password (alias /password-reset): without a token session it requests a reset mail; after the
 * link of a password-reset or generated-user-signup mail logged the user in (emailTokenUsed) it
 * sets the new password. The header says 'set password' when the user was asked to set one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const session = await getSessionUser(db, request);
  if (session.status === "active" && session.user.emailTokenUsed) {
    const { user } = session;
    return {
      mode: "set" as const,
      metaTitle: t(user.passwordRequested ? "password.setTitle" : "password.resetTitle"),
      passwordRequested: user.passwordRequested,
      userInputs: [user.email, user.firstname, user.lastname, user.accountName].filter(Boolean),
    };
  }
  return { mode: "request" as const, metaTitle: t("password.resetTitle"), passwordRequested: false, userInputs: [] as string[] };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

/** Ask for the reset mail (the default: Enter in the e-mail field), or set the new password from the mail's link. */
export const intents = z.discriminatedUnion("intent", [bareIntent("request"), bareIntent("set")]);

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  // Anything but a valid "set" is a request for the mail, which validates its own fields.
  const intent = intents.safeParse({ intent: formData.get("intent") ?? "request" });
  return intent.success && intent.data.intent === "set" ? setPassword(request, formData) : requestMail(request, formData);
}

async function requestMail(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: PasswordRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), params: {}, sentTo: null }, { status: 400 });
  const { email } = submission.value;
  const limited = await exceededRateLimit(redis, [
    { ...RATE_LIMITS.passwordRequestIp, key: clientIp(request) },
    { ...RATE_LIMITS.passwordRequestEmail, key: email.toLowerCase() },
  ]);
  if (limited) {
    return data(
      { result: submission.reply({ formErrors: [limited.messageKey] }), params: { minutes: limited.retryAfterMinutes }, sentTo: null },
      { status: 429, headers: limited.headers },
    );
  }
  const user = await findPasswordRequestUser(db, email);
  // studio-admin.md §8: NotFound on password request shows 'notFoundEmail' with the address.
  if (!user)
    return data(
      { result: submission.reply({ fieldErrors: { email: ["notFoundEmail"] } }), params: { email }, sentTo: null },
      { status: 400 },
    );
  await sendAuthMail({ db, queue: queues.email }, { user, authType: "password-reset" });
  return { result: submission.reply({ resetForm: true }), params: {}, sentTo: email };
}

async function setPassword(request: Request, formData: FormData) {
  const { user, session } = await requireUser(db, request, { allowEmailTokenSession: true });
  // Only a token session sets a password without the old one; anyone else requests a mail.
  if (!user.emailTokenUsed) throw redirect(href("/password"));
  // The inputs of the page's meter (the loader's userInputs): the rule it shows is the rule checked here.
  const schema = createSetPasswordSchema({
    strength: passwordStrength,
    userInputs: [user.email, user.firstname, user.lastname, user.accountName],
  });
  const submission = await parseWithZod(formData, { schema });
  const hide = { hideFields: ["password", "passwordConfirmation"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), params: {}, sentTo: null }, { status: 400 });
  try {
    await setNewPassword(db, { userId: user.id, password: submission.value.password, keepSessionId: session.id });
  } catch (error) {
    console.error("password could not be saved:", error);
    return data(
      { result: submission.reply({ ...hide, formErrors: ["validation.passwordCouldNotBeSaved"] }), params: {}, sentTo: null },
      { status: 500 },
    );
  }
  // Other browsers of the user were logged out with the old password: they learn it at once.
  await publishForcedLogout(redis, { userId: user.id });
  throw await redirectWithToast(href("/epaper"), { type: "success", messageKey: "password.changed" });
}

export default function Password({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const title = loaderData.mode === "set" && loaderData.passwordRequested ? t("password.setTitle") : t("password.resetTitle");
  return (
    <AuthCard title={title}>
      {loaderData.mode === "set" ? (
        <SetPasswordForm userInputs={loaderData.userInputs} actionData={actionData} />
      ) : (
        <RequestForm actionData={actionData} />
      )}
      <p className="mt-6 text-sm">
        <Link to={href("/login")} className="text-brand-700 underline">
          {t("password.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}

type ActionData = Route.ComponentProps["actionData"];

function RequestForm({ actionData }: { actionData: ActionData }) {
  const { t } = useTranslation();
  const isSubmitting = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm({
    id: "password-request",
    schema: PasswordRequestSchema,
    lastResult: actionData?.result,
  });
  const errorText = useErrorText(actionData?.params);
  return (
    <Form method="POST" {...getFormProps(form)} className="flex flex-col gap-4">
      <HoneypotInput />
      <p className="text-sm text-slate-700">{t("password.requestIntro")}</p>
      {actionData?.sentTo ? <Notice tone="success">{t("password.emailSent", { email: actionData.sentTo })}</Notice> : null}
      <TextField
        id={fields.email.id}
        label={t("login.email")}
        errors={errorText(fields.email.errors)}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), id: undefined, autoComplete: "email" }}
      />
      <FormErrors form={form} errorText={errorText} />
      <Button type="submit" name="intent" value="request" isPending={isSubmitting}>
        {t("password.requestSubmit")}
      </Button>
    </Form>
  );
}

function SetPasswordForm({ actionData, userInputs }: { actionData: ActionData; userInputs: string[] }) {
  const { t } = useTranslation();
  const isSubmitting = useNavigation().state === "submitting";
  const strength = usePasswordStrength();
  const schema = createSetPasswordSchema({ strength: strength.estimator, userInputs });
  const [form, fields] = useSchemaForm({
    id: "password-set",
    schema,
    lastResult: actionData?.result,
  });
  const errorText = useErrorText(actionData?.params);
  return (
    <Form method="POST" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="set" />
      <NewPasswordFields
        password={fields.password}
        confirmation={fields.passwordConfirmation}
        labels={{ password: t("password.newPassword"), confirmation: t("signup.passwordConfirmation") }}
        strength={strength}
        userInputs={userInputs}
        errorText={errorText}
      />
      <FormErrors form={form} errorText={errorText} />
      <Button type="submit" isPending={isSubmitting}>
        {t("password.setSubmit")}
      </Button>
    </Form>
  );
}
