import { getFormProps, getInputProps } from "@conform-to/react";
import { formatDateTime } from "#app/utils/format-date";
import { useCallback, useEffect, useState } from "react";
import { href, useFetcher } from "react-router";
import { useErrorText } from "#app/components/hooks/use-error-text";
import { useSchemaForm } from "#app/components/hooks/use-schema-form";
import { useTranslation } from "#app/components/hooks/use-translation";
import type { action as apiKeysAction, loader as apiKeysLoader } from "#app/routes/resources/api-keys";
import { API_KEY_NAME_MAX, API_KEY_SCOPES, ApiKeyFormSchema, type ApiKeyView } from "#app/rules/api-keys";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { CopyButton } from "../ui/copy-button.tsx";
import { TextField } from "../ui/text-field.tsx";
import { Section } from "./profile-sections.tsx";

/*
 * The account drawer's API keys (issue 32, ADR 0056): owners and managers name a key and choose
 * its scopes; its secret is shown once, to copy; the list shows each key's prefix, creation and
 * last use, and revokes a key at once. The section is absent for users without apiKeys.
 */

const KEYS_URL = href("/resources/api-keys");

export function ApiKeysSection() {
  const { t } = useTranslation();
  const list = useFetcher<typeof apiKeysLoader>();
  const { load } = list;
  const reload = useCallback(() => void load(KEYS_URL), [load]);
  useEffect(reload, [reload]);
  const data = list.data;
  if (!data?.allowed) return null;
  return (
    <Section title={t("apiKeys.title")}>
      <p className="mb-4 text-sm text-slate-600">
        {t("apiKeys.hint")}{" "}
        <a href={href("/api/docs")} target="_blank" rel="noreferrer" className="underline">
          {t("apiKeys.docs")}
        </a>
      </p>
      {data.canCreate ? <CreateKeyForm onChanged={reload} /> : <p className="mb-4 text-sm text-slate-600">{t("apiKeys.administered")}</p>}
      <KeyList keys={data.keys} canRevoke={data.canCreate} onChanged={reload} />
    </Section>
  );
}

function CreateKeyForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof apiKeysAction>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm({
    id: "api-key",
    schema: ApiKeyFormSchema,
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: { name: "", scopes: ["read"] },
  });
  const errorText = useErrorText({ max: API_KEY_NAME_MAX });
  // The new key stays on screen until the user says they have it, then it is gone for good.
  const [shown, setShown] = useState<{ token: string; key: ApiKeyView } | null>(null);
  const created = answer && "intent" in answer && answer.intent === "createdApiKey" ? answer : null;
  useEffect(() => {
    if (!created) return;
    setShown({ token: created.token, key: created.key });
    onChanged();
  }, [created, onChanged]);
  if (shown) {
    const label = t("apiKeys.secretLabel", { name: shown.key.name });
    return (
      <div className="mb-6 rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200">
        <p className="mb-2 text-sm font-medium text-emerald-900" role="status">
          {t("apiKeys.created")} {t("apiKeys.secretOnce")}
        </p>
        <label htmlFor="api-key-secret" className="sr-only">
          {label}
        </label>
        <div className="flex gap-2">
          <input
            id="api-key-secret"
            readOnly
            value={shown.token}
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 font-mono text-sm"
          />
          <CopyButton text={shown.token} label={label} copy={t("apiKeys.copy")} copied={t("apiKeys.copied")} />
        </div>
        <Button variant="secondary" className="mt-3" onPress={() => setShown(null)}>
          {t("apiKeys.done")}
        </Button>
      </div>
    );
  }
  const scopeErrors = errorText(fields.scopes.errors, "");
  return (
    <fetcher.Form method="POST" action={KEYS_URL} {...getFormProps(form)} className="mb-6 flex flex-col gap-4">
      <input type="hidden" name="intent" value="createApiKey" />
      <TextField
        id={fields.name.id}
        label={t("apiKeys.name")}
        errors={errorText(fields.name.errors, "")}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), id: undefined, autoComplete: "off" }}
      />
      <fieldset aria-describedby={scopeErrors?.length ? `${fields.scopes.id}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t("apiKeys.scopes")}</legend>
        <div className="flex flex-wrap gap-4">
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.scopes.name}
                value={scope}
                defaultChecked={scope === "read"}
                className="size-4 accent-brand-600"
              />
              {t(`apiKeys.scope.${scope}`)}
            </label>
          ))}
        </div>
        {scopeErrors?.length ? (
          <p id={`${fields.scopes.id}-error`} className="mt-1 text-sm text-red-700">
            {scopeErrors.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" isPending={fetcher.state !== "idle"}>
          {t("apiKeys.create")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function KeyList({ keys, canRevoke, onChanged }: { keys: ApiKeyView[]; canRevoke: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const revoker = useFetcher<typeof apiKeysAction>();
  const [confirming, setConfirming] = useState<ApiKeyView | null>(null);
  const revoked = revoker.state === "idle" && revoker.data && "ok" in revoker.data ? revoker.data : null;
  useEffect(() => {
    if (revoked) onChanged();
  }, [revoked, onChanged]);
  if (keys.length === 0) return <p className="text-sm text-slate-600">{t("apiKeys.none")}</p>;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t("apiKeys.never"));
  return (
    <>
      <ul className="flex flex-col divide-y divide-slate-200" aria-label={t("apiKeys.title")}>
        {keys.map((key) => (
          <li key={key.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium break-words">{key.name}</p>
              <p>
                <code className="text-xs">{key.prefix}…</code> · {key.scopes.map((scope) => t(`apiKeys.scope.${scope}`)).join(", ")}
              </p>
              <p className="text-slate-600">
                {t("apiKeys.createdAt")}: {date(key.createdAt)} · {t("apiKeys.lastUsedAt")}: {date(key.lastUsedAt)}
              </p>
            </div>
            {canRevoke ? (
              <Button variant="secondary" aria-label={t("apiKeys.revokeLabel", { name: key.name })} onPress={() => setConfirming(key)}>
                {t("apiKeys.revoke")}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t("apiKeys.revokeTitle")}
        text={t("apiKeys.revokeText", { name: confirming?.name ?? "" })}
        confirm={t("apiKeys.revoke")}
        cancel={t("apiKeys.cancel")}
        onConfirm={() => {
          if (confirming) void revoker.submit({ intent: "revokeApiKey", keyId: confirming.id }, { method: "POST", action: KEYS_URL });
        }}
      />
    </>
  );
}
