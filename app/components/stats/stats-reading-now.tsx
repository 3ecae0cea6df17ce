import { useEffect, useState } from "react";
import { href } from "react-router";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useStudioEvent } from "#app/components/studio-events";
import type { StudioEvent } from "#app/events/catalogue";
import { formatCount } from "./stats-format.ts";

/*
 * 'Reading now' on the statistics screen (issue 31 item 4, ADR 0053 'Reading now'): the readers
 * with the ePaper open in the last five minutes. It starts from the loader's count and follows the
 * event stream, which carries the count while this screen's heartbeat keeps the server watching.
 */

/** How often the open screen says it still watches (the server's watch lasts 90 s). */
export const READING_NOW_HEARTBEAT_MS = 30_000;

/** The count after a studio event: a readingNow of this ePaper sets it, anything else leaves it. */
export function readingNowAfter(current: number | null, event: StudioEvent, epaperId: string): number | null {
  if (event.type !== "readingNow" || event.epaperId !== epaperId) return current;
  return Number.isInteger(event.count) && event.count >= 0 ? event.count : current;
}

type Shown = { initial: number | null; count: number | null };

/**
 * The count as a polite live region (role=status): a screen reader hears it when it changes, not
 * while it stays the same (an unchanged count changes nothing in the page). Unknown (null) while
 * the server cannot count (its Redis is away).
 */
export function StatsReadingNow({ epaperId, initial, locale }: { epaperId: string; initial: number | null; locale: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>({ initial, count: initial });
  // A new count from the loader (revalidated after the stream reconnected) starts again from it.
  if (shown.initial !== initial) setShown({ initial, count: initial });
  useStudioEvent((event) =>
    setShown((now) => {
      const count = readingNowAfter(now.count, event, epaperId);
      return count === now.count ? now : { ...now, count };
    }),
  );

  // The heartbeat: at once (the watch starts) and then every 30 s while the screen is open. Its
  // answer is the count too, so the figure stays right even without the stream.
  useEffect(() => {
    const url = href("/epaper/:epaperId/reading-now", { epaperId });
    let stopped = false;
    const beat = async () => {
      try {
        const response = await fetch(url, { method: "POST", headers: { Accept: "application/json" } });
        // A refusal (the session ended, the ePaper was deleted) is the stream's and the next page's to say.
        if (!response.ok) return;
        const body = (await response.json()) as { readingNow?: unknown };
        const count = typeof body.readingNow === "number" ? body.readingNow : null;
        if (!stopped) setShown((now) => (now.count === count ? now : { ...now, count }));
      } catch {
        // Offline: the studio's connection overlay says so; the next beat tries again.
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), READING_NOW_HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [epaperId]);

  const { count } = shown;
  return (
    <section className="flex flex-col gap-1 rounded-xl bg-white p-3 ring-1 ring-slate-200" data-testid="stats-reading-now">
      <p role="status" aria-live="polite" aria-atomic="true" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${count ? "bg-green-600" : "bg-slate-400"}`} />
        {count === null ? t("stats.screen.readingNow.unknown") : t("stats.screen.readingNow.count", { value: formatCount(count, locale) })}
      </p>
      <p className="text-sm text-slate-600">{t("stats.screen.readingNow.hint")}</p>
    </section>
  );
}
