import { type ReactNode, useRef } from "react";
import { SCROLL_BODY_ATTRIBUTE } from "./scroll-body.ts";
import { useVirtualItems } from "./use-virtual-items.ts";

/**
 * A list that renders only the items near the visible part of its scrolling ancestor (the
 * dialog's body), with @tanstack/react-virtual (docs/decisions/0049-server-time-and-long-lists.md):
 * a table of contents of 5,000 entries is a few dozen forms in the page, not 25,000 inputs.
 * Items keep their natural height (measured once rendered). Screen readers hear the whole list's
 * size (aria-setsize, aria-posinset); keyboard focus moving to an item near the edge scrolls it
 * into view, which renders the next ones (overscan keeps a few ready beyond the edge). A list
 * outside a dialog (a side panel) brings its own scrolling box (`box`).
 */
export function VirtualList<Item>(props: {
  items: readonly Item[];
  itemKey: (item: Item, index: number) => string;
  /** A typical item's height in pixels, before it is measured. */
  estimateSize: number;
  /** Space between items in pixels. */
  gap?: number;
  renderItem: (item: Item, index: number) => ReactNode;
  className?: string;
  /** The list's accessible name. */
  label?: string;
  /** An item kept rendered while it is out of view (one with state of its own, an open panel). */
  keep?: number | null;
  /** The list scrolls in a box of its own (its classes give it a max-height), named by `label`. */
  box?: { className: string };
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const { items, itemKey } = props;
  const { virtualizer, offset, itemProps } = useVirtualItems(listRef, {
    count: items.length,
    key: (index) => itemKey(items[index] as Item, index),
    estimateSize: props.estimateSize,
    gap: props.gap,
    keep: props.keep,
  });
  const total = virtualizer.getTotalSize();
  const list = (
    <ol
      ref={listRef}
      aria-label={props.box ? undefined : props.label}
      className={`relative ${props.className ?? ""}`.trim()}
      style={{ height: total }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <li
          key={row.key}
          {...itemProps(row.index)}
          aria-setsize={items.length}
          aria-posinset={row.index + 1}
          className="absolute inset-x-0 top-0"
          style={{ transform: `translateY(${row.start - offset}px)` }}
        >
          {props.renderItem(items[row.index] as Item, row.index)}
        </li>
      ))}
    </ol>
  );
  if (!props.box) return list;
  // A box that scrolls takes focus, so keyboards can scroll it (WCAG 2.1.1; axe scrollable-region-focusable).
  const height = virtualizer.scrollRect?.height ?? 0; // 0 until the box is measured (and on the server)
  const scrolls = height > 0 && total + offset > height;
  return (
    <section
      aria-label={props.label}
      tabIndex={scrolls ? 0 : undefined}
      className={`overflow-y-auto overscroll-contain outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${props.box.className}`}
      {...{ [SCROLL_BODY_ATTRIBUTE]: "" }}
    >
      {list}
    </section>
  );
}
