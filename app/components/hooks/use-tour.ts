import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import type { TranslationKey } from "#app/locales/translation-key";
import type { TourId, TourState } from "#app/rules/tours";
import { lastActivityAt, whenIdle } from "./tour-idle.ts";

/** One step: the element marked data-tour="<target>" and the step's texts. */
export type TourStep = { target: string; title: TranslationKey; text: TranslationKey };

let state: Promise<TourState | null> | null = null;
/** The user's tours, read once per page load (and again after a finish). */
function tourState() {
  state ??= fetch("/resources/tours", { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<{ tours: TourState }>) : null))
    .then((answer) => answer?.tours ?? null)
    .catch(() => null);
  return state;
}

/** Bumped when the user resets their tours: every mounted screen's tour starts again. */
let generation = 0;
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * 'Show the guided tours again' (the tutorial permission): the server forgets which tours the
 * user finished, and the tour of the screen that is open starts again. Answers whether it worked.
 */
export async function resetTours(): Promise<boolean> {
  const body = new FormData();
  body.set("intent", "reset");
  const response = await fetch("/resources/tours", { method: "POST", body, headers: { Accept: "application/json" } }).catch(() => null);
  if (!response?.ok) return false;
  state = null;
  generation += 1;
  for (const listener of listeners) listener();
  return true;
}

/** A modal dialog the tour does not belong to: a page's tour waits for the next visit rather than cover it. */
const otherModalOpen = (container: HTMLElement | null) =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].some(
    (dialog) => dialog !== container && !dialog.contains(container) && !dialog.closest(".driver-popover"),
  );

const DRIVER_ARIA = ["aria-haspopup", "aria-expanded", "aria-controls"] as const;
const ownAria = new WeakMap<Element, (string | null)[]>();

/** Puts back the element's own values of what driver.js sets, once driver.js has set or removed them. */
function keepOwnAria(element: Element, before = false) {
  // Read before driver.js writes: its highlight-started hook runs first.
  if (before || !ownAria.has(element))
    ownAria.set(
      element,
      DRIVER_ARIA.map((name) => element.getAttribute(name)),
    );
  queueMicrotask(() => {
    const own = ownAria.get(element) ?? [];
    DRIVER_ARIA.forEach((name, index) => {
      const value = own[index];
      if (value === null || value === undefined) element.removeAttribute(name);
      else element.setAttribute(name, value);
    });
  });
}

/** The first element with the mark that is on screen (a phone hides what a desktop shows, and the other way round). */
const shown = (target: string) =>
  [...document.querySelectorAll<HTMLElement>(`[data-tour="${target}"]`)].find((element) => element.getClientRects().length > 0);

async function finish(tour: TourId) {
  const body = new FormData();
  body.set("intent", "finish");
  body.set("tour", tour);
  // keepalive: a page left right after closing the tour (a link, a reload) must not cancel the
  // request, or the tour would start again on the next screen.
  await fetch("/resources/tours", { method: "POST", body, headers: { Accept: "application/json" }, keepalive: true }).catch(() => {});
  state = null;
}

/**
 * Runs a guided tour once per user (studio-admin.md §4 'Tours and news'; driver.js, ADR 0037):
 * while `when` holds, after the Tour preference's delay and once the user is idle (tour-idle.ts),
 * unless the user finished or closed it before. Steps whose element is not on screen are left out. Over an open dialog (`container`)
 * the popover is marked as top layer, so the modal's inert and focus trap do not shut it out.
 */
export function useTour(tour: TourId, steps: TourStep[], when: boolean, container: () => HTMLElement | null) {
  const { t } = useTranslation();
  const resets = useSyncExternalStore(
    subscribe,
    () => generation,
    () => 0,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: steps and texts are fixed per tour; a new array each render must not restart it
  useEffect(() => {
    if (!when) return;
    const shownAt = Date.now();
    let cancelled = false;
    let stopWaiting: (() => void) | null = null;
    let stopRun: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void tourState().then((current) => {
      if (cancelled || !current?.active || current.finished.includes(tour)) return;
      timer = setTimeout(async () => {
        const { driver } = await import("./tour-driver.ts");
        if (cancelled) return;
        // Never over the user's work (issue 46): wait until they are idle and nothing else is modal.
        // A dialog's tour is for the first look: once the user works in the dialog, it waits for
        // the next opening rather than cover what they are doing (the subdomain just created).
        const inDialog = container() !== null;
        stopWaiting = whenIdle(
          () => {
            if (!cancelled) stopRun = begin(driver);
          },
          () => otherModalOpen(container()),
          () => inDialog && lastActivityAt() > shownAt,
        );
      }, current.startDelayMs);
    });
    const begin = (driver: typeof import("./tour-driver.ts").driver): (() => void) | null => {
      const present = steps.filter((step) => shown(step.target));
      if (!present.length) return null;
      let closed = false;
      const run = driver({
        showProgress: present.length > 1,
        progressText: t("tours.progress", { current: "{{current}}", total: "{{total}}" }),
        nextBtnText: t("tours.next"),
        prevBtnText: t("tours.previous"),
        doneBtnText: t("tours.done"),
        allowKeyboardControl: false,
        steps: present.map((step) => ({
          element: () => shown(step.target) ?? document.body,
          popover: { title: t(step.title), description: t(step.text) },
        })),
        // driver.js marks the highlighted element as a popup button (aria-haspopup, -expanded,
        // -controls): on a region or an image that is an ARIA error (axe: aria-allowed-attr), on
        // a menu button it overwrites the real state. The element keeps its own attributes.
        onHighlightStarted: (element) => element && keepOwnAria(element, true),
        onDeselected: (element) => element && keepOwnAria(element),
        onDestroyed: (element) => element && keepOwnAria(element),
        onPopoverRender: (popover) => {
          // A modal dialog hides (inert) what is added outside it and keeps focus inside; a
          // top-layer node it leaves visible and reachable, like its own toasts.
          if (container()) popover.wrapper.dataset.reactAriaTopLayer = "true";
          popover.closeButton.setAttribute("aria-label", t("tours.close"));
          // driver.js builds the popover from <header> and <footer>: at the body's level they read
          // as a second banner and contentinfo beside the studio's (axe). A heading and a plain row.
          // (driver.js builds each step's popover anew and no longer touches the title once shown.)
          const heading = document.createElement("h2");
          heading.id = popover.title.id;
          heading.className = popover.title.className;
          heading.style.cssText = popover.title.style.cssText;
          heading.innerHTML = popover.title.innerHTML;
          popover.title.replaceWith(heading);
          popover.footer.setAttribute("role", "none");
          queueMicrotask(() => {
            popover.wrapper.inert = false;
            popover.wrapper.removeAttribute("aria-hidden");
          });
        },
        // Every way the user ends the tour (close, done, the overlay, running past the last
        // step) comes here; a screen that unmounts calls destroy(), which does not. Not
        // onDestroyed: driver.js calls that only once a step's 400 ms highlight has finished,
        // so a tour closed at once (or on a machine too busy to paint) came back next time.
        onDestroyStarted: () => {
          if (!closed) void finish(tour);
          closed = true;
          run.destroy();
        },
      });
      run.drive();
      return () => run.destroy();
    };
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stopWaiting?.();
      stopRun?.();
    };
  }, [tour, when, resets]);
}
