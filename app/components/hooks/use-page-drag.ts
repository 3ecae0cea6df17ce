import { type DragEvent, useEffect, useState } from "react";

export type DropTarget = { id: string; number: number; before: boolean };
export type DraggedPage = { id: string; number: number };

/** How long the moved page stays marked after its move was asked for (issue 46). */
const MOVED_MARK_MS = 6000;

/**
 * Page order by drag and drop (issue 46): a page dragged onto another lands before or behind it,
 * by which half the pointer is over. The move itself is the dialog's 'Move page' operation (its
 * keyboard way stays: the page's menu); the moved page is marked for a few seconds so the eye
 * finds it in its new place. Native HTML drag and drop: pointers with a mouse or pen; on touch
 * screens the menu's 'Move page' does it. `across`: the pages lie side by side (the editor's
 * strip of thumbnails), so the pointer's left or right half decides.
 */
export function usePageDrag(onDrop: (page: DraggedPage, target: DropTarget) => void, options: { across?: boolean } = {}) {
  const [dragging, setDragging] = useState<DraggedPage | null>(null);
  const [target, setTarget] = useState<DropTarget | null>(null);
  const [moved, setMoved] = useState<string | null>(null);
  useEffect(() => {
    if (!moved) return;
    const timer = setTimeout(() => setMoved(null), MOVED_MARK_MS);
    return () => clearTimeout(timer);
  }, [moved]);
  const end = () => {
    setDragging(null);
    setTarget(null);
  };
  const itemProps = (page: DraggedPage) => ({
    draggable: true,
    style: { cursor: dragging ? "grabbing" : "grab" },
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", page.id);
      setDragging(page);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!dragging || dragging.id === page.id) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      const box = event.currentTarget.getBoundingClientRect();
      // In a grid of thumbnails pages follow each other across; in a list, down.
      const before = options.across ? event.clientX < box.left + box.width / 2 : event.clientY < box.top + box.height / 2;
      if (target?.id !== page.id || target.before !== before) setTarget({ id: page.id, number: page.number, before });
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (dragging && target) {
        onDrop(dragging, target);
        setMoved(dragging.id);
      }
      end();
    },
    onDragEnd: end,
  });
  return { itemProps, target, moved };
}

/** The line where a dragged page would land: above or below the page under the pointer. */
export function dropEdge(target: DropTarget | null, pageId: string): string {
  if (target?.id !== pageId) return "";
  return target.before ? "border-t-4 border-t-brand-600" : "border-b-4 border-b-brand-600";
}

/** The same line for pages side by side: left or right of the page under the pointer. */
export function dropSide(target: DropTarget | null, pageId: string): string {
  if (target?.id !== pageId) return "";
  return target.before ? "border-s-4 border-s-brand-600" : "border-e-4 border-e-brand-600";
}
