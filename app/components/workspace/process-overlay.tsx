import { useTranslation } from "#app/components/hooks/use-translation";
import type { EpaperCard as Card } from "#app/rules/epaper-card";
import { isPageProcess } from "#app/rules/page-structure";
import { Button } from "#app/components/ui/button";

/** Live progress of a running render, newer than the loader's data (from renderProgress events). */
export type LiveProgress = { pageCount: number; pageCountReady: number; downloadDone: boolean; splitDone: boolean };

/**
 * The overlay of an ePaper card while a process runs (studio-core.md §4): the progress text,
 * a bar (counted pages, or busy for publishing, moves and deletions) and cancel where it applies.
 */
export function ProcessOverlay(props: {
  card: Card;
  live: LiveProgress | undefined;
  onCancel: () => void;
  disabled: boolean;
  /** The cover is there while the render runs (issue 46): the overlay is a band at its foot, the cover stays in view. */
  overCover?: boolean;
}) {
  const { t } = useTranslation();
  const progress = props.live ?? props.card.process;
  const type = props.card.process.type;
  // Publishing takes seconds and has no page count: a busy indicator, no cancel (ADR 0021).
  // Moving and deleting a page take a moment and count no pages: a busy indicator too.
  const publishing = type?.startsWith("publishing_") ?? false;
  const counted = !publishing && type !== "moving_page" && type !== "deleting_page";
  let text: string;
  if (publishing) text = t(`publish.progress.${(type ?? "").slice("publishing_".length) as "preview" | "zip" | "previewlink" | "channel"}`);
  else if (isPageProcess(type)) text = t(`pageStructure.progress.${type}`, { ready: progress.pageCountReady, total: progress.pageCount });
  else if (!progress.downloadDone) text = t("epaper.card.progress.download");
  else if (!progress.splitDone) text = t("epaper.card.progress.split");
  else text = t("epaper.card.progress.render", { ready: progress.pageCountReady, total: progress.pageCount });
  const percent = progress.pageCount > 0 ? Math.round((progress.pageCountReady / progress.pageCount) * 100) : 0;
  return (
    <div
      className={`absolute flex items-center justify-center bg-white/90 text-center ${props.overCover ? "inset-x-0 bottom-0 flex-row flex-wrap gap-x-2 gap-y-1 px-2 py-1.5" : "inset-0 flex-col gap-2 p-3"}`}
    >
      <p
        className={`text-xs font-medium text-slate-800 ${props.overCover ? "flex-1 text-start" : ""}`}
        aria-live="polite"
        data-testid="process-text"
      >
        {text}
      </p>
      <div
        role="progressbar"
        aria-label={text}
        aria-valuemin={counted ? 0 : undefined}
        aria-valuemax={counted ? 100 : undefined}
        aria-valuenow={counted ? percent : undefined}
        className={`h-1.5 w-full overflow-hidden rounded-full bg-slate-200 ${props.overCover ? "order-3" : ""}`}
      >
        {!counted ? (
          <div className="h-full w-1/3 animate-pulse bg-brand-600 motion-reduce:animate-none" />
        ) : (
          <div className="h-full bg-brand-600 transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
        )}
      </div>
      {publishing ? null : (
        <Button
          variant="secondary"
          className={`min-h-9 px-3 text-xs ${props.overCover ? "order-2" : ""}`}
          isDisabled={props.disabled}
          onPress={props.onCancel}
        >
          {t("epaper.card.cancel")}
        </Button>
      )}
    </div>
  );
}
