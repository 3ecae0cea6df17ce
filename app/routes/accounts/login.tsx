import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/components/hooks/use-translation";
import { data, Form, Link, redirect, useNavigation, href } from "react-router";
import { checkRateLimit, clientIp, exceededRateLimit, loginDelayMs, RATE_LIMITS, resetRateLimit } from "#app/auth/rate-limit.server";
import { REDIRECT_TO_PARAM, readLoginNotice, safeRedirect } from "#app/rules/login-redirect";
import { getSessionUser, startSession } from "#app/auth/session.server";
import { checkLogin } from "#app/models/login.server";
import { maintenanceActive } from "#app/preferences/system-preference.server";
import { FormErrors, LoginFields, useLoginForm } from "#app/components/account/account-form-fields";
import { AuthCard, Notice } from "#app/components/account/auth-card";
import { Button } from "#app/components/ui/button";
import { LoginSchema } from "#app/rules/account-validation";
import { useErrorText } from "#app/components/hooks/use-error-text";
import { db } from "#app/utils/db.server";
import { getInstance } from "#app/utils/i18next.server";
import { redis } from "#app/utils/redis.server";
import { GENERATED_LOGIN_PATH } from "#app/rules/login-redirect";
import type { Route } from "./+types/login";
import { readForm } from "#app/utils/read-form.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSessionUser(db, request);
  if (session.status === "active" && !session.user.emailTokenUsed) {
    // A try-it user logs in through the dialog of the start route (studio-core.md §2); anyone
    // else logged in goes straight to where they wanted to go.
    if (session.user.isGenerated) throw redirect(GENERATED_LOGIN_PATH);
    throw redirect(safeRedirect(new URL(request.url).searchParams.get(REDIRECT_TO_PARAM)));
  }
  const notice = readLoginNotice(request.url);
  const maintenance = isMaintenanceLogin(request);
  const t = getInstance(context).t;
  return {
    metaTitle: t(maintenance ? "login.maintenanceTitle" : "login.metaTitle"),
    notice,
    maintenance,
    maintenanceActive: await maintenanceActive(db),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), params: {} }, { status: 400 });
  }
  const { email, password } = submission.value;
  const ip = clientIp(request);
  const account = email.toLowerCase();
  const pair = `${account} ${ip}`;
  const limited = await exceededRateLimit(redis, [
    { ...RATE_LIMITS.loginIp, key: ip },
    { ...RATE_LIMITS.loginPair, key: pair },
  ]);
  if (limited) {
    return data(
      {
        result: submission.reply({ formErrors: [limited.messageKey], hideFields: ["password"] }),
        params: { minutes: limited.retryAfterMinutes },
      },
      { status: 429, headers: limited.headers },
    );
  }
  // Many attempts on this account from anywhere slow it down; none locks the owner out.
  const { count } = await checkRateLimit(redis, { ...RATE_LIMITS.loginEmail, key: account });
  const delay = loginDelayMs(count);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  const outcome = await checkLogin(db, email, password, { staffOnly: isMaintenanceLogin(request) });
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.messageKey], hideFields: ["password"] }), params: outcome.params },
      { status: 400 },
    );
  }
  await resetRateLimit(redis, { bucket: RATE_LIMITS.loginPair.bucket, key: pair });
  await resetRateLimit(redis, { bucket: RATE_LIMITS.loginEmail.bucket, key: account });
  throw redirect(safeRedirect(new URL(request.url).searchParams.get(REDIRECT_TO_PARAM)), {
    headers: { "Set-Cookie": await startSession(db, request, outcome.userId) },
  });
}

/** /maintenance/login and /maintenance-login: the login for support and admins during maintenance. */
function isMaintenanceLogin(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/maintenance");
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const isSubmitting = useNavigation().state === "submitting";
  const [form, fields] = useLoginForm("login", actionData?.result);
  const errorText = useErrorText(actionData?.params);

  return (
    <AuthCard title={loaderData.maintenance ? t("login.maintenanceTitle") : t("login.title")}>
      {loaderData.maintenance || loaderData.maintenanceActive ? (
        <Notice tone="info">{t(loaderData.maintenance ? "login.maintenanceText" : "login.maintenanceActive")}</Notice>
      ) : null}
      {loaderData.notice ? (
        <Notice tone={loaderData.notice === "sessionExpired" ? "info" : "error"}>{t(`login.notices.${loaderData.notice}`)}</Notice>
      ) : null}
      <Form method="POST" {...getFormProps(form)} className="flex flex-col gap-4">
        <LoginFields fields={fields} errorText={errorText} />
        <FormErrors form={form} errorText={errorText} />
        <Button type="submit" isPending={isSubmitting}>
          {t("login.submit")}
        </Button>
      </Form>
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <Link to={href("/password")} className="text-brand-700 underline">
          {t("login.forgotPassword")}
        </Link>
        <p>
          {t("login.noAccount")}{" "}
          <Link to={href("/signup")} className="text-brand-700 underline">
            {t("login.signup")}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
