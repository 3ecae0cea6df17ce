import { getFormProps, getInputProps } from "@conform-to/react";
import { formatDateTime } from "#app/utils/format-date";
import { useCallback, useEffect, useState } from "react";
import { href, useFetcher } from "react-router";
import { useErrorText } from "#app/components/hooks/use-error-text";
import { useSchemaForm } from "#app/components/hooks/use-schema-form";
import { useTranslation } from "#app/components/hooks/use-translation";
import type { action as webhooksAction, loader as webhooksLoader } from "#app/routes/resources/webhooks";
import {
  WEBHOOK_EVENT_KEYS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookEndpointView,
  WebhookEndpointFormSchema,
  type WebhookEventType,
} from "#app/rules/webhooks";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { CopyButton } from "../ui/copy-button.tsx";
import { TextField } from "../ui/text-field.tsx";
import { Section } from "./profile-sections.tsx";
import { WebhookDeliveryLog } from "./webhook-delivery-log.tsx";

/*
 * The account drawer's webhooks (issue 32 item 4, ADR 0058): owners and managers add an endpoint
 * (its https address and the events it wants); its signing secret is shown once, to copy; the
 * list shows each endpoint's address, events and creation, opens its delivery log, and deletes it
 * after a confirmation. The section is absent for users without webhooks.
 */

const WEBHOOKS_URL = href("/resources/webhooks");

export function WebhooksSection() {
  const { t } = useTranslation();
  const list = useFetcher<typeof webhooksLoader>();
  const { load } = list;
  const reload = useCallback(() => void load(WEBHOOKS_URL), [load]);
  useEffect(reload, [reload]);
  const data = list.data;
  if (!data?.allowed) return null;
  return (
    <Section title={t("webhooks.title")}>
      <p className="mb-2 text-sm text-slate-600">{t("webhooks.hint")}</p>
      <p className="mb-4 text-sm break-words text-slate-600">{t("webhooks.signatureHint")}</p>
      {data.canEdit ? (
        <CreateEndpointForm onChanged={reload} />
      ) : (
        <p className="mb-4 text-sm text-slate-600">{t("webhooks.administered")}</p>
      )}
      <EndpointList endpoints={data.endpoints} canEdit={data.canEdit} onChanged={reload} />
    </Section>
  );
}

export const eventLabelKey = (type: WebhookEventType) => `webhooks.event.${WEBHOOK_EVENT_KEYS[type]}` as const;

function CreateEndpointForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof webhooksAction>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm({
    id: "webhook-endpoint",
    schema: WebhookEndpointFormSchema,
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: { url: "", events: [...WEBHOOK_EVENTS] },
  });
  const errorText = useErrorText({ max: WEBHOOK_URL_MAX });
  // The secret stays on screen until the user says they have it, then it is gone for good.
  const [shown, setShown] = useState<{ secret: string; endpoint: WebhookEndpointView } | null>(null);
  const created = answer && "intent" in answer && answer.intent === "createdWebhook" ? answer : null;
  useEffect(() => {
    if (!created) return;
    setShown({ secret: created.secret, endpoint: created.endpoint });
    onChanged();
  }, [created, onChanged]);
  if (shown) {
    const label = t("webhooks.secretLabel", { url: shown.endpoint.url });
    return (
      <div className="mb-6 rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200">
        <p className="mb-2 text-sm font-medium text-emerald-900" role="status">
          {t("webhooks.created")} {t("webhooks.secretOnce")}
        </p>
        <label htmlFor="webhook-secret" className="sr-only">
          {label}
        </label>
        <div className="flex gap-2">
          <input
            id="webhook-secret"
            readOnly
            value={shown.secret}
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 font-mono text-sm"
          />
          <CopyButton text={shown.secret} label={label} copy={t("webhooks.copy")} copied={t("webhooks.copied")} />
        </div>
        <Button variant="secondary" className="mt-3" onPress={() => setShown(null)}>
          {t("webhooks.done")}
        </Button>
      </div>
    );
  }
  const eventErrors = errorText(fields.events.errors, "");
  return (
    <fetcher.Form method="POST" action={WEBHOOKS_URL} {...getFormProps(form)} className="mb-6 flex flex-col gap-4">
      <input type="hidden" name="intent" value="createWebhook" />
      <TextField
        id={fields.url.id}
        label={t("webhooks.url")}
        errors={errorText(fields.url.errors, "")}
        inputProps={{ ...getInputProps(fields.url, { type: "url" }), id: undefined, autoComplete: "off", placeholder: "https://" }}
      />
      <fieldset aria-describedby={eventErrors?.length ? `${fields.events.id}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t("webhooks.events")}</legend>
        <div className="flex flex-col">
          {WEBHOOK_EVENTS.map((type) => (
            <label key={type} className="flex min-h-10 items-center gap-2 text-sm">
              <input type="checkbox" name={fields.events.name} value={type} defaultChecked className="size-4 shrink-0 accent-brand-600" />
              <span>
                {t(eventLabelKey(type))} <code className="text-xs text-slate-600">{type}</code>
              </span>
            </label>
          ))}
        </div>
        {eventErrors?.length ? (
          <p id={`${fields.events.id}-error`} className="mt-1 text-sm text-red-700">
            {eventErrors.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" isPending={fetcher.state !== "idle"}>
          {t("webhooks.create")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function EndpointList({ endpoints, canEdit, onChanged }: { endpoints: WebhookEndpointView[]; canEdit: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const remover = useFetcher<typeof webhooksAction>();
  const [confirming, setConfirming] = useState<WebhookEndpointView | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const removed = remover.state === "idle" && remover.data && "ok" in remover.data && remover.data.ok === true ? remover.data : null;
  useEffect(() => {
    if (removed) onChanged();
  }, [removed, onChanged]);
  if (endpoints.length === 0) return <p className="text-sm text-slate-600">{t("webhooks.none")}</p>;
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <>
      <ul className="flex flex-col divide-y divide-slate-200" aria-label={t("webhooks.title")}>
        {endpoints.map((endpoint) => {
          const logId = `webhook-log-${endpoint.id}`;
          const expanded = open === endpoint.id;
          return (
            <li key={endpoint.id} className="py-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-all">{endpoint.url}</p>
                  <p className="text-slate-700">{endpoint.events.map((type) => t(eventLabelKey(type))).join(", ")}</p>
                  <p className="text-slate-600">
                    {t("webhooks.createdAt")}: {date(endpoint.createdAt)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    aria-expanded={expanded}
                    aria-controls={expanded ? logId : undefined}
                    aria-label={t("webhooks.showLogLabel", { url: endpoint.url })}
                    onPress={() => setOpen(expanded ? null : endpoint.id)}
                  >
                    {t("webhooks.showLog")}
                  </Button>
                  {canEdit ? (
                    <Button
                      variant="secondary"
                      aria-label={t("webhooks.deleteLabel", { url: endpoint.url })}
                      onPress={() => setConfirming(endpoint)}
                    >
                      {t("webhooks.delete")}
                    </Button>
                  ) : null}
                </div>
              </div>
              {expanded ? <WebhookDeliveryLog id={logId} endpoint={endpoint} canSend={canEdit} /> : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t("webhooks.deleteTitle")}
        text={t("webhooks.deleteText", { url: confirming?.url ?? "" })}
        confirm={t("webhooks.delete")}
        cancel={t("webhooks.cancel")}
        onConfirm={() => {
          if (confirming)
            void remover.submit({ intent: "deleteWebhook", endpointId: confirming.id }, { method: "POST", action: WEBHOOKS_URL });
        }}
      />
    </>
  );
}
