import { useCallback, useRef } from "react";

/**
 * Runs the given tasks one after the other (the dialogs' saves): an earlier answer never arrives
 * after a later one and undoes it. A failed task does not stop the ones after it.
 */
export function useSerial() {
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(task, task);
    queue.current = next;
    return next;
  }, []);
}
