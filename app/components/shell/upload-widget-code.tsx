import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href, useFetcher } from "react-router";
import { useErrorText } from "#app/components/hooks/use-error-text";
import { useSchemaForm } from "#app/components/hooks/use-schema-form";
import type { action as accountSettingsAction } from "#app/routes/resources/account-settings";
import { WIDGET_LOCALES, WidgetCodeSchema } from "#app/rules/upload-widget";
import { isLocale } from "#app/utils/i18n";
import { Button } from "../ui/button.tsx";
import { CopyableCodeField } from "../ui/copyable-code-field.tsx";
import { TextField } from "../ui/text-field.tsx";

/** The intent of the form below (studio-admin.md §7 create-affiliate-data). */
const INTENT = "createAffiliateData";

type AccountSettingsActionData = NonNullable<ReturnType<typeof useFetcher<typeof accountSettingsAction>>["data"]>;

/** The fetcher's last answer to this form, or undefined (another intent, or none yet). */
function widgetAnswer(data: AccountSettingsActionData | undefined) {
  return data && "intent" in data && data.intent === INTENT ? data : undefined;
}

/**
 * The embedded upload widget's code for the account's own website (account drawer; ADR 0052):
 * the widget's language and an optional return address, then 'create code' asks the server for
 * the account's affiliate digest and the finished iframe (it knows the studio's public address).
 * The code shows in a read-only field with 'copy code'; where the browser refuses the clipboard
 * (an http address other than localhost has none) the code is selected for Ctrl+C instead.
 */
export function UploadWidgetCode() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<typeof accountSettingsAction>();
  const latest = widgetAnswer(fetcher.data);
  const [form, fields] = useSchemaForm({
    id: "upload-widget",
    schema: WidgetCodeSchema,
    lastResult: fetcher.state === "idle" ? latest?.result : undefined,
    defaultValue: { locale: isLocale(i18n.language) ? i18n.language : "de" },
  });
  const errorText = useErrorText();
  // The last code stays while a new one is asked for.
  const code = latest && "widgetCode" in latest && typeof latest.widgetCode === "string" ? latest.widgetCode : null;
  const returnHintId = `${fields.returnUrl.id}-hint`;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t("shell.account.widget.intro")}</p>
      <fetcher.Form method="POST" action={href("/resources/account-settings")} {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={INTENT} />
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.locale.id} className="text-sm font-medium text-slate-800">
            {t("shell.account.widget.language")}
          </label>
          <select
            {...getSelectProps(fields.locale)}
            className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40"
          >
            {WIDGET_LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {t(`language.${locale}`)}
              </option>
            ))}
          </select>
          {fields.locale.errors ? (
            <p id={fields.locale.errorId} className="text-sm text-red-700">
              {errorText(fields.locale.errors)?.join(" ")}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <TextField
            id={fields.returnUrl.id}
            label={t("shell.account.widget.returnUrl")}
            errors={errorText(fields.returnUrl.errors)}
            inputProps={{
              ...getInputProps(fields.returnUrl, { type: "url" }),
              id: undefined,
              inputMode: "url",
              autoComplete: "url",
              placeholder: "https://",
              "aria-describedby": returnHintId,
            }}
          />
          <p id={returnHintId} className="text-sm text-slate-600">
            {t("shell.account.widget.returnUrlHint")}
          </p>
        </div>
        <div>
          <Button type="submit" isPending={fetcher.state !== "idle"}>
            {t("shell.account.widget.create")}
          </Button>
        </div>
      </fetcher.Form>
      {/* Mounted anew for each code (its key): a new code takes the focus, no stale 'copied'. */}
      {code ? (
        <CopyableCodeField
          key={code}
          id="upload-widget-code"
          label={t("shell.account.widget.code")}
          value={code}
          hint={t("shell.account.widget.codeHint")}
          texts={{
            copy: t("shell.account.widget.copy"),
            copied: t("shell.account.widget.copiedStatus"),
            copyManually: t("shell.account.widget.copyManually"),
          }}
        />
      ) : null}
    </div>
  );
}
