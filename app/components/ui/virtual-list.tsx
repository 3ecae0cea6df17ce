import { defaultRangeExtractor, useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { SCROLL_BODY_ATTRIBUTE } from "./scroll-body.ts";

/**
 * A list that renders only the items near the visible part of its scrolling ancestor (the
 * dialog's body), with @tanstack/react-virtual (docs/decisions/0049-virtual-lists.md): a table
 * of contents of 5,000 entries is a few dozen forms in the page, not 25,000 inputs. Items keep
 * their natural height (measured once rendered). Screen readers hear the whole list's size
 * (aria-setsize, aria-posinset); keyboard focus moving to an item near the edge scrolls it into
 * view, which renders the next ones (overscan keeps a few ready beyond the edge).
 */
export function VirtualList<Item>(props: {
  items: readonly Item[];
  itemKey: (item: Item) => string;
  /** A typical item's height in pixels, before it is measured. */
  estimateSize: number;
  /** Space between items in pixels. */
  gap?: number;
  renderItem: (item: Item, index: number) => ReactNode;
  className?: string;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const [scrollElement, setScrollElement] = useState<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    const body = list?.closest<HTMLElement>(`[${SCROLL_BODY_ATTRIBUTE}]`) ?? null;
    setScrollElement(body);
    if (!list || !body) return;
    // Where the list starts inside the scrolling body: what stands above it may change its height.
    const measure = () => setScrollMargin(list.getBoundingClientRect().top - body.getBoundingClientRect().top + body.scrollTop);
    measure();
    const observer = new ResizeObserver(measure);
    // Something above the list that grows or shrinks resizes one of the list's ancestors.
    for (let element = list.parentElement; element && element !== body.parentElement; element = element.parentElement)
      observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const { items, itemKey } = props;
  // The item holding focus stays rendered when it scrolls away: a field being edited is never unmounted.
  const focused = useRef<number | null>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => props.estimateSize,
    gap: props.gap ?? 0,
    overscan: 4,
    scrollMargin,
    getItemKey: (index) => itemKey(items[index] as Item),
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      const index = focused.current;
      return index === null || index >= range.count || indexes.includes(index) ? indexes : [...indexes, index].sort((a, b) => a - b);
    },
  });
  return (
    <ol ref={listRef} className={`relative ${props.className ?? ""}`.trim()} style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <li
          key={row.key}
          ref={virtualizer.measureElement}
          data-index={row.index}
          aria-setsize={items.length}
          aria-posinset={row.index + 1}
          className="absolute inset-x-0 top-0"
          onFocus={() => {
            focused.current = row.index;
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = null;
          }}
          style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
        >
          {props.renderItem(items[row.index] as Item, row.index)}
        </li>
      ))}
    </ol>
  );
}
