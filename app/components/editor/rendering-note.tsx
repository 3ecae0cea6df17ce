import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useStudioEvent } from "#app/components/studio-events";

/** New pages are fetched at most this often while they arrive (one loader call, however many pages came). */
const REFRESH_MS = 1500;

/**
 * The editor while the first render still runs (issue 46): says how many pages are there and
 * that the rest arrive, and loads them as the render reports them (renderProgress), at most every
 * REFRESH_MS; the render's end loads the whole ePaper. The preview waits for the end (its button
 * points here for why).
 */
export function RenderingNote(props: { epaperId: string; ready: number; total: number }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useStudioEvent((event) => {
    if (event.type === "epaperProcess" && event.epaperId === props.epaperId && event.process === "rendering" && event.state !== "started") {
      void revalidator.revalidate();
      return;
    }
    if (event.type !== "renderProgress" || event.epaperId !== props.epaperId || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void revalidator.revalidate();
    }, REFRESH_MS);
  });
  return (
    <p
      id="rendering-note"
      role="status"
      className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200"
      data-testid="rendering-note"
    >
      {t("editor.rendering", { ready: props.ready, total: props.total })}
    </p>
  );
}
