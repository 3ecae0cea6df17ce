import { type ReactNode, useRef } from "react";
import { useVirtualItems } from "./use-virtual-items.ts";

/** Stands for rows not rendered, so the table keeps its height; screen readers skip it. */
function Spacer(props: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a row of one empty cell, nothing in it takes focus
    <tr aria-hidden="true">
      <td colSpan={props.columns} className="p-0" style={{ height: props.height }} />
    </tr>
  );
}

/**
 * The body of a table whose rows are rendered only near the visible part of the dialog's body
 * (the table counterpart of VirtualList, docs/decisions/0049-server-time-and-long-lists.md): the
 * rows not rendered are spacer rows above and below, so the table stays a table. The table
 * says how many rows it has (`aria-rowcount` = rows + header rows, set by its owner) and each
 * row its place (`aria-rowindex`, after `headerRows`); a row holding focus stays rendered.
 */
export function VirtualTableBody<Item>(props: {
  items: readonly Item[];
  itemKey: (item: Item, index: number) => string;
  /** A typical row's height in pixels, before it is measured. */
  estimateSize: number;
  columns: number;
  /** Rows above the body (the header's), for aria-rowindex. */
  headerRows?: number;
  rowClassName?: string;
  renderCells: (item: Item, index: number) => ReactNode;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { items, itemKey } = props;
  const { virtualizer, offset, itemProps } = useVirtualItems(bodyRef, {
    count: items.length,
    key: (index) => itemKey(items[index] as Item, index),
    estimateSize: props.estimateSize,
  });
  const rows: ReactNode[] = [];
  // The end of what is accounted for so far, in the scrolling element's coordinates.
  let end = offset;
  for (const row of virtualizer.getVirtualItems()) {
    if (row.start - end >= 1) rows.push(<Spacer key={`before-${row.key}`} height={row.start - end} columns={props.columns} />);
    rows.push(
      <tr key={row.key} {...itemProps(row.index)} aria-rowindex={row.index + 1 + (props.headerRows ?? 1)} className={props.rowClassName}>
        {props.renderCells(items[row.index] as Item, row.index)}
      </tr>,
    );
    end = row.end;
  }
  const rest = virtualizer.getTotalSize() - (end - offset);
  // Below a pixel it is rounding, not rows.
  if (rest >= 1) rows.push(<Spacer key="after" height={rest} columns={props.columns} />);
  return <tbody ref={bodyRef}>{rows}</tbody>;
}
