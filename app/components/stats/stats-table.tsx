import type { ReactNode } from "react";

/** One column of a statistics table; `numeric` columns are right-aligned with tabular digits. */
export type StatsColumn<Row> = { header: string; numeric?: boolean; cell: (row: Row) => ReactNode };

const cell = "px-2 py-2 text-start align-top sm:px-3";
const numericCell = "px-2 py-2 text-end align-top tabular-nums sm:px-3";

/**
 * A table of the statistics screen (issue 31 item 4): the data behind a chart or a list, with a
 * caption for screen readers. Visible, it scrolls inside its own frame, sideways on a phone (the
 * page stays as wide as the screen) and down past 32rem (a year of days), with its header row in
 * view; the frame is a named region keyboard users can reach and scroll (axe
 * 'scrollable-region-focusable', as DataTable does). `hidden` keeps it for
 * screen readers only: the chart above shows the same numbers to the eye.
 */
export function StatsTable<Row>(props: {
  id?: string;
  caption: string;
  columns: StatsColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  hidden?: boolean;
}) {
  const table = (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{props.caption}</caption>
      <thead className="sticky top-0 bg-slate-50 text-slate-700">
        <tr>
          {props.columns.map((column) => (
            <th key={column.header} scope="col" className={`${column.numeric ? numericCell : cell} font-semibold whitespace-nowrap`}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)} className="border-t border-slate-100">
            {props.columns.map((column, index) =>
              index === 0 ? (
                <th key={column.header} scope="row" className={`${column.numeric ? numericCell : cell} font-normal`}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={column.numeric ? numericCell : cell}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (props.hidden)
    return (
      <div id={props.id} className="sr-only">
        {table}
      </div>
    );
  return (
    <section
      id={props.id}
      aria-label={props.caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways; keyboard users need to reach it
      tabIndex={0}
      className="max-h-[32rem] max-w-full overflow-auto rounded-lg ring-1 ring-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      {table}
    </section>
  );
}
