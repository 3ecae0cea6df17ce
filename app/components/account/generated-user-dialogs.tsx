import { getFormProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher, useSearchParams, href } from "react-router";
import { GENERATED_DIALOG_PARAM } from "#app/rules/login-redirect";
import type { action as loginAction } from "#app/routes/accounts/login";
import type { action as signupAction } from "#app/routes/accounts/signup";
import { GeneratedSignupSchema } from "#app/rules/account-validation";
import { useErrorText } from "#app/components/hooks/use-error-text";
import { FormErrors, LoginFields, SignupIdentityFields, TermsSwitch, useLoginForm } from "./account-form-fields.tsx";
import { Notice } from "./auth-card.tsx";
import { HoneypotInput } from "./honeypot-input.tsx";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { useSchemaForm } from "#app/components/hooks/use-schema-form";

/** studio-admin.md §2: the login and signup dialogs of try-it users are at most 480 px wide. */
const DIALOG_MAX_WIDTH = "480px";

type Which = keyof typeof GENERATED_DIALOG_PARAM | null;

/**
 * The login and signup dialogs of a try-it user (studio-core.md §2): /signup and /login send such
 * a user to the start route with `?signup=1` or `?login=1`; the key opens the dialog and is
 * stripped from the address at once. `openSignup` lets a button (welcome panel, header) open it.
 */
export function useGeneratedUserDialogs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [open, setOpen] = useState<Which>(null);
  useEffect(() => {
    const which = (Object.keys(GENERATED_DIALOG_PARAM) as Array<keyof typeof GENERATED_DIALOG_PARAM>).find((key) =>
      searchParams.has(GENERATED_DIALOG_PARAM[key]),
    );
    if (!which) return;
    setOpen(which);
    setSearchParams(
      (params) => {
        params.delete(GENERATED_DIALOG_PARAM[which]);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [searchParams, setSearchParams]);
  return { open, setOpen };
}

export function GeneratedUserDialogs({ open, onClose, terms }: { open: Which; onClose: () => void; terms: Terms | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog
        isOpen={open === "signup"}
        onOpenChange={(isOpen) => !isOpen && onClose()}
        title={t("signup.title")}
        maxWidth={DIALOG_MAX_WIDTH}
      >
        <GeneratedSignupForm terms={terms} />
      </Dialog>
      <Dialog
        isOpen={open === "login"}
        onOpenChange={(isOpen) => !isOpen && onClose()}
        title={t("login.title")}
        maxWidth={DIALOG_MAX_WIDTH}
      >
        <LoginForm />
      </Dialog>
    </>
  );
}

export type Terms = { confirmationText: string; link: string };

function GeneratedSignupForm({ terms }: { terms: Terms | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof signupAction>();
  const result = fetcher.data && "result" in fetcher.data ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm({
    id: "generated-signup",
    schema: GeneratedSignupSchema,
    lastResult: fetcher.state === "idle" ? result?.result : undefined,
  });
  const errorText = useErrorText(result?.params);
  const sentTo = result && "sentTo" in result && typeof result.sentTo === "string" ? result.sentTo : null;
  if (sentTo) return <Notice tone="success">{t("signup.generatedSent", { email: sentTo })}</Notice>;
  return (
    <fetcher.Form method="POST" action={href("/signup")} {...getFormProps(form)} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t("signup.generatedIntro")}</p>
      <HoneypotInput />
      <SignupIdentityFields fields={fields} errorText={errorText} />
      <TermsSwitch field={fields.termsAccepted} terms={terms} errorText={errorText} />
      <FormErrors form={form} errorText={errorText} />
      <Button type="submit" isPending={fetcher.state !== "idle"}>
        {t("signup.submit")}
      </Button>
    </fetcher.Form>
  );
}

/** Logging in as a registered user ends the try-it session (the login replaces it). */
function LoginForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof loginAction>();
  const [form, fields] = useLoginForm("generated-login", fetcher.state === "idle" ? fetcher.data?.result : undefined);
  const errorText = useErrorText(fetcher.data?.params);
  return (
    <fetcher.Form method="POST" action={href("/login")} {...getFormProps(form)} className="flex flex-col gap-4">
      <LoginFields fields={fields} errorText={errorText} />
      <FormErrors form={form} errorText={errorText} />
      <Button type="submit" isPending={fetcher.state !== "idle"}>
        {t("login.submit")}
      </Button>
    </fetcher.Form>
  );
}
