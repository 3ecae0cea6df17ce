import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches, kept current. The server (and hydration) answers
 * `serverValue`: markup rendered before JavaScript must already look right through CSS classes
 * of the same breakpoint; the hook then only decides what stays mounted.
 */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
