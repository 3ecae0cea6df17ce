import type { ReactNode } from "react";

/**
 * A table's scrolling frame: a named region keyboard users can reach (Tab) and scroll with the
 * arrow keys (axe 'scrollable-region-focusable'). `maxHeight` is a Tailwind class.
 */
export function ScrollRegion(props: { label: string; maxHeight: string; children: ReactNode }) {
  return (
    <section
      aria-label={props.label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls; keyboard users need to reach it
      tabIndex={0}
      className={`${props.maxHeight} overflow-auto rounded-xl border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none`}
    >
      {props.children}
    </section>
  );
}
