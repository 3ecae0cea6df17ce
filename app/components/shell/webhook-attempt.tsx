import { useTranslation } from "#app/components/hooks/use-translation";
import type { WebhookAttemptView } from "#app/rules/webhooks";

/*
 * One attempt of a webhook delivery in the delivery log (ADR 0058): its time, the HTTP status or
 * what went wrong, its duration, and, behind a disclosure, the exchange a receiver's developer
 * needs (issue 45): the request's headers and body (the event; no secret travels in either) and
 * the response's status, headers and first kilobyte. A native <details>: keyboard and screen
 * readers know it, and it needs no script.
 */

const REFUSALS = ["address", "timeout", "network"] as const;

/** The body as sent or received: JSON indented, anything else as it came. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Headers({ headers }: { headers: Record<string, string> }) {
  return (
    <pre className="overflow-x-auto rounded bg-slate-100 p-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-800">
      {Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join("\n")}
    </pre>
  );
}

function Body({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <pre className="max-h-64 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-800">
      {text === "" ? t("webhooks.emptyBody") : readable(text)}
    </pre>
  );
}

export function WebhookAttempt(props: { attempt: WebhookAttemptView; payload: string; time: (iso: string) => string }) {
  const { t } = useTranslation();
  const { attempt, time } = props;
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  const reason = REFUSALS.find((refusal) => attempt.error?.startsWith(`${refusal}:`));
  const outcome =
    attempt.statusCode !== null
      ? t("webhooks.status", { status: attempt.statusCode })
      : reason
        ? t(`webhooks.refusal.${reason}`)
        : (attempt.error ?? "");
  const detail =
    attempt.statusCode === null && reason
      ? attempt.error?.slice(reason.length + 1).trim()
      : attempt.statusCode !== null
        ? attempt.error
        : null;
  const heading = "mt-2 text-xs font-semibold text-slate-800";
  return (
    <li className="text-xs text-slate-700">
      <time dateTime={attempt.at}>{time(attempt.at)}</time> ·{" "}
      <span className={ok ? "font-medium text-emerald-800" : "font-medium text-red-800"}>{outcome}</span> ·{" "}
      {t("webhooks.duration", { ms: attempt.durationMs })}
      {attempt.manual ? ` · ${t("webhooks.manual")}` : ""}
      {detail ? <span className="block break-all text-slate-500">{detail}</span> : null}
      <details className="mt-1">
        <summary
          className="min-h-6 cursor-pointer text-brand-700 underline-offset-2 hover:underline"
          aria-label={t("webhooks.exchangeLabel", { time: time(attempt.at) })}
        >
          {t("webhooks.exchange")}
        </summary>
        {attempt.requestHeaders === null ? (
          <p className="mt-1 text-slate-600">{t("webhooks.noExchange")}</p>
        ) : (
          <div className="mt-1 flex flex-col gap-1">
            <p className={heading}>{t("webhooks.request")}</p>
            <p className="text-slate-600">{t("webhooks.headers")}</p>
            <Headers headers={attempt.requestHeaders} />
            <p className="text-slate-600">{t("webhooks.body")}</p>
            <Body text={props.payload} />
            <p className={heading}>
              {t("webhooks.response")}
              {attempt.statusCode !== null ? `: ${t("webhooks.status", { status: attempt.statusCode })}` : ""}
            </p>
            {attempt.responseHeaders === null ? (
              <p className="text-slate-600">{t("webhooks.noResponse")}</p>
            ) : (
              <>
                <p className="text-slate-600">{t("webhooks.headers")}</p>
                <Headers headers={attempt.responseHeaders} />
                <p className="text-slate-600">{t("webhooks.bodyFirstKb")}</p>
                <Body text={attempt.responseBody ?? ""} />
              </>
            )}
          </div>
        )}
      </details>
    </li>
  );
}
