/**
 * When a guided tour may start (issue 46): never over the user's work. The user has been idle
 * for a moment (no key, pointer, wheel or touch), no file chooser is open, no form field that the
 * user is typing in has focus, nothing modal the tour does not belong to is open, and nothing on
 * screen says it is busy (`data-tour-wait`, an upload in flight). Until then the tour waits.
 */

/** How long the user must have done nothing before a tour opens. */
export const TOUR_IDLE_MS = 3000;
const CHECK_EVERY_MS = 500;

let lastActivity = 0;
let choosingFile = false;
let listening = false;

function listen() {
  if (listening || typeof window === "undefined") return;
  listening = true;
  const active = () => {
    lastActivity = Date.now();
  };
  // Dragging a file or a frame is work too (a drop on the tour's overlay would open the PDF in
  // the browser); scrolling by hand comes as wheel, touch or keys.
  for (const type of ["keydown", "pointerdown", "wheel", "touchstart", "input", "dragenter", "dragover", "drop"])
    window.addEventListener(type, active, { capture: true, passive: true });
  window.addEventListener(
    "pointermove",
    (event) => {
      if (event.buttons !== 0) active();
    },
    { capture: true, passive: true },
  );
  // A native file chooser sends no events while it is open: its input's click opens it, a choice
  // (change), a cancel or the window's focus coming back ends it.
  window.addEventListener(
    "click",
    (event) => {
      const target = event.target as HTMLElement | null;
      if (target instanceof HTMLInputElement && target.type === "file") choosingFile = true;
    },
    { capture: true },
  );
  const chosen = () => {
    if (!choosingFile) return;
    choosingFile = false;
    active();
  };
  window.addEventListener("change", chosen, { capture: true });
  window.addEventListener("cancel", chosen, { capture: true });
  window.addEventListener("focus", chosen);
}

/** Inputs that take typed text (a focused checkbox or switch is no work in progress). */
const TEXT_INPUTS = new Set(["text", "search", "email", "url", "tel", "password", "number", ""]);

/** A field the user types in: an autofocused field nobody has touched yet does not count. */
const typingInField = () => {
  const element = document.activeElement as HTMLElement | null;
  if (!element || lastActivity === 0) return false;
  if (element instanceof HTMLInputElement) return TEXT_INPUTS.has(element.getAttribute("type") ?? "");
  return element.isContentEditable || element.tagName === "TEXTAREA";
};

export type TourBlocker = () => boolean;

/** Whether a tour may open now; `blocked` adds what only the caller knows (another modal). */
export function userIdle(blocked: TourBlocker, now = Date.now()) {
  listen();
  if (choosingFile || now - lastActivity < TOUR_IDLE_MS) return false;
  if (typingInField() || document.querySelector("[data-tour-wait]")) return false;
  return !blocked();
}

/** When the user last pressed, typed, scrolled or touched (0: not yet on this page). */
export const lastActivityAt = () => lastActivity;

/**
 * Calls `start` once the user is idle; answers a function that stops waiting. `giveUp`: stop
 * waiting for good (a dialog's tour once the user has started working in the dialog).
 */
export function whenIdle(start: () => void, blocked: TourBlocker, giveUp: () => boolean = () => false): () => void {
  listen();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    if (giveUp()) return;
    if (userIdle(blocked)) start();
    else timer = setTimeout(check, CHECK_EVERY_MS);
  };
  check();
  return () => clearTimeout(timer);
}

/** Starts listening early (a module import on the page), so activity before the first tour counts. */
listen();
