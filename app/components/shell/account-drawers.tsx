import { getFormProps, getInputProps } from "@conform-to/react";
import { type ReactNode, useEffect, useMemo } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { pageExchangeMaxOf } from "#app/rules/page-structure";
import { useFetcher, href } from "react-router";
import { Drawer } from "#app/components/ui/drawer";
import type { action as accountSettingsAction, loader as accountSettingsLoader } from "#app/routes/resources/account-settings";
import type { loader as profileLoader } from "#app/routes/resources/profile";
import { AccountSchema } from "#app/rules/account-validation";
import { PERMISSION_LEVELS, type PermissionLevel } from "#app/rules/permissions";
import { useErrorText } from "#app/components/hooks/use-error-text";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/text-field.tsx";
import { type DeleteAccountOffer, useDeleteAccountFlow } from "./delete-account-flow.tsx";
import {
  ChangePasswordForm,
  DeleteProfile,
  NotificationSwitch,
  PendingEmailChange,
  ProfileDetailsForm,
  Section,
} from "./profile-sections.tsx";
import { useSchemaForm } from "#app/components/hooks/use-schema-form";
import { UploadWidgetCode } from "./upload-widget-code.tsx";
import { ApiKeysSection } from "./api-keys-section.tsx";
import { WebhooksSection } from "./webhooks-section.tsx";
import { remainingTime, remainingTimeKey } from "#app/rules/remaining-time";

/** What the account drawer shows: the current account (after a support switch, the switched-to one). */
export type AccountView = {
  supportId: string;
  name: string;
  customerId: string | null;
  /** -1 is unlimited (studio-admin.md §1). */
  zipContingent: number;
  channelContingent: number;
  pageExchangeMax: number | null;
  isGenerated: boolean;
  /** Storage time of a generated account. */
  removeAt: Date | null;
  /** The user acts in an account that is not their own (administeredWarning). */
  administered: boolean;
};

export type ProfileView = {
  firstname: string;
  lastname: string;
  email: string;
  /** A new address waiting for its confirmation link. */
  requestedEmail: string | null;
  emailLanguage: string;
  /** The highest permission level, '1'–'4', or null. */
  level: string | null;
};

function isPermissionLevel(value: string | null): value is PermissionLevel {
  return (PERMISSION_LEVELS as readonly (string | null)[]).includes(value);
}

/** What the main menu opens over the page: a drawer, or the media dialog. */
export type OpenDrawer = "account" | "profile" | "media" | null;

function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="pt-2 text-sm text-slate-600 sm:pt-0">{label}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A polite "loading" line while a drawer fetches what only the server can say (permissions, settings). */
function Loading() {
  const { t } = useTranslation();
  return (
    <p className="mt-8 text-sm text-slate-600" role="status">
      {t("shell.drawer.loading")}
    </p>
  );
}

/**
 * The drawers' own data (permissions for the writes, notification settings, active channels…)
 * comes from their resource route when they open; every write the drawer makes revalidates it.
 */
function useDrawerData<T>(href: string) {
  const fetcher = useFetcher<T>();
  const { load } = fetcher;
  useEffect(() => {
    void load(href);
  }, [load, href]);
  return fetcher.data;
}

export function AccountDrawer({ account, isOpen, onClose }: { account: AccountView; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={t("shell.account.title")}>
      <AccountDrawerContent account={account} onClose={onClose} />
    </Drawer>
  );
}

function AccountDrawerContent({ account, onClose }: { account: AccountView; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useDrawerData<typeof accountSettingsLoader>(href("/resources/account-settings"));
  const none = t("shell.account.none");
  const contingent = account.zipContingent === -1 ? t("shell.account.unlimited") : String(account.zipContingent);
  const canEditName = settings?.canEditName ?? false;
  return (
    <>
      {account.administered ? (
        <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">{t("shell.account.administered")}</p>
      ) : null}
      <Section title={t("shell.account.details")}>
        {canEditName ? <AccountNameForm key={account.name} name={account.name} /> : null}
        <div className={canEditName ? "mt-6" : ""}>
          <Facts
            rows={[
              ...(canEditName ? [] : [[t("shell.account.name"), account.name] as [string, string]]),
              [t("shell.account.supportId"), <code key="id">{account.supportId}</code>],
              [t("shell.account.customerId"), account.customerId ?? none],
              [t("shell.account.zipContingent"), contingent],
              [t("shell.account.channelContingent"), String(account.channelContingent)],
              [t("shell.account.pageExchangeMax"), String(pageExchangeMaxOf(account))],
              ...(account.isGenerated && account.removeAt
                ? [
                    [
                      t("shell.account.removeAt"),
                      t(remainingTimeKey(remainingTime(account.removeAt)), { count: remainingTime(account.removeAt).count }),
                    ] as [string, string],
                  ]
                : []),
            ]}
          />
        </div>
        {settings && !canEditName && !account.isGenerated ? (
          <p className="mt-4 text-sm text-slate-600">{t("shell.account.readOnlyName")}</p>
        ) : null}
      </Section>
      {settings?.affiliate ? (
        <Section title={t("shell.account.widget.title")}>
          <UploadWidgetCode />
          <div className="mt-6">
            <Facts
              rows={[
                [t("shell.account.widget.referredTrying"), String(settings.affiliate.referred.trying)],
                [t("shell.account.widget.referredSignedUp"), String(settings.affiliate.referred.signedUp)],
              ]}
            />
          </div>
        </Section>
      ) : null}
      <ApiKeysSection />
      <WebhooksSection />
      {settings ? (
        settings.deleteAccount.allowed ? (
          <Section title={t("shell.account.deleteSection")}>
            <DeleteAccount offer={settings.deleteAccount} supportEmail={settings.supportEmail} onLeave={onClose} />
          </Section>
        ) : null
      ) : (
        <Loading />
      )}
    </>
  );
}

/** The company name (account.name) for owners and managers (editAccount); the server checks again. */
function AccountNameForm({ name }: { name: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof accountSettingsAction>();
  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm({
    id: "account-name",
    schema: AccountSchema,
    lastResult: data && "result" in data ? data.result : undefined,
    defaultValue: { name },
  });
  const errorText = useErrorText();
  return (
    <fetcher.Form method="POST" action={href("/resources/account-settings")} {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="rename" />
      <TextField
        id={fields.name.id}
        label={t("shell.account.name")}
        errors={errorText(fields.name.errors)}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), id: undefined, autoComplete: "organization" }}
      />
      <div>
        <Button type="submit" isPending={fetcher.state !== "idle"}>
          {t("shell.account.save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function DeleteAccount({ offer, supportEmail, onLeave }: { offer: DeleteAccountOffer; supportEmail: string | null; onLeave: () => void }) {
  const { t } = useTranslation();
  const flow = useDeleteAccountFlow({ offer, supportEmail, onLeave });
  if (offer.administered) return <p className="text-sm text-slate-700">{t("shell.account.deleteAdministered")}</p>;
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">{t("shell.account.deleteHint")}</p>
      <Button variant="secondary" onPress={flow.start}>
        {t("shell.account.deleteAccount")}
      </Button>
      {flow.dialogs}
    </>
  );
}

export function ProfileDrawer({ profile, isOpen, onClose }: { profile: ProfileView; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={t("shell.profile.title")}>
      <ProfileDrawerContent profile={profile} onClose={onClose} />
    </Drawer>
  );
}

function ProfileDrawerContent({ profile, onClose }: { profile: ProfileView; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useDrawerData<typeof profileLoader>(href("/resources/profile"));
  const none = t("shell.account.none");
  const level = isPermissionLevel(profile.level) ? t(`shell.profile.levels.${profile.level}`) : none;
  const language =
    profile.emailLanguage === "de" || profile.emailLanguage === "en" ? t(`language.${profile.emailLanguage}`) : profile.emailLanguage;
  // The form starts again from the stored values after each save (the layout's data revalidates).
  const formKey = [profile.firstname, profile.lastname, profile.email, profile.requestedEmail].join("\u0000");
  const passwordInputs = useMemo(
    () => [profile.email, profile.firstname, profile.lastname, ...(settings ? [settings.deleteAccount.accountName] : [])].filter(Boolean),
    [profile.email, profile.firstname, profile.lastname, settings],
  );
  return (
    <>
      <Section title={t("shell.profile.personal")}>
        <ProfileDetailsForm key={formKey} profile={profile} />
        <div className="mt-6">
          <Facts
            rows={[
              [t("shell.profile.emailLanguage"), language],
              [t("shell.profile.level"), level],
            ]}
          />
        </div>
      </Section>
      {/* Next to the address it would change (issue 44): the request waits for this user's answer. */}
      {settings?.pendingEmailChange ? (
        <Section title={t("shell.profile.pendingEmailChange")}>
          <PendingEmailChange change={settings.pendingEmailChange} />
        </Section>
      ) : null}
      <Section title={t("shell.profile.passwordSection")}>
        <ChangePasswordForm username={profile.email} userInputs={passwordInputs} />
      </Section>
      {settings ? <ProfileSettings settings={settings} onClose={onClose} /> : <Loading />}
    </>
  );
}

type ProfileSettingsData = NonNullable<ReturnType<typeof useDrawerData<typeof profileLoader>>>;

function ProfileSettings({ settings, onClose }: { settings: ProfileSettingsData; onClose: () => void }) {
  const { t } = useTranslation();
  const accountFlow = useDeleteAccountFlow({ offer: settings.deleteAccount, supportEmail: settings.supportEmail, onLeave: onClose });
  const canDeleteAccountInstead = settings.deleteAccount.allowed && !settings.deleteAccount.administered;
  return (
    <>
      {settings.notifications.length > 0 ? (
        <Section title={t("shell.profile.notifications")}>
          <p className="mb-2 text-sm text-slate-600">{t("shell.profile.notificationsHint")}</p>
          <div className="flex flex-col">
            {settings.notifications.map((setting) => (
              <NotificationSwitch key={setting.name} setting={setting} />
            ))}
          </div>
        </Section>
      ) : null}
      {settings.canDeleteProfile ? (
        <Section title={t("shell.profile.deleteSection")}>
          <DeleteProfile isLastUser={settings.isLastUser} onDeleteAccountInstead={canDeleteAccountInstead ? accountFlow.start : null} />
          {accountFlow.dialogs}
        </Section>
      ) : null}
    </>
  );
}
