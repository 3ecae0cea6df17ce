import { type RefObject, useLayoutEffect } from "react";

/**
 * Keeps what a person typed into a server-rendered field before React hydrated the page (a slow
 * phone, a slow network). React leaves that text in the DOM but not in the state of a controlled
 * input (react-aria's fields are controlled), so the next render would silently wipe it. The
 * first commit after hydration hands the DOM's value to the state instead, and then tells form
 * libraries that listen on the document (Conform) with an input event, once their effects run.
 */
export function usePreHydrationValue<Element extends HTMLInputElement, Value>(
  ref: RefObject<Element | null>,
  read: (element: Element) => Value,
  state: Value,
  adopt: (value: Value) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first commit can follow a hydration
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || read(element) === state) return;
    adopt(read(element));
    // React ignores this event (its value tracker already has the value); Conform picks it up.
    const timer = setTimeout(() => element.dispatchEvent(new Event("input", { bubbles: true })));
    return () => clearTimeout(timer);
  }, []);
}
