import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { Frame } from "#app/rules/click-area";
import type { MediaElement } from "#app/rules/media-element";

type Pending = { frame: Frame; version: string };

/**
 * Saves click-area frames moved or resized on the canvas (§4 'Resizing or moving the click box'):
 * the canvas shows the new frame at once; saves go one at a time, each naming the version the
 * last save produced, so quick successive moves never conflict with themselves. A refused save
 * (a stale version from another tab, an invalid frame) drops the local frame: the canvas shows
 * what is stored, and the toast says why.
 */
export function useFrameSaver(epaperId: string, elements: MediaElement[]) {
  const fetcher = useFetcher<{ ok: boolean; element?: MediaElement }>({ key: "editor-frames" });
  const [pending, setPending] = useState<Map<string, Pending>>(new Map());
  // The element being saved, and the answer the fetcher held when its save was sent. React Router
  // updates a fetcher's state in a transition: a render caused by the user (the next key press)
  // may still show 'idle' after the submit, so a save counts as answered only once the fetcher
  // was seen busy or holds a new answer — never on that stale 'idle'.
  const inFlight = useRef<{ id: string; before: unknown; seenBusy: boolean } | null>(null);
  // What each element's last save stored: the loader's copy may still be the older one while it is
  // fetched again; a move right after a save must name the newer version, and the canvas must not
  // jump back to the older frame meanwhile.
  const lastSaved = useRef(new Map<string, Pending>());
  // Versions are ISO timestamps of the same form: the later one sorts last.
  const newerSave = useCallback((element: MediaElement) => {
    const saved = lastSaved.current.get(element.id);
    return saved && saved.version > element.version ? saved : null;
  }, []);

  const move = useCallback(
    (element: MediaElement, frame: Frame) => {
      const known = newerSave(element)?.version ?? element.version;
      setPending((current) => new Map(current).set(element.id, { frame, version: current.get(element.id)?.version ?? known }));
    },
    [newerSave],
  );

  useEffect(() => {
    if (fetcher.state !== "idle") {
      if (inFlight.current) inFlight.current.seenBusy = true;
      return;
    }
    if (inFlight.current) {
      const { id: done, before, seenBusy } = inFlight.current;
      if (!seenBusy && fetcher.data === before) return;
      inFlight.current = null;
      const saved = fetcher.data?.element;
      if (fetcher.data?.ok && saved) lastSaved.current.set(done, { frame: saved.frame, version: saved.version });
      setPending((current) => {
        const next = new Map(current);
        const entry = next.get(done);
        if (!fetcher.data?.ok || !saved) next.delete(done);
        else if (entry) {
          // Saved: drop it unless it moved again meanwhile; then the next save names the new version.
          const same = JSON.stringify(entry.frame) === JSON.stringify(saved.frame);
          if (same) next.delete(done);
          else next.set(done, { frame: entry.frame, version: saved.version });
        }
        return next;
      });
      return;
    }
    const [id, entry] = [...pending.entries()].find(([key]) => elements.some((element) => element.id === key)) ?? [];
    if (!id || !entry) return;
    inFlight.current = { id, before: fetcher.data, seenBusy: false };
    void fetcher.submit(
      { intent: "updateMedia", pageMediaId: id, version: entry.version, patch: JSON.stringify({ frame: entry.frame }) },
      { method: "post", action: `/epaper/${encodeURIComponent(epaperId)}` },
    );
  }, [fetcher, pending, elements, epaperId]);

  // Leaving while a frame is still being saved would lose it: the browser asks first.
  const unsaved = pending.size > 0;
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  /** The frame to show: the one being saved, else the stored one. */
  const frameOf = useCallback(
    (element: MediaElement) => pending.get(element.id)?.frame ?? newerSave(element)?.frame ?? element.frame,
    [pending, newerSave],
  );
  return { move, frameOf, saving: pending.size > 0 };
}
