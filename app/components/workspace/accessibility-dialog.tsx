import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { href, Link } from "react-router";
import { Dialog } from "#app/components/ui/dialog";
import type { AccessibilityCheck, AccessibilityReport, CheckStatus, NamedPages } from "#app/rules/accessibility-report";

const BADGE: Record<CheckStatus, { symbol: string; className: string }> = {
  pass: { symbol: "✓", className: "bg-emerald-100 text-emerald-900" },
  warn: { symbol: "!", className: "bg-amber-100 text-amber-900" },
  fail: { symbol: "✕", className: "bg-red-100 text-red-900" },
  info: { symbol: "i", className: "bg-slate-100 text-slate-800" },
};

/**
 * The accessibility report of one ePaper (issue 47 item 5, ADR 0067): each check with its status
 * in words (not colour alone), what it found, the pages concerned and where to fix it.
 */
export function AccessibilityDialog(props: { isOpen: boolean; onClose: () => void; epaperId: string; name: string }) {
  const { t } = useTranslation();
  const [report, setReport] = useState<AccessibilityReport | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!props.isOpen) return;
    const controller = new AbortController();
    fetch(href("/epaper/:epaperId/accessibility", { epaperId: props.epaperId }), {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        const answer = response.ok ? ((await response.json()) as { report?: AccessibilityReport }) : null;
        if (answer?.report) setReport(answer.report);
        else setFailed(true);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [props.isOpen, props.epaperId]);

  return (
    <Dialog
      isOpen={props.isOpen}
      onOpenChange={(open) => !open && props.onClose()}
      title={t("accessibility.title", { name: props.name })}
      maxWidth="680px"
    >
      <div className="flex flex-col gap-4 text-sm" data-testid="accessibility-report">
        <p className="text-slate-700">{t("accessibility.intro")}</p>
        {report ? (
          <>
            <p role="status" className="font-medium">
              {report.summary.failed + report.summary.warned === 0
                ? t("accessibility.summaryOk")
                : t("accessibility.summary", report.summary)}
            </p>
            <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200">
              {report.checks.map((check) => (
                <CheckRow key={check.id} check={check} epaperId={props.epaperId} />
              ))}
            </ul>
          </>
        ) : (
          <p role="status">{failed ? t("accessibility.loadFailed") : t("accessibility.loading")}</p>
        )}
      </div>
    </Dialog>
  );
}

function CheckRow({ check, epaperId }: { check: AccessibilityCheck; epaperId: string }) {
  const { t: translate } = useTranslation();
  // Keys built from the check's id and status: every one exists in both languages (locales.test.ts).
  const t = translate as unknown as Translate;
  const badge = BADGE[check.status];
  const { text, pages, editor } = checkText(check, t);
  const editorHref = href("/epaper/:epaperId", { epaperId });
  const firstPage = pages?.pages[0];
  return (
    <li className="flex gap-3 p-3" data-check={check.id} data-status={check.status}>
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full font-bold ${badge.className}`}
      >
        {badge.symbol}
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="font-semibold text-slate-900">
          {t(`accessibility.checks.${check.id}.title`)}
          <span className="font-normal text-slate-700">{` · ${t(`accessibility.status.${check.status}`)}`}</span>
        </h3>
        {text.map((line) => (
          <p key={line} className="text-slate-700">
            {line}
          </p>
        ))}
        {pages && pages.count > 0 ? (
          <p className="text-slate-700">
            {pages.count > pages.pages.length
              ? t("accessibility.pagesMore", { list: pages.pages.join(", "), count: pages.count - pages.pages.length })
              : t("accessibility.pages", { list: pages.pages.join(", ") })}
          </p>
        ) : null}
        {firstPage ? (
          <Link className="self-start font-medium text-brand-700 underline underline-offset-2" to={`${editorHref}?page=${firstPage}`}>
            {t("accessibility.openPage", { page: firstPage })}
          </Link>
        ) : editor ? (
          <Link className="self-start font-medium text-brand-700 underline underline-offset-2" to={editorHref}>
            {t("accessibility.openEditor")}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A check's sentences, the pages it names, and whether the editor is where it is fixed. */
function checkText(check: AccessibilityCheck, t: Translate): { text: string[]; pages?: NamedPages; editor?: boolean } {
  const key = `accessibility.checks.${check.id}.${check.status}`;
  switch (check.id) {
    case "language":
    case "title":
      return { text: [t(key, { value: check.value ?? "" })] };
    case "text": {
      const count =
        check.status === "fail"
          ? check.without.count
          : check.status === "warn"
            ? check.ocr.uncertain.count
            : check.status === "info"
              ? check.pending
              : check.total;
      const ocr =
        check.ocr.count > 0
          ? [t("accessibility.checks.text.ocr", { count: check.ocr.count, confidence: Math.round(check.ocr.lowestConfidence ?? 0) })]
          : [];
      const pages = check.status === "fail" ? check.without : check.status === "warn" ? check.ocr.uncertain : undefined;
      return { text: [t(key, { count }), ...ocr], pages };
    }
    case "readingOrder":
      return { text: [t(key)] };
    case "altText":
    case "linkNames":
      if (check.total === 0) return { text: [t(`accessibility.checks.${check.id}.none`)] };
      return { text: [t(key, { count: check.status === "pass" ? check.total : check.missing.count })], pages: check.missing };
    case "contrast":
      return { text: [t(key, { ratio: check.ratio ?? "–" })], editor: check.status !== "pass" };
    case "toc":
      return { text: [t(key)], editor: check.status !== "pass" };
  }
}
