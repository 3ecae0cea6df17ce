import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "react-aria-components";
import { Link } from "react-router";
import type { Toast } from "#app/utils/toast";
import { dismissToast, showFlashedToast, useToasts } from "#app/components/hooks/toast-store";

export type ToasterProps = {
  /** The toast the root loader read from the flash cookie, if any. */
  flashed: unknown;
  /** Where "send error report" mails go; without it the report link is left out. */
  supportEmail: string | null;
  /** The account's Support-ID, named in the report. */
  supportId: string | null;
};

const TONE: Record<Toast["type"], string> = {
  success: "bg-emerald-50 text-emerald-950 ring-emerald-300",
  info: "bg-sky-50 text-sky-950 ring-sky-300",
  error: "bg-red-50 text-red-950 ring-red-300",
};

/**
 * The one toast region. Two live regions that exist from the first render (screen readers
 * announce changes to a live region, not a region that appears): errors assertive, like
 * role=alert, everything else polite, like role=status. aria-live rather than those roles,
 * because an empty, always-present "alert" or "status" would stand beside every page's own.
 */
export function Toaster({ flashed, supportEmail, supportId }: ToasterProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  useEffect(() => showFlashedToast(flashed), [flashed]);
  const errors = toasts.filter((toast) => toast.type === "error");
  const others = toasts.filter((toast) => toast.type !== "error");
  const item = (toast: Toast) => <ToastItem key={toast.id} toast={toast} supportEmail={supportEmail} supportId={supportId} />;
  return (
    // A top layer for react-aria: an open dialog or drawer leaves it alive (not inert), so a message
    // that arrives meanwhile is announced and its buttons can be reached. Above a guided tour's
    // overlay (driver.js, z-index 10000) too, so a message can be read and closed during a tour.
    <section
      aria-label={t("toast.region")}
      data-react-aria-top-layer="true"
      className="pointer-events-none fixed inset-x-3 bottom-3 z-[10001] flex flex-col gap-2 sm:left-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      <ol aria-live="polite" data-testid="toasts-polite" className="flex flex-col gap-2">
        {others.map(item)}
      </ol>
      <ol aria-live="assertive" data-testid="toasts-assertive" className="flex flex-col gap-2">
        {errors.map(item)}
      </ol>
    </section>
  );
}

function ToastItem({ toast, supportEmail, supportId }: { toast: Toast; supportEmail: string | null; supportId: string | null }) {
  const { t } = useTranslation();
  // Hovering or focusing a toast stops its clock, so it can be read and its link reached in time.
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (toast.durationMs === null || paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, paused]);
  const message = t(toast.messageKey as never, toast.params) as string;
  return (
    <li
      data-testid="toast"
      data-type={toast.type}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg p-3 text-sm shadow-lg ring-1 ${TONE[toast.type]}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p>{message}</p>
        {toast.action ? (
          // The zip is a download (the document's own request); the other actions are studio pages.
          <Link
            className="self-start font-semibold underline underline-offset-2"
            to={toast.action.href}
            {...(toast.action.download ? { download: "", reloadDocument: true } : {})}
            onClick={() => dismissToast(toast.id)}
          >
            {t(toast.action.labelKey as never)}
          </Link>
        ) : null}
        {toast.report && supportEmail ? (
          <a
            className="font-semibold underline"
            href={errorReportMailto({ supportEmail, supportId, message, reference: toast.report.reference })}
          >
            {t("toast.sendErrorReport")}
          </a>
        ) : null}
      </div>
      <Button
        aria-label={t("toast.close")}
        onPress={() => dismissToast(toast.id)}
        className="-m-1 flex min-h-8 min-w-8 items-center justify-center rounded-md text-lg leading-none data-[hovered]:bg-black/5"
      >
        <span aria-hidden="true">×</span>
      </Button>
    </li>
  );
}

/**
 * The report mail of studio-core.md §8: message, support id, mobile flag and user agent, plus
 * the reference of the server's log entry. Built in the browser (toasts render only there).
 */
export function errorReportMailto(report: {
  supportEmail: string;
  supportId: string | null;
  message: string;
  reference?: string | undefined;
}) {
  const nav = typeof navigator === "undefined" ? undefined : navigator;
  const mobile =
    (nav as { userAgentData?: { mobile?: boolean } } | undefined)?.userAgentData?.mobile ?? /Mobi|Android/i.test(nav?.userAgent ?? "");
  const body = [
    `Message: ${report.message}`,
    `Support-ID: ${report.supportId ?? "-"}`,
    `Reference: ${report.reference ?? "-"}`,
    `Mobile: ${mobile ? "yes" : "no"}`,
    `User agent: ${nav?.userAgent ?? "-"}`,
    `Page: ${typeof location === "undefined" ? "-" : location.pathname}`,
  ].join("\n");
  const query = new URLSearchParams({ subject: "Error report", body }).toString().replaceAll("+", "%20");
  return `mailto:${report.supportEmail}?${query}`;
}
