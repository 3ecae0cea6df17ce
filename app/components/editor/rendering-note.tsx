import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useStudioEvent } from "#app/components/studio-events";
import { PAGES_TO_CHECK_NAMED } from "#app/rules/editor-pages";

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

/**
 * The pages of this ePaper that may look wrong (issue 46): those the render replaced by a blank
 * page because they broke a time or memory limit, and those it drew degraded (fonts it could not
 * load, reduced size, no text). Each is a button to that page; nothing when every page is fine.
 */
export function PagesToCheckNote(props: { pages: { page: number; blank: boolean }[]; onChoose: (page: number) => void }) {
  const { t } = useTranslation();
  if (props.pages.length === 0) return null;
  const shown = props.pages.slice(0, PAGES_TO_CHECK_NAMED);
  const blank = shown.filter((entry) => entry.blank);
  const degraded = shown.filter((entry) => !entry.blank);
  const buttons = (entries: { page: number }[]) =>
    entries.map((entry) => (
      <li key={entry.page}>
        <button
          type="button"
          onClick={() => props.onChoose(entry.page)}
          className="min-h-8 min-w-8 rounded-md bg-white px-2 text-sm font-semibold text-amber-950 ring-1 ring-amber-300 outline-none hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-brand-600"
          aria-label={t("editor.pagesToCheck.goTo", { page: entry.page })}
        >
          {entry.page}
        </button>
      </li>
    ));
  return (
    <section
      aria-label={t("editor.pagesToCheck.title")}
      className="flex flex-col gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200"
      data-testid="pages-to-check"
    >
      {blank.length > 0 ? (
        <>
          <p>{t("editor.pagesToCheck.blank", { count: blank.length })}</p>
          <ul className="flex flex-wrap gap-1">{buttons(blank)}</ul>
        </>
      ) : null}
      {degraded.length > 0 ? (
        <>
          <p>{t("editor.pagesToCheck.degraded", { count: degraded.length })}</p>
          <ul className="flex flex-wrap gap-1">{buttons(degraded)}</ul>
        </>
      ) : null}
      {props.pages.length > PAGES_TO_CHECK_NAMED ? <p>{t("editor.pagesToCheck.more", { count: PAGES_TO_CHECK_NAMED })}</p> : null}
    </section>
  );
}
