import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/components/hooks/use-translation";
import { data, Form, redirect, useNavigation } from "react-router";
import { clientIp } from "#app/auth/rate-limit.server";
import { FormErrors } from "#app/components/account/account-form-fields";
import { AuthCard } from "#app/components/account/auth-card";
import { PasswordField } from "#app/components/account/password-field";
import { useErrorText } from "#app/components/hooks/use-error-text";
import { useSchemaForm } from "#app/components/hooks/use-schema-form";
import { Button } from "#app/components/ui/button";
import { AppError, TooManyRequests } from "#app/errors/app-error";
import { verifyPublicationAccess } from "#app/publish/preview-link-access.server";
import { isSharingType, protectedSharingSchema } from "#app/rules/preview-link";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { getInstance } from "#app/utils/i18next.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/protected-sharing";

/**
 * /protected-sharing/:sharingType/:sharingHash (studio-core.md §2 "Protected sharing", §7): the
 * password page of a preview link, headerless and without a login. A type other than previewlink
 * or an empty hash goes to /login. The form posts here; the check
 * is the one of POST /verify-publication-access, and a right password sends the browser to the
 * unlock address on the content origin.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isSharingType(params.sharingType) || !params.sharingHash) throw redirect("/login");
  return { metaTitle: getInstance(context).t("protectedSharing.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }, { name: "robots", content: "noindex" }];

export async function action({ request, params }: Route.ActionArgs) {
  if (!isSharingType(params.sharingType) || !params.sharingHash) throw redirect("/login");
  const submission = parseWithZod(await readForm(request), { schema: protectedSharingSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }), params: {} }, { status: 400 });
  const env = getEnv();
  try {
    const { url } = await verifyPublicationAccess(
      { db, redis, secret: env.SESSION_SECRET, contentUrl: env.CONTENT_URL },
      { type: params.sharingType, hash: params.sharingHash, password: submission.value.password, clientIp: clientIp(request) },
    );
    return redirect(url);
  } catch (error) {
    const refused = (key: string, status: number, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      data({ result: submission.reply({ formErrors: [key], hideFields: ["password"] }), params }, { status, headers });
    if (error instanceof TooManyRequests) return refused(error.messageKey, 429, error.params, error.headers);
    if (error instanceof AppError && error.status === 404) return refused("protectedSharing.errors.wrongPassword", 404);
    console.error("protected sharing:", error);
    return refused("protectedSharing.errors.somethingWentWrong", 500);
  }
}

export default function ProtectedSharing({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const isSubmitting = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm({ id: "protected-sharing", schema: protectedSharingSchema, lastResult: actionData?.result });
  const errorText = useErrorText(actionData?.params);
  return (
    <AuthCard title={t("protectedSharing.title")}>
      <p className="mb-4 text-sm text-slate-700">{t("protectedSharing.text")}</p>
      <Form method="POST" {...getFormProps(form)} className="flex flex-col gap-4">
        <PasswordField
          id={fields.password.id}
          label={t("protectedSharing.password")}
          errors={errorText(fields.password.errors)}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), id: undefined, autoComplete: "off", autoFocus: true }}
        />
        <FormErrors form={form} errorText={errorText} />
        <Button type="submit" isPending={isSubmitting}>
          {t("protectedSharing.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
