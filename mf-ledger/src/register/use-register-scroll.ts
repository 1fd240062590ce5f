import { useCallback, useEffect, useRef, useState } from 'react';
import type { CalendarDate } from '@hf/calendar';
import type { RegisterState } from './register-store';
import type { ScrollTarget } from './use-register-virtualizer';

export type ScrollTo = (id: number | 'today', align?: ScrollTarget['align']) => void;

/**
 * Where the register scrolls next (a row or today, once), and the first scroll to today: once
 * the rows around today are there. The first page holds the newest rows, and when hundreds are
 * dated after today it may not reach today yet (older pages follow).
 */
export function useRegisterScroll(state: RegisterState, today: CalendarDate) {
  const rows = state.rows;
  const reachesToday =
    state.status === 'ready' && (state.prevCursor === null || (rows.length > 0 && rows[0].date <= today));
  // Rows that reach today in the first render (a page load's first page already in): the target
  // is there from the start, so the list opens at today in that render (useRegisterVirtualizer's
  // initial offset) instead of rendering the oldest rows first and scrolling a render later.
  const [scrollTarget, setScrollTarget] = useState<ScrollTarget | null>(() =>
    reachesToday ? { id: 'today', align: 'center', nonce: 0 } : null,
  );
  const scrollTo: ScrollTo = useCallback(
    (id, align = 'center') => setScrollTarget({ id, align, nonce: Date.now() }),
    [],
  );
  const onScrolled = useCallback(() => setScrollTarget(null), []);

  const opened = useRef(reachesToday);
  useEffect(() => {
    if (reachesToday && !opened.current) {
      opened.current = true;
      scrollTo('today');
    }
  }, [reachesToday, scrollTo]);

  return { scrollTarget, scrollTo, onScrolled };
}
