import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ToggleButton } from "react-aria-components";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { TooManyRequests } from "#app/auth/errors";
import { clientIp, enforceRateLimit, RATE_LIMITS, resetRateLimit } from "#app/auth/rate-limit.server";
import { REDIRECT_TO_PARAM, readLoginNotice, safeRedirect } from "#app/auth/login-redirect";
import { commitSessionHeader, createSession, getSessionUser } from "#app/auth/session.server";
import { checkLogin } from "#app/models/login.server";
import { Button } from "#app/components/ui/button";
import { TextField } from "#app/components/ui/text-field";
import { LoginSchema, PASSWORD_MIN_LENGTH } from "#app/utils/account-validation";
import { db } from "#app/utils/db.server";
import { getInstance } from "#app/utils/i18next.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSessionUser(db, request);
  // Logged in already (and not an anonymous try-it user): straight to where they wanted to go.
  if (session.status === "active" && !session.user.isGenerated && !session.user.emailTokenUsed)
    throw redirect(safeRedirect(new URL(request.url).searchParams.get(REDIRECT_TO_PARAM)));
  const notice = readLoginNotice(request.url);
  return { metaTitle: getInstance(context).t("login.metaTitle"), notice };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), params: {} }, { status: 400 });
  }
  const { email, password } = submission.value;
  try {
    await enforceRateLimit(redis, { ...RATE_LIMITS.loginIp, key: clientIp(request) });
    await enforceRateLimit(redis, { ...RATE_LIMITS.loginEmail, key: email.toLowerCase() });
  } catch (error) {
    if (!(error instanceof TooManyRequests)) throw error;
    return data(
      {
        result: submission.reply({ formErrors: [error.messageKey], hideFields: ["password"] }),
        params: { minutes: error.retryAfterMinutes },
      },
      { status: 429, headers: error.headers },
    );
  }
  const outcome = await checkLogin(db, email, password);
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.messageKey], hideFields: ["password"] }), params: outcome.params },
      { status: 400 },
    );
  }
  await resetRateLimit(redis, { bucket: RATE_LIMITS.loginEmail.bucket, key: email.toLowerCase() });
  // The login form has no "remember me": like the product it replaces, a login is kept.
  const session = await createSession(db, {
    userId: outcome.userId,
    remember: true,
    ip: clientIp(request),
    userAgent: request.headers.get("user-agent") ?? undefined,
  });
  throw redirect(safeRedirect(new URL(request.url).searchParams.get(REDIRECT_TO_PARAM)), {
    headers: { "Set-Cookie": await commitSessionHeader(session.id, { expires: session.cookieExpires }) },
  });
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const isSubmitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });
  const params = actionData?.params ?? {};
  const translate = (keys: string[] | undefined, prefix: string) =>
    keys?.map((key) => t(`${prefix}${key}` as never, { min: PASSWORD_MIN_LENGTH, ...params }) as string);

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="mb-2 text-sm font-semibold text-brand-600">{t("app.name")}</p>
        <h1 className="mb-6 text-2xl font-bold">{t("login.title")}</h1>
        {loaderData.notice === "sessionExpired" ? (
          <p role="status" className="mb-4 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200">
            {t("errors.sessionExpired")}
          </p>
        ) : null}
        <Form method="POST" {...getFormProps(form)} className="flex flex-col gap-4">
          <TextField
            id={fields.email.id}
            label={t("login.email")}
            errors={translate(fields.email.errors, "validation.")}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), id: undefined, autoComplete: "email" }}
          />
          <TextField
            id={fields.password.id}
            label={t("login.password")}
            errors={translate(fields.password.errors, "validation.")}
            inputProps={{
              ...getInputProps(fields.password, { type: passwordVisible ? "text" : "password" }),
              id: undefined,
              autoComplete: "current-password",
            }}
            trailing={
              <ToggleButton
                isSelected={passwordVisible}
                onChange={setPasswordVisible}
                aria-label={passwordVisible ? t("login.hidePassword") : t("login.showPassword")}
                className="min-w-11 rounded-r-lg px-3 text-sm text-slate-600 data-[hovered]:bg-slate-100"
              >
                <span aria-hidden="true">{passwordVisible ? "🙈" : "👁"}</span>
              </ToggleButton>
            }
          />
          {form.errors?.length ? (
            <p id={form.errorId} role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              {translate(form.errors, "")?.join(" ")}
            </p>
          ) : null}
          <Button type="submit" isPending={isSubmitting}>
            {t("login.submit")}
          </Button>
        </Form>
        <div className="mt-6 flex flex-col gap-2 text-sm">
          <Link to="/password" className="text-brand-700 underline">
            {t("login.forgotPassword")}
          </Link>
          <p>
            {t("login.noAccount")}{" "}
            <Link to="/signup" className="text-brand-700 underline">
              {t("login.signup")}
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
