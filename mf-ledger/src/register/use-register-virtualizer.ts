import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { RegisterRow } from './api';
import { prependScrollDelta, todayIndex, type DisplayItem } from './register-items';

/** Where the register should scroll next: today's separator or a row (new, moved-to...). */
export type ScrollTarget = { id: number | 'today'; align: 'center' | 'auto'; nonce: number };

/** What both register layouts (desktop table, mobile list) show and where they scroll. */
export interface RegisterList {
  items: DisplayItem[];
  rows: RegisterRow[];
  scrollTarget: ScrollTarget | null;
  onScrolled: () => void;
  scrollRef: RefObject<HTMLDivElement | null>;
}

/** How a layout lays its items out. */
export interface RegisterListLayout {
  heightOf: (item: DisplayItem) => number;
  overscan: number;
  initialRect: { width: number; height: number };
  scrollMargin?: number;
}

/**
 * The virtualised register list shared by the desktop table and the mobile list: fixed item
 * heights, older pages prepended without moving the rows on screen, and scroll targets honoured
 * once their row is loaded.
 */
export function useRegisterVirtualizer(list: RegisterList, layout: RegisterListLayout) {
  const { items, rows, scrollRef, scrollTarget, onScrolled } = list;
  const { heightOf, overscan, initialRect, scrollMargin } = layout;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => heightOf(items[i]),
    overscan,
    scrollMargin,
    // No getItemKey: sizes are fixed, nothing is measured, and a key lookup per item per
    // change is too slow over tens of thousands of items.
    initialRect,
  });

  // Older pages are prepended: keep the rows on screen where they are.
  const previous = useRef(items);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = items;
    if (before === items || before.length === 0 || !scrollRef.current) return;
    if (items.length > before.length && before[0]?.key !== items[0]?.key) {
      const delta = prependScrollDelta(before, items, heightOf);
      if (delta > 0) scrollRef.current.scrollTop += delta;
    }
  }, [items, scrollRef, heightOf]);

  useEffect(() => {
    if (!scrollTarget) return;
    const index =
      scrollTarget.id === 'today'
        ? todayIndex(items)
        : items.findIndex((i) => i.kind === 'row' && rows[i.rowIndex]?.id === scrollTarget.id);
    if (index < 0) return;
    virtualizer.scrollToIndex(index, { align: scrollTarget.align });
    onScrolled();
  }, [scrollTarget, items, rows, virtualizer, onScrolled]);

  return virtualizer;
}
