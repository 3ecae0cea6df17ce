import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and while React hydrates what it sent, true from then on (and
 * at once on client-side navigations). For parts whose interactive form is too costly to render
 * on the server: the server sends a plain look-alike, the browser mounts the real thing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
