import { z } from "zod";
import type { TranslationKey } from "#app/locales/translation-key";

/**
 * A toast ("global message", studio-core.md §8): a translation key and its parameters, never a
 * finished text, so it is shown in the language of the page that shows it. Shared by the server
 * (flashed across a redirect, toast.server.ts) and the browser (toast-store.ts).
 */

export const TOAST_TYPES = ["success", "info", "error"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** Global messages last 4000 ms (studio-core.md §8). */
export const DEFAULT_TOAST_DURATION_MS = 4000;

/** The flash cookie's name (app/utils/toast.server.ts sets and reads it; the browser clears it after showing). */
export const TOAST_COOKIE_NAME = "ep_toast";

/**
 * Clears the flash cookie in the browser once its toast is shown. A revalidation reads the
 * toast without clearing it (its response may be dropped when another revalidation overtakes it:
 * the toast would be lost with it); the toast's id keeps it from showing twice.
 */
export function clearToastCookie(doc: Document) {
  const secure = doc.location.protocol === "https:" ? "; Secure" : "";
  doc.cookie = `${TOAST_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

// Not crypto.randomUUID: browsers offer it only on https or localhost. The id only tells toasts apart.
function newToastId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

const ParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const ToastSchema = z.object({
  id: z.string().min(1).max(64).default(newToastId),
  type: z.enum(TOAST_TYPES).default("info"),
  // Only the key travels; the cookie is signed, the pattern keeps a stray value from reaching t().
  messageKey: z.string().regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/),
  params: ParamsSchema.default({}),
  /** null: the toast stays until it is closed (unknown errors, studio-core.md §8). */
  durationMs: z.number().int().positive().max(60_000).nullable().default(DEFAULT_TOAST_DURATION_MS),
  /**
   * Offer "send error report" (a mail to support). `reference` names the server log entry of the
   * error, so support can find it from the mail.
   */
  report: z.object({ reference: z.string().max(64).optional() }).optional(),
  /**
   * What the finished work offers (issue 46): download the zip, open the editor, see the channels.
   * Only an address of the studio itself (one leading slash), never another site.
   */
  action: z
    .object({
      labelKey: z.string().regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/),
      href: z
        .string()
        .max(300)
        .regex(/^\/(?![/\\])\S*$/),
      download: z.boolean().optional(),
    })
    .optional(),
});

export type Toast = z.output<typeof ToastSchema>;

/** What code passes in: the key is checked against the texts at compile time. */
export type ToastInput = Omit<z.input<typeof ToastSchema>, "messageKey" | "action"> & {
  messageKey: TranslationKey;
  action?: { labelKey: TranslationKey; href: string; download?: boolean };
};

/** A complete toast, or null for anything that is not one (a tampered or outdated cookie value). */
export function parseToast(value: unknown): Toast | null {
  const result = ToastSchema.safeParse(value);
  return result.success ? result.data : null;
}
