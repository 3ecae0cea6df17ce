import { getFormProps, getInputProps } from "@conform-to/react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher, href } from "react-router";
import type { action as profileAction } from "#app/routes/resources/profile";
import { createChangePasswordSchema, createProfileSchema } from "#app/rules/account-validation";
import { useErrorText } from "#app/components/hooks/use-error-text";
import { NewPasswordFields } from "#app/components/account/account-form-fields";
import { PasswordField } from "#app/components/account/password-field";
import { usePasswordStrength } from "#app/components/hooks/use-password-strength";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { Switch } from "../ui/switch.tsx";
import { TextField } from "../ui/text-field.tsx";
import { CONFIRM_DIALOG_WIDTH } from "./delete-account-flow.tsx";
import { useSchemaForm } from "#app/components/hooks/use-schema-form";

/*
 * The editable parts of the profile drawer (studio-admin.md §4 "Account and profile", §5). Each
 * form posts to /resources/profile with its own fetcher; the server checks every rule again and
 * answers with Conform's result and a toast.
 */

const PROFILE_ACTION = href("/resources/profile");

type ProfileActionData = NonNullable<ReturnType<typeof useFetcher<typeof profileAction>>["data"]>;

/** The Conform result of the fetcher's last answer, when it answered `intent`. */
function resultFor(data: ProfileActionData | undefined, intent: "profile" | "password") {
  return data && "intent" in data && data.intent === intent && "result" in data ? data.result : undefined;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8 border-t border-slate-200 pt-6 first:mt-0 first:border-t-0 first:pt-0">
      <h3 className="mb-3 text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

export type ProfileFormValues = { firstname: string; lastname: string; email: string; requestedEmail: string | null };

/**
 * First and last name, and the e-mail: a changed address becomes the requested e-mail, mailed to
 * the new address for confirmation; until then the current one stays the login.
 */
export function ProfileDetailsForm({ profile }: { profile: ProfileFormValues }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof profileAction>();
  const schema = useMemo(() => createProfileSchema({ currentEmail: profile.email }), [profile.email]);
  const [form, fields] = useSchemaForm({
    id: "profile-details",
    schema,
    lastResult: fetcher.state === "idle" ? resultFor(fetcher.data, "profile") : undefined,
    defaultValue: { firstname: profile.firstname, lastname: profile.lastname, email: profile.email },
  });
  const errorText = useErrorText();
  const emailHintId = `${fields.email.id}-hint`;
  return (
    <fetcher.Form method="POST" action={PROFILE_ACTION} {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="profile" />
      <TextField
        id={fields.firstname.id}
        label={t("shell.profile.firstname")}
        errors={errorText(fields.firstname.errors)}
        inputProps={{ ...getInputProps(fields.firstname, { type: "text" }), id: undefined, autoComplete: "given-name" }}
      />
      <TextField
        id={fields.lastname.id}
        label={t("shell.profile.lastname")}
        errors={errorText(fields.lastname.errors)}
        inputProps={{ ...getInputProps(fields.lastname, { type: "text" }), id: undefined, autoComplete: "family-name" }}
      />
      <div className="flex flex-col gap-1">
        <TextField
          id={fields.email.id}
          label={t("shell.profile.email")}
          errors={errorText(fields.email.errors)}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            id: undefined,
            autoComplete: "email",
            "aria-describedby": emailHintId,
          }}
        />
        <p id={emailHintId} className="text-sm text-slate-600">
          {t("shell.profile.emailHint")}
        </p>
        {profile.requestedEmail ? (
          <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-950 ring-1 ring-sky-200" data-testid="requested-email">
            {t("shell.profile.requestedEmail")}: <strong className="break-all">{profile.requestedEmail}</strong>
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" isPending={fetcher.state !== "idle"}>
          {t("shell.profile.save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Current password, new password with the strength meter, confirmation. */
export function ChangePasswordForm({ username, userInputs }: { username: string; userInputs: readonly string[] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof profileAction>();
  const strength = usePasswordStrength();
  const schema = useMemo(() => createChangePasswordSchema({ strength: strength.estimator, userInputs }), [strength, userInputs]);
  const [form, fields] = useSchemaForm({
    id: "profile-password",
    schema,
    lastResult: fetcher.state === "idle" ? resultFor(fetcher.data, "password") : undefined,
  });
  const errorText = useErrorText();
  return (
    <fetcher.Form method="POST" action={PROFILE_ACTION} {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="password" />
      {/* Tells password managers whose password this is; not submitted (no name). */}
      <input type="email" autoComplete="username" value={username} readOnly hidden />
      <PasswordField
        id={fields.currentPassword.id}
        label={t("shell.profile.currentPassword")}
        errors={errorText(fields.currentPassword.errors)}
        inputProps={{
          ...getInputProps(fields.currentPassword, { type: "password" }),
          key: fields.currentPassword.key,
          id: undefined,
          autoComplete: "current-password",
        }}
      />
      <NewPasswordFields
        password={fields.password}
        confirmation={fields.passwordConfirmation}
        labels={{ password: t("shell.profile.newPassword"), confirmation: t("shell.profile.passwordConfirmation") }}
        strength={strength}
        userInputs={userInputs}
        errorText={errorText}
      />
      <div>
        <Button type="submit" isPending={fetcher.state !== "idle"}>
          {t("shell.profile.changePassword")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export type NotificationSetting = { name: "epaperReady" | "zipReady" | "channelPublicationReady"; active: boolean };

/** One switch per notification the user has (user_email_config), saved on every change. */
export function NotificationSwitch({ setting }: { setting: NotificationSetting }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof profileAction>();
  // While the change is on its way (and the drawer's data reloads), show the value asked for.
  const pending = fetcher.formData?.get("active");
  const isSelected = typeof pending === "string" ? pending === "true" : setting.active;
  return (
    <Switch
      isSelected={isSelected}
      onChange={(active) =>
        void fetcher.submit(
          { intent: "notification", name: setting.name, active: String(active) },
          { method: "POST", action: PROFILE_ACTION },
        )
      }
    >
      {t(`deactivateEmail.notifications.${setting.name}`)}
    </Switch>
  );
}

/**
 * An e-mail change support asked for (issue 44): nothing happens until the user approves it here
 * (or by the link in the mail to the current address); then the new address gets its link.
 */
export function PendingEmailChange({ change }: { change: { email: string; requestedBy: string } }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof profileAction>();
  const busy = fetcher.state !== "idle";
  const answer = (intent: "approveEmailChange" | "declineEmailChange") =>
    void fetcher.submit({ intent, email: change.email }, { method: "POST", action: PROFILE_ACTION });
  return (
    <div
      className="flex flex-col gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
      data-testid="pending-email-change"
    >
      <p className="break-words">{t("shell.profile.pendingEmailChangeText", { email: change.email, requestedBy: change.requestedBy })}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          isPending={busy && fetcher.formData?.get("intent") === "approveEmailChange"}
          isDisabled={busy}
          onPress={() => answer("approveEmailChange")}
        >
          {t("shell.profile.approveEmailChange")}
        </Button>
        <Button
          variant="secondary"
          isPending={busy && fetcher.formData?.get("intent") === "declineEmailChange"}
          isDisabled={busy}
          onPress={() => answer("declineEmailChange")}
        >
          {t("shell.profile.declineEmailChange")}
        </Button>
      </div>
    </div>
  );
}

/**
 * Delete profile (deleteProfileButton): a confirmation, then the delete-user mail. The last user
 * of an account is told to delete the account instead ('onlyLastUserLeftDeleteAccountInstead'),
 * before asking when the drawer already knows it, or when the server answers 409.
 */
export function DeleteProfile({
  isLastUser,
  onDeleteAccountInstead,
}: {
  isLastUser: boolean;
  onDeleteAccountInstead: (() => void) | null;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof profileAction>();
  const [dialog, setDialog] = useState<"confirm" | "lastUser" | null>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    setDialog("reason" in result && result.reason === "lastUser" ? "lastUser" : null);
  }, [result]);
  const close = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">{t("shell.profile.deleteHint")}</p>
      <Button variant="secondary" onPress={() => setDialog(isLastUser ? "lastUser" : "confirm")}>
        {t("shell.profile.deleteProfile")}
      </Button>
      <Dialog
        isOpen={dialog === "confirm"}
        onOpenChange={close}
        title={t("shell.profile.deleteConfirmTitle")}
        role="alertdialog"
        maxWidth={CONFIRM_DIALOG_WIDTH}
      >
        <p className="text-slate-800">{t("shell.profile.deleteConfirmText")}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onPress={() => setDialog(null)}>
            {t("shell.profile.cancel")}
          </Button>
          <Button
            isPending={fetcher.state !== "idle"}
            onPress={() => void fetcher.submit({ intent: "deleteProfile" }, { method: "POST", action: PROFILE_ACTION })}
          >
            {t("shell.profile.deleteConfirm")}
          </Button>
        </div>
      </Dialog>
      <Dialog
        isOpen={dialog === "lastUser"}
        onOpenChange={close}
        title={t("shell.profile.lastUserTitle")}
        role="alertdialog"
        maxWidth={CONFIRM_DIALOG_WIDTH}
      >
        <p className="text-slate-800">{t("shell.profile.onlyLastUserLeftDeleteAccountInstead")}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onPress={() => setDialog(null)}>
            {t("shell.profile.cancel")}
          </Button>
          {onDeleteAccountInstead ? (
            <Button
              onPress={() => {
                setDialog(null);
                onDeleteAccountInstead();
              }}
            >
              {t("shell.profile.deleteAccountInstead")}
            </Button>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
