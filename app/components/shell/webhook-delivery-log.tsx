import { useCallback, useEffect, useRef, useState } from "react";
import { formatDateTime } from "#app/utils/format-date";
import { href, useFetcher } from "react-router";
import { useTranslation } from "#app/components/hooks/use-translation";
import type { loader as deliveriesLoader } from "#app/routes/resources/webhook-deliveries";
import type { action as webhooksAction } from "#app/routes/resources/webhooks";
import { WEBHOOK_LOG_EVENT_KEYS, WEBHOOK_LOG_LIMIT, type WebhookDeliveryView, type WebhookEndpointView } from "#app/rules/webhooks";
import { Button } from "../ui/button.tsx";
import { WebhookAttempt } from "./webhook-attempt.tsx";

/*
 * One endpoint's delivery log in the account drawer (ADR 0058): its newest deliveries, each with
 * its event, state and every attempt (time, HTTP status or what went wrong, duration, and the
 * request and response: webhook-attempt.tsx), 'send again' and 'send test event' (issue 45) for
 * owners and managers. While a delivery waits, or after 'send again', the log reloads
 * every few seconds by itself; 'refresh' reloads it at once.
 */

const POLL_MS = 3_000;
/** After 'send again' the log follows the new attempt this long, even when nothing was pending. */
const FOLLOW_MS = 20_000;

export function WebhookDeliveryLog({ id, endpoint, canSend }: { id: string; endpoint: WebhookEndpointView; canSend: boolean }) {
  const { t } = useTranslation();
  const log = useFetcher<typeof deliveriesLoader>();
  const { load } = log;
  const url = href("/resources/webhooks/:endpointId/deliveries", { endpointId: endpoint.id });
  const reload = useCallback(() => void load(url), [load, url]);
  useEffect(reload, [reload]);
  const sender = useFetcher<typeof webhooksAction>();
  const [followUntil, setFollowUntil] = useState(0);
  const pinger = useFetcher<typeof webhooksAction>();
  const sent = sender.state === "idle" && sender.data && "ok" in sender.data && sender.data.ok === true ? sender.data : null;
  const pinged = pinger.state === "idle" && pinger.data && "ok" in pinger.data && pinger.data.ok === true ? pinger.data : null;
  useEffect(() => {
    if (!pinged) return;
    setFollowUntil(Date.now() + FOLLOW_MS);
    reload();
  }, [pinged, reload]);
  useEffect(() => {
    if (!sent) return;
    setFollowUntil(Date.now() + FOLLOW_MS);
    reload();
  }, [sent, reload]);
  const data = log.data && "deliveries" in log.data ? log.data : null;
  const pending = data?.deliveries.some((delivery) => delivery.state === "pending") ?? false;
  // Follows a waiting delivery (or a 'send again') without the user pressing 'refresh'.
  const loading = useRef(log.state);
  loading.current = log.state;
  useEffect(() => {
    if (!pending && followUntil <= Date.now()) return;
    const timer = setInterval(() => {
      if (loading.current === "idle") reload();
      if (!pending && followUntil <= Date.now()) clearInterval(timer);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, followUntil, reload]);
  const title = t("webhooks.logTitle", { url: endpoint.url });
  return (
    <section id={id} aria-label={title} className="mt-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold break-all">{title}</h4>
        <div className="flex flex-wrap gap-2">
          {canSend ? (
            <Button
              variant="secondary"
              isPending={pinger.state !== "idle"}
              aria-label={t("webhooks.pingLabel", { url: endpoint.url })}
              onPress={() =>
                void pinger.submit(
                  { intent: "sendWebhookPing", endpointId: endpoint.id },
                  { method: "POST", action: href("/resources/webhooks") },
                )
              }
            >
              {t("webhooks.ping")}
            </Button>
          ) : null}
          <Button variant="secondary" onPress={reload}>
            {t("webhooks.refresh")}
          </Button>
        </div>
      </div>
      {data === null ? null : data.deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("webhooks.logEmpty")}</p>
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-600">{t("webhooks.logNewest", { max: WEBHOOK_LOG_LIMIT })}</p>
          <ul className="flex flex-col gap-3" aria-label={title}>
            {data.deliveries.map((delivery) => (
              <Delivery
                key={delivery.id}
                delivery={delivery}
                canSend={canSend}
                sending={sender.state !== "idle"}
                onSend={() =>
                  void sender.submit(
                    { intent: "sendWebhookAgain", deliveryId: delivery.id },
                    { method: "POST", action: href("/resources/webhooks") },
                  )
                }
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const STATE_STYLE = {
  pending: "bg-amber-100 text-amber-900",
  delivered: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
} as const;

function Delivery(props: { delivery: WebhookDeliveryView; canSend: boolean; sending: boolean; onSend: () => void }) {
  const { t, i18n } = useTranslation();
  const { delivery } = props;
  const time = (iso: string) => formatDateTime(iso, i18n.language, { seconds: true });
  const type = t(`webhooks.event.${WEBHOOK_LOG_EVENT_KEYS[delivery.type]}`);
  return (
    <li className="rounded-md bg-white p-3 text-sm ring-1 ring-slate-200" data-state={delivery.state}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">
            {type} <code className="text-xs text-slate-600">{delivery.type}</code>
          </p>
          <p className="text-slate-600">
            <time dateTime={delivery.createdAt}>{time(delivery.createdAt)}</time> ·{" "}
            <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATE_STYLE[delivery.state]}`}>
              {t(`webhooks.state.${delivery.state}`)}
            </span>{" "}
            · {t("webhooks.attempts", { count: delivery.attempts })}
          </p>
          {delivery.nextAttemptAt ? (
            <p className="text-slate-600">{t("webhooks.nextAttempt", { time: time(delivery.nextAttemptAt) })}</p>
          ) : null}
          <p className="text-xs break-all text-slate-500">{delivery.eventId}</p>
        </div>
        {props.canSend ? (
          <Button
            variant="secondary"
            isPending={props.sending}
            aria-label={t("webhooks.sendAgainLabel", { type, time: time(delivery.createdAt) })}
            onPress={props.onSend}
          >
            {t("webhooks.sendAgain")}
          </Button>
        ) : null}
      </div>
      {delivery.log.length ? (
        <ol
          className="mt-2 flex flex-col gap-1 border-t border-slate-100 pt-2"
          aria-label={t("webhooks.attempts", { count: delivery.log.length })}
        >
          {delivery.log.map((attempt) => (
            <WebhookAttempt key={attempt.id} attempt={attempt} payload={delivery.payload} time={time} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}
