import { useCallback, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import type { ApiErrorBody } from "#app/errors/api-error-body";
import type { MediaItem, MediaUses } from "#app/rules/media-library";

/** The media library's JSON endpoint (app/routes/resources/media.ts). */
export const MEDIA_API = "/resources/media";

export type Status = { text: string; error: boolean } | null;

/** GET the library's JSON; null when the answer is not usable. */
export async function getMedia<T>(query: Record<string, string | number>, signal?: AbortSignal): Promise<T | null> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await fetch(`${MEDIA_API}?${search}`, { signal, headers: { Accept: "application/json" } });
  return response.ok ? ((await response.json().catch(() => null)) as T | null) : null;
}

/** POSTs an intent and turns its answer into a status line (the success text, or the translated error). */
export function useMediaPost() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>(null);
  const post = useCallback(
    async (fields: Record<string, string>, success: string | null) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.set(key, value);
      try {
        const response = await fetch(MEDIA_API, { method: "POST", body, headers: { Accept: "application/json" } });
        const answer = (await response.json().catch(() => null)) as (ApiErrorBody & Record<string, unknown>) | null;
        if (response.ok) {
          setStatus(success ? { text: success, error: false } : null);
          return answer ?? {};
        }
        setStatus({ text: answer?.error ? t(answer.error.messageKey, answer.error.params) : t("errors.unexpected"), error: true });
      } catch {
        setStatus({ text: t("errors.unexpected"), error: true });
      }
      return null;
    },
    [t],
  );
  return { status, setStatus, post };
}

/** Where an image is used, in words ("unassigned" when nowhere). */
export function useUsesText() {
  const { t } = useTranslation();
  return (uses: MediaUses) => {
    const parts = (["gallery", "preview", "background", "logo"] as const)
      .filter((kind) => uses[kind] > 0)
      .map((kind) => t(`mediaLibrary.uses.${kind}`, { count: uses[kind] }));
    return parts.length ? parts.join(", ") : t("mediaLibrary.uses.none");
  };
}

export const mediaSrc = (item: Pick<MediaItem, "id">) => `/media/${encodeURIComponent(item.id)}`;

/** The open media dialog: the tours' popovers belong inside it. */
export const mediaDialogElement = () =>
  document.querySelector<HTMLElement>('[data-testid="media-library"]')?.closest<HTMLElement>('[role="dialog"]') ?? null;
