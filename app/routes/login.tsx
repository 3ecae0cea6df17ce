import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ToggleButton } from "react-aria-components";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { TextField } from "#app/components/ui/text-field";
import { LoginSchema, PASSWORD_MIN_LENGTH } from "#app/utils/account-validation";
import { getInstance } from "#app/utils/i18next.server";
import type { Route } from "./+types/login";

export function loader({ context }: Route.LoaderArgs) {
  return { metaTitle: getInstance(context).t("login.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  // NOTE: the accounts issue replaces this answer with the credential check and the session.
  // Until then the page says plainly that signing in is not available (NotImplemented).
  return data({ result: submission.reply({ formErrors: ["login.notYetAvailable"], hideFields: ["password"] }) }, { status: 501 });
}

export default function Login({ actionData }: Route.ComponentProps) {
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
  const translate = (keys: string[] | undefined, prefix: string) =>
    keys?.map((key) => t(`${prefix}${key}` as never, { min: PASSWORD_MIN_LENGTH }) as string);

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="mb-2 text-sm font-semibold text-brand-600">{t("app.name")}</p>
        <h1 className="mb-6 text-2xl font-bold">{t("login.title")}</h1>
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
