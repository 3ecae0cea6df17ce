import { type CSSProperties, type ReactNode, useRef } from "react";
import { useMediaQuery } from "#app/components/hooks/use-media-query";
import { useVirtualItems } from "./use-virtual-items.ts";

/** Tailwind's `sm` breakpoint: from here on a grid shows `smColumns` items side by side. */
const SM_QUERY = "(min-width: 40rem)";

/**
 * A list shown as a grid whose rows are rendered only near the visible part of the dialog's
 * body (the grid counterpart of VirtualList, docs/decisions/0049-server-time-and-long-lists.md):
 * rows of one item on phones and `smColumns` from Tailwind's `sm` breakpoint on, each row as
 * tall as its tallest item. The rendered items flow in a CSS grid of that many columns; the
 * rows not rendered are the top margin of the next rendered row and the list's bottom padding,
 * so the list keeps its height without elements that are no items. Each item says the list's
 * size and its place (aria-setsize, aria-posinset); the row of the item holding focus, and of
 * `keep`, stays rendered.
 */
export function VirtualGrid<Item>(props: {
  items: readonly Item[];
  itemKey: (item: Item, index: number) => string;
  /** A typical row's height in pixels, before it is measured. */
  estimateSize: number;
  /** Items side by side from the `sm` breakpoint on (one below it). */
  smColumns: number;
  /** Space between rows and columns in pixels. */
  gap: number;
  renderItem: (item: Item, index: number) => ReactNode;
  /** Classes of each item (`li`). */
  itemClassName?: string;
  /** The list's accessible name. */
  label?: string;
  /** An item kept rendered while it is out of view (one with state of its own, an open panel). */
  keep?: number | null;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const { items, itemKey, gap } = props;
  // One column before hydration and on the server: the dialogs holding grids open in the browser.
  const columns = useMediaQuery(SM_QUERY, false) ? Math.max(1, props.smColumns) : 1;
  const { virtualizer, offset, itemProps } = useVirtualItems(listRef, {
    count: items.length,
    key: (index) => itemKey(items[index] as Item, index),
    estimateSize: props.estimateSize,
    gap,
    keep: props.keep,
    columns,
  });
  const cells: ReactNode[] = [];
  // The end of what is accounted for so far, in the scrolling element's coordinates.
  let end = offset;
  for (const row of virtualizer.getVirtualItems()) {
    // The grid puts `gap` between two rendered rows; rows left out between them are a margin.
    const marginTop = row.start - end - (cells.length > 0 ? gap : 0);
    const first = row.index * columns;
    for (let index = first; index < Math.min(first + columns, items.length); index++) {
      cells.push(
        <li
          key={itemKey(items[index] as Item, index)}
          {...itemProps(index)}
          aria-setsize={items.length}
          aria-posinset={index + 1}
          className={props.itemClassName}
          style={marginTop >= 1 ? { marginTop } : undefined}
        >
          {props.renderItem(items[index] as Item, index)}
        </li>,
      );
    }
    end = row.end;
  }
  // Below a pixel it is rounding, not rows.
  const rest = virtualizer.getTotalSize() - (end - offset);
  const style: CSSProperties = {
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    gap,
    paddingBottom: rest >= 1 ? rest : undefined,
  };
  return (
    <ul ref={listRef} aria-label={props.label} className="grid content-start" style={style}>
      {cells}
    </ul>
  );
}
