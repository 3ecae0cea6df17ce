import { useSyncExternalStore } from "react";
import { errorOutcome } from "#app/errors/outcome";
import { clearToastCookie, parseToast, type Toast, type ToastInput, ToastSchema } from "#app/utils/toast";

/**
 * The browser's list of visible toasts: the client-side way to show one (`showToast`), and the
 * place the flashed server toast lands (the Toaster passes it in). Module state, because a toast
 * may be raised from anywhere (an event handler, a fetcher's result) and must outlive the
 * component that raised it.
 */

const NO_TOASTS: readonly Toast[] = [];
let toasts: readonly Toast[] = NO_TOASTS;
// Ids shown before: a revalidation or StrictMode's second effect run must not show one twice.
const shown = new Set<string>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast; returns its id (to close it early with `dismissToast`). */
export function showToast(input: ToastInput | Toast): string {
  const toast = ToastSchema.parse(input);
  if (shown.has(toast.id)) return toast.id;
  shown.add(toast.id);
  toasts = [...toasts, toast];
  emit();
  return toast.id;
}

/** Shows a flashed toast value from a loader, if it is one, and clears the flash cookie that held it. */
export function showFlashedToast(value: unknown) {
  const toast = parseToast(value);
  if (!toast) return;
  showToast(toast);
  clearToastCookie(document);
}

/** Shows the §8 message for an error caught in the browser (nothing for "only logged" ones). */
export function showErrorToast(error: unknown) {
  const outcome = errorOutcome(error);
  if (outcome.unexpected) console.error(error);
  if (outcome.toast) showToast(outcome.toast);
}

export function dismissToast(id: string) {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visible toasts, oldest first; none while rendering on the server. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
}
