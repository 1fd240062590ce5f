import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, type MutableRefObject, type RefObject } from 'react';
import type { RegisterRow } from './api';
import { prependScrollDelta, todayIndex, type DisplayItem } from './register-items';

/** Where the register should scroll next: today's separator or a row (new, moved-to...). */
export type ScrollTarget = { id: number | 'today'; align: 'center' | 'auto'; nonce: number };

/**
 * Where the view stands, by item rather than by pixels (the layouts' item heights differ):
 * 'today' while the today separator is on screen, else the key of the item at the top.
 */
export type ListPosition = 'today' | { key: string } | null;

/** What both register layouts (desktop table, mobile list) show and where they scroll. */
export interface RegisterList {
  items: DisplayItem[];
  rows: RegisterRow[];
  scrollTarget: ScrollTarget | null;
  onScrolled: () => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  /**
   * The view's position, kept by the register across its layouts: crossing 768 px (a window
   * resized, a tablet turned) replaces one layout's scroll container by the other's, which
   * opens where this says instead of at the oldest row (scrollTop 0).
   */
  positionRef?: MutableRefObject<ListPosition>;
}

/** How a layout lays its items out. */
export interface RegisterListLayout {
  heightOf: (item: DisplayItem) => number;
  overscan: number;
  /** The scroll container's size before it is measured: the closer to its real size, the fewer renders on opening. */
  initialRect: { width: number; height: number };
  scrollMargin?: number;
}

/** A register scroll container's height in ledger.css: `max(min, 100vh - chrome)`. */
export interface ScrollerSize {
  min: number;
  chrome: number;
}
export const DESKTOP_SCROLLER: ScrollerSize = { min: 320, chrome: 300 };
export const MOBILE_SCROLLER: ScrollerSize = { min: 360, chrome: 200 };

/** The client height (inside its 1 px borders) ledger.css gives a scroll container in this window. */
export function scrollerHeight({ min, chrome }: ScrollerSize): number {
  const viewport = typeof window === 'undefined' ? 800 : window.innerHeight;
  return Math.max(min, viewport - chrome) - 2;
}

/**
 * The scroll offset that centres item `index` in a view of `viewHeight` pixels (the
 * virtualizer's own `scrollToIndex(index, { align: 'center' })` arithmetic, done before the list
 * is mounted): items laid end to end after `scrollMargin` (the table's head, inside the scroll
 * container), the offset kept between 0 and the last item's end less the view.
 */
export function centredOffset(
  items: readonly DisplayItem[],
  heightOf: (item: DisplayItem) => number,
  index: number,
  viewHeight: number,
  scrollMargin = 0,
): number {
  let start = scrollMargin;
  for (let i = 0; i < index; i++) start += heightOf(items[i]);
  let end = start;
  for (let i = index; i < items.length; i++) end += heightOf(items[i]);
  const centred = start + (heightOf(items[index]) - viewHeight) / 2;
  return Math.max(0, Math.min(centred, end - viewHeight));
}

/**
 * The virtualised register list shared by the desktop table and the mobile list: fixed item
 * heights, older pages prepended without moving the rows on screen, and scroll targets honoured
 * once their row is loaded.
 */
export function useRegisterVirtualizer(list: RegisterList, layout: RegisterListLayout) {
  const { items, rows, scrollRef, scrollTarget, onScrolled, positionRef } = list;
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
    // A list that opens at today (the first page already in) renders today's rows at once; the
    // virtualizer scrolls the container there when it mounts. Read only before the first scroll.
    initialOffset: () =>
      scrollTarget?.id === 'today' && items.length > 0
        ? centredOffset(items, heightOf, todayIndex(items), initialRect.height, scrollMargin)
        : 0,
  });

  // Older pages are prepended: keep the rows on screen where they are. (Not told by the first
  // item: a month separator, the same when the older page starts in the loaded rows' month.)
  const previous = useRef(items);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = items;
    if (before === items || before.length === 0 || !scrollRef.current) return;
    if (items.length > before.length) {
      const delta = prependScrollDelta(before, items, heightOf);
      if (delta > 0) scrollRef.current.scrollTop += delta;
    }
  }, [items, scrollRef, heightOf]);

  // A layout that takes over from the other one opens where that one stood (a pending scroll
  // target, run just after, still wins). Only on mount: the container is new then.
  useLayoutEffect(() => {
    const position = positionRef?.current;
    if (!position) return;
    const index = position === 'today' ? todayIndex(items) : items.findIndex((i) => i.key === position.key);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: position === 'today' ? 'center' : 'start' });
    // Only when this layout mounts.
  }, []);

  // The position follows every scroll of the view (the user's, a scroll target's, a prepend's).
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || !positionRef) return;
    const record = () => {
      const top = el.scrollTop;
      positionRef.current = positionOf(
        virtualizer.measurementsCache,
        items,
        top + (scrollMargin ?? 0),
        top + el.clientHeight,
      );
    };
    el.addEventListener('scroll', record, { passive: true });
    return () => el.removeEventListener('scroll', record);
  }, [scrollRef, positionRef, virtualizer, items, scrollMargin]);

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

/** The position of a view showing the items between `top` and `bottom` (the virtualizer's offsets). */
export function positionOf(
  measurements: readonly { start: number; end: number }[],
  items: readonly DisplayItem[],
  top: number,
  bottom: number,
): ListPosition {
  const today = measurements[todayIndex(items)];
  if (today && today.end > top && today.start < bottom) return 'today';
  let lo = 0;
  let hi = measurements.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (measurements[mid].end <= top) lo = mid + 1;
    else hi = mid;
  }
  const key = items[lo]?.key;
  return key === undefined ? null : { key };
}
