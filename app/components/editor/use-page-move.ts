import { useCallback, useRef } from "react";
import { href, useRevalidator } from "react-router";
import { showToast } from "#app/components/hooks/toast-store";
import type { DraggedPage, DropTarget } from "#app/components/hooks/use-page-drag";
import { useStudioEvent } from "#app/components/studio-events";
import { isApiErrorBody } from "#app/errors/api-error-body";
import { moveChangesNothing } from "#app/rules/page-structure";

/**
 * A page dropped elsewhere in the editor's strip (issue 46): the pages dialog's 'Move page'
 * operation, asked for the same way; the editor loads the pages again when it has ended (its
 * notice says so) and shows the moved page in its new place. A refusal is said in a toast.
 */
export function usePageMove(epaperId: string, onMoved: (number: number) => void) {
  const revalidator = useRevalidator();
  // Where the dropped page lands: shown on the canvas (and marked in the strip) once the move has ended.
  const landing = useRef<number | null>(null);
  useStudioEvent((event) => {
    if (event.type !== "epaperProcess" || event.epaperId !== epaperId || event.process !== "moving_page" || event.state === "started")
      return;
    if (event.state === "finished" && landing.current !== null) onMoved(landing.current);
    landing.current = null;
    void revalidator.revalidate();
  });
  return useCallback(
    async (page: DraggedPage, target: DropTarget) => {
      if (moveChangesNothing(page.number - 1, target.number - 1, target.before)) return;
      // The target's number once the page has left its place, then before or behind it.
      const shifted = target.number > page.number ? target.number - 1 : target.number;
      landing.current = target.before ? shifted : shifted + 1;
      const body = new FormData();
      body.set("intent", "move");
      body.set("pageId", page.id);
      body.set("targetPageId", target.id);
      body.set("before", String(target.before));
      try {
        const response = await fetch(href("/epaper/:epaperId/page-structure", { epaperId }), {
          method: "POST",
          body,
          headers: { Accept: "application/json" },
        });
        if (response.ok) return;
        const answer: unknown = await response.json().catch(() => null);
        showToast(
          isApiErrorBody(answer)
            ? { type: "error", messageKey: answer.error.messageKey, params: answer.error.params }
            : { type: "error", messageKey: "errors.unexpected" },
        );
      } catch {
        showToast({ type: "error", messageKey: "errors.unexpected" });
      }
    },
    [epaperId],
  );
}
