import { defaultRangeExtractor, useVirtualizer } from "@tanstack/react-virtual";
import { type FocusEvent, type RefObject, useLayoutEffect, useRef, useState } from "react";
import { SCROLL_BODY_ATTRIBUTE } from "./scroll-body.ts";

export type VirtualItemsOptions = {
  count: number;
  key: (index: number) => string;
  /** A typical item's (with `columns`: row's) height in pixels, before it is measured. */
  estimateSize: number;
  /** Space between items (rows) in pixels. */
  gap?: number;
  /** An item kept rendered while it is out of view: one holding state of its own (an open panel). */
  keep?: number | null;
  /**
   * Items side by side (a grid; 1 when left out): the virtualiser's items are then rows of this
   * many items, keyed by their first item, measured by it (a grid stretches a row's items to the
   * tallest, so the first is as tall as its row) and kept whole while one of them holds focus.
   */
  columns?: number;
};

/**
 * The items of a long list near the visible part of its scrolling ancestor, the nearest element
 * marked `data-scroll-body` (a dialog's body, or a list's own box), with @tanstack/react-virtual
 * (docs/decisions/0049-server-time-and-long-lists.md). `start` is the element where the first
 * item begins (a list, a table body); item starts are in the scrolling element's coordinates, so
 * `start - offset` is an item's place in the list. Items keep their natural height: each
 * rendered one carries `itemProps(index)`, which measures it and keeps it rendered while it
 * holds focus (a field being edited is never unmounted), as `keep` is. With `columns`, the
 * virtualiser's items are rows (`row.index * columns` is a row's first item) while `count`,
 * `key`, `keep` and `itemProps` still speak of items.
 */
export function useVirtualItems(start: RefObject<HTMLElement | null>, options: VirtualItemsOptions) {
  const [scrollElement, setScrollElement] = useState<HTMLElement | null>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const list = start.current;
    const body = list?.closest<HTMLElement>(`[${SCROLL_BODY_ATTRIBUTE}]`) ?? null;
    setScrollElement(body);
    if (!list || !body) return;
    // Where the list starts inside the scrolling element: what stands above it may change its height.
    const measure = () => setOffset(list.getBoundingClientRect().top - body.getBoundingClientRect().top + body.scrollTop);
    measure();
    const observer = new ResizeObserver(measure);
    // Something above the list that grows or shrinks resizes one of the list's ancestors.
    for (let element = list.parentElement; element && element !== body.parentElement; element = element.parentElement)
      observer.observe(element);
    return () => observer.disconnect();
  }, [start]);
  const focused = useRef<number | null>(null);
  const { keep = null } = options;
  const columns = Math.max(1, Math.floor(options.columns ?? 1));
  const rowOf = (index: number | null) => (index === null ? null : Math.floor(index / columns));
  const virtualizer = useVirtualizer({
    count: Math.ceil(options.count / columns),
    getScrollElement: () => scrollElement,
    estimateSize: () => options.estimateSize,
    gap: options.gap ?? 0,
    overscan: 4,
    scrollMargin: offset,
    getItemKey: (row) => options.key(row * columns),
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      const extra = [...new Set([rowOf(focused.current), rowOf(keep)])].filter(
        (index): index is number => index !== null && index < range.count && !indexes.includes(index),
      );
      return extra.length === 0 ? indexes : [...indexes, ...extra].sort((a, b) => a - b);
    },
  });
  const itemProps = (index: number) => ({
    // One element measures a row: its first item's.
    ref: index % columns === 0 ? virtualizer.measureElement : undefined,
    "data-index": Math.floor(index / columns),
    onFocus: () => {
      focused.current = index;
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = null;
    },
  });
  return { virtualizer, offset, itemProps };
}
