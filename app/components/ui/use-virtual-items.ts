import { defaultRangeExtractor, useVirtualizer } from "@tanstack/react-virtual";
import { type FocusEvent, type RefObject, useLayoutEffect, useRef, useState } from "react";
import { SCROLL_BODY_ATTRIBUTE } from "./scroll-body.ts";

export type VirtualItemsOptions = {
  count: number;
  key: (index: number) => string;
  /** A typical item's height in pixels, before it is measured. */
  estimateSize: number;
  /** Space between items in pixels. */
  gap?: number;
  /** An item kept rendered while it is out of view: one holding state of its own (an open panel). */
  keep?: number | null;
};

/**
 * The items of a long list near the visible part of its scrolling ancestor, the nearest element
 * marked `data-scroll-body` (a dialog's body, or a list's own box), with @tanstack/react-virtual
 * (docs/decisions/0049-server-time-and-long-lists.md). `start` is the element where the first
 * item begins (a list, a table body); item starts are in the scrolling element's coordinates, so
 * `start - offset` is an item's place in the list. Items keep their natural height: each
 * rendered one carries `itemProps(index)`, which measures it and keeps it rendered while it
 * holds focus (a field being edited is never unmounted), as `keep` is.
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
  // The item holding focus, by key: a reorder moves it, and it must stay rendered where it went.
  const focused = useRef<{ key: string; index: number } | null>(null);
  const { keep = null } = options;
  const focusedIndex = () => {
    const current = focused.current;
    if (current === null) return null;
    if (current.index < options.count && options.key(current.index) === current.key) return current.index;
    for (let index = 0; index < options.count; index++) {
      if (options.key(index) !== current.key) continue;
      current.index = index;
      return index;
    }
    return null;
  };
  const virtualizer = useVirtualizer({
    count: options.count,
    getScrollElement: () => scrollElement,
    estimateSize: () => options.estimateSize,
    gap: options.gap ?? 0,
    overscan: 4,
    scrollMargin: offset,
    getItemKey: options.key,
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      const extra = [...new Set([focusedIndex(), keep])].filter(
        (index): index is number => index !== null && index < range.count && !indexes.includes(index),
      );
      return extra.length === 0 ? indexes : [...indexes, ...extra].sort((a, b) => a - b);
    },
  });
  const itemProps = (index: number) => ({
    ref: virtualizer.measureElement,
    "data-index": index,
    onFocus: () => {
      focused.current = { key: options.key(index), index };
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = null;
    },
  });
  return { virtualizer, offset, itemProps };
}
