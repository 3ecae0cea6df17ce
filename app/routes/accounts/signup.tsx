import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/components/hooks/use-translation";
import { data, Form, Link, redirect, useNavigation, href } from "react-router";
import { sendAuthMail } from "#app/auth/auth-mail.server";
import { clientIp, exceededRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { getSessionUser, startSession } from "#app/auth/session.server";
import { FormErrors, NewPasswordFields, SignupIdentityFields, TermsSwitch } from "#app/components/account/account-form-fields";
import { AuthCard } from "#app/components/account/auth-card";
import { HoneypotInput } from "#app/components/account/honeypot-input";
import { Button } from "#app/components/ui/button";
import {
  convertGeneratedAccount,
  EmailAlreadyExists,
  GeneratedAccountRemoved,
  NotAGeneratedUser,
} from "#app/models/generated-account.server";
import { registerUser } from "#app/models/signup.server";
import { findTerms } from "#app/models/terms.server";
import { createSignupSchema, emailTakenFieldErrors, GeneratedSignupSchema } from "#app/rules/account-validation";
import { db } from "#app/utils/db.server";
import { getInstance, getLocale } from "#app/utils/i18next.server";
import { passwordStrength } from "#app/rules/password-strength.server";
import { queues } from "#app/jobs/producer.server";
import { redis } from "#app/utils/redis.server";
import { useErrorText } from "#app/components/hooks/use-error-text";
import { usePasswordStrength } from "#app/components/hooks/use-password-strength";
import { GENERATED_SIGNUP_PATH } from "#app/rules/login-redirect";
import type { Route } from "./+types/signup";
import { useSchemaForm } from "#app/components/hooks/use-schema-form";
import { readForm } from "#app/utils/read-form.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSessionUser(db, request);
  if (session.status === "active") {
    // A try-it user signs up in the dialog of the start route; anyone else is registered already.
    throw redirect(session.user.isGenerated ? GENERATED_SIGNUP_PATH : href("/epaper"));
  }
  return { metaTitle: getInstance(context).t("signup.metaTitle"), terms: await findTerms(db, getLocale(context)) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const session = await getSessionUser(db, request);
  if (session.status === "active" && session.user.isGenerated)
    return signupGeneratedUser(request, formData, session.user.id, getLocale(context));
  const submission = await parseWithZod(formData, { schema: createSignupSchema({ strength: passwordStrength }) });
  const hide = { hideFields: ["password", "passwordConfirmation"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), params: {} }, { status: 400 });
  const limited = await exceededRateLimit(redis, [{ ...RATE_LIMITS.signupIp, key: clientIp(request) }]);
  if (limited) {
    return data(
      { result: submission.reply({ ...hide, formErrors: [limited.messageKey] }), params: { minutes: limited.retryAfterMinutes } },
      { status: 429, headers: limited.headers },
    );
  }
  const input = submission.value;
  const emailLanguage = getLocale(context);
  const outcome = await registerUser(db, { ...input, emailLanguage });
  if (!outcome.ok) {
    return data({ result: submission.reply({ ...hide, fieldErrors: emailTakenFieldErrors("signup") }), params: {} }, { status: 400 });
  }
  await sendAuthMail(
    { db, queue: queues.email },
    {
      user: { id: outcome.userId, email: input.email, firstname: input.firstname, lastname: input.lastname, emailLanguage },
      authType: "signup",
    },
  );
  // Registered users work right away with the limits of an unconfirmed user; the mail's link confirms.
  throw redirect(href("/epaper"), { headers: { "Set-Cookie": await startSession(db, request, outcome.userId) } });
}

/**
 * The signup dialog of a try-it user: the account, the user and their ePapers are kept; the mail's
 * link confirms the address and leads to /password to set the password (studio-core.md §4).
 */
async function signupGeneratedUser(request: Request, formData: FormData, userId: string, emailLanguage: string) {
  const submission = parseWithZod(formData, { schema: GeneratedSignupSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), params: {}, sentTo: null }, { status: 400 });
  const limited = await exceededRateLimit(redis, [{ ...RATE_LIMITS.signupIp, key: clientIp(request) }]);
  if (limited) {
    return data(
      { result: submission.reply({ formErrors: [limited.messageKey] }), params: { minutes: limited.retryAfterMinutes }, sentTo: null },
      { status: 429, headers: limited.headers },
    );
  }
  const input = submission.value;
  try {
    await convertGeneratedAccount(db, { userId, ...input, companyName: input.accountName, emailLanguage });
  } catch (error) {
    if (error instanceof EmailAlreadyExists) {
      return data(
        { result: submission.reply({ fieldErrors: emailTakenFieldErrors("signup") }), params: {}, sentTo: null },
        { status: 400 },
      );
    }
    // Signed up already in another tab, or the storage time ended meanwhile: nothing to convert.
    if (error instanceof NotAGeneratedUser || error instanceof GeneratedAccountRemoved) {
      return data({ result: submission.reply({ formErrors: ["errors.unexpected"] }), params: {}, sentTo: null }, { status: 409 });
    }
    throw error;
  }
  await sendAuthMail(
    { db, queue: queues.email },
    {
      user: { id: userId, email: input.email, firstname: input.firstname, lastname: input.lastname, emailLanguage },
      authType: "generated-user-signup",
    },
  );
  return { result: submission.reply({ resetForm: true }), params: {}, sentTo: input.email };
}

export default function Signup({ actionData, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const isSubmitting = useNavigation().state === "submitting";
  const strength = usePasswordStrength();
  const schema = createSignupSchema({ strength: strength.estimator });
  const [form, fields] = useSchemaForm({
    id: "signup",
    schema,
    lastResult: actionData?.result,
  });
  const errorText = useErrorText(actionData?.params);
  return (
    <AuthCard title={t("signup.title")} wide>
      <Form method="POST" {...getFormProps(form)} className="flex flex-col gap-4">
        <HoneypotInput />
        <SignupIdentityFields fields={fields} errorText={errorText} namesSideBySide />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.passwordConfirmation}
          labels={{ password: t("signup.password"), confirmation: t("signup.passwordConfirmation") }}
          strength={strength}
          userInputs={[fields.email.value, fields.firstname.value, fields.lastname.value, fields.accountName.value].filter(
            (value): value is string => Boolean(value),
          )}
          errorText={errorText}
        />
        <TermsSwitch field={fields.termsAccepted} terms={loaderData.terms} errorText={errorText} />
        <FormErrors form={form} errorText={errorText} />
        <Button type="submit" isPending={isSubmitting}>
          {t("signup.submit")}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        {t("signup.haveAccount")}{" "}
        <Link to={href("/login")} className="text-brand-700 underline">
          {t("signup.login")}
        </Link>
      </p>
    </AuthCard>
  );
}
