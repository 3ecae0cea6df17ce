import type { ReactNode } from "react";

/** The cell padding of a DataTable's header and body cells. */
export const tableCell = "px-2 py-2 text-start align-top";

/**
 * A read-only table in a scrolling frame (the contingent history, the channel subscriptions): a
 * named region keyboard users can reach (Tab) and scroll with the arrow keys (axe
 * 'scrollable-region-focusable'), a caption for screen readers, a header row that stays in view.
 * `maxHeight` is a Tailwind class; `children` are the body rows.
 */
export function DataTable(props: { label: string; maxHeight: string; columns: string[]; children: ReactNode }) {
  return (
    <section
      aria-label={props.label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls; keyboard users need to reach it
      tabIndex={0}
      className={`${props.maxHeight} overflow-auto rounded-xl border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none`}
    >
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">{props.label}</caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col" className={`${tableCell} font-semibold`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </section>
  );
}
