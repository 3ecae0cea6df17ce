import { useTranslation } from "#app/components/hooks/use-translation";
import type { EpaperCard as Card } from "#app/rules/epaper-card";

/**
 * The card's line about its publications: the last publishing failed, or which publications are
 * out of date (issue 46: named, wrapped rather than cut off, gone once that one is republished).
 */
export function PublishStateNote({ card, language }: { card: Card; language: string }) {
  const { t } = useTranslation();
  if (card.publishingFailed)
    return (
      <p className="truncate text-xs font-medium text-red-800" data-testid="publishing-failed">
        {t("publish.failed")}
      </p>
    );
  const outdated = (["preview", "zip", "previewLink"] as const).filter((kind) => card[kind]?.outdated);
  if (outdated.length === 0) return null;
  return (
    <p className="line-clamp-2 text-xs font-medium text-amber-800" data-testid="republish-required">
      {t("publish.outdated", {
        list: new Intl.ListFormat(language, { type: "conjunction" }).format(outdated.map((kind) => t(`publish.outdatedKinds.${kind}`))),
      })}
    </p>
  );
}

/** The card's state line: its state, its pages once ready, and the pages to check (issue 46 item 11). */
export function CardStatusLine({ card, state }: { card: Card; state: "processing" | "failed" | "cancelled" | "ready" | "empty" }) {
  const { t } = useTranslation();
  return (
    <p className="truncate text-xs text-slate-600">
      {t(`epaper.card.status.${state === "empty" ? "cancelled" : state}`)}
      {state === "ready" ? ` · ${t("epaper.card.pages", { count: card.pageCount })}` : ""}
      {state === "ready" && card.pagesToCheck > 0 ? (
        <span className="font-medium text-amber-800" data-testid="pages-to-check">
          {` · ${t("epaper.card.pagesToCheck", { count: card.pagesToCheck })}`}
        </span>
      ) : null}
      {state === "ready" && card.ocrPending > 0 ? (
        <span data-testid="recognizing">{` · ${t("epaper.card.recognizing", { count: card.ocrPending })}`}</span>
      ) : null}
    </p>
  );
}
