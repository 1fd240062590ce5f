import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { formatCurrency } from '@hf/money';
import { dollarsToCents, formatDollars } from '../money';
import type { RegisterRow } from './api';
import { displayDate } from './dates';
import { prependScrollDelta, type DisplayItem } from './register-items';
import type { ScrollTarget } from './RegisterTable';
import { StatusBadge } from './RegisterRows';

export const MOBILE_ROW_HEIGHT = 84;
export const MOBILE_SEPARATOR_HEIGHT = 30;
const heightOf = (item: DisplayItem) => (item.kind === 'row' ? MOBILE_ROW_HEIGHT : MOBILE_SEPARATOR_HEIGHT);

export interface MobileRegisterProps {
  items: DisplayItem[];
  rows: RegisterRow[];
  rowClass: (row: RegisterRow, rowIndex: number) => string;
  onActivate: (row: RegisterRow) => void;
  scrollTarget: ScrollTarget | null;
  onScrolled: () => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  clearingId: number | null;
}

/** Mobile (768 px or less): stacked rows with payee, date, amount, category, notes and running balance. */
export function MobileRegister({ items, rows, rowClass, onActivate, scrollTarget, onScrolled, scrollRef, clearingId }: MobileRegisterProps) {
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => heightOf(items[i]),
    overscan: 8,
    // No getItemKey: sizes are fixed, nothing is measured, and a key lookup per item per
    // change costs ~250 ms over 50,000 items.
    initialRect: { width: 400, height: 700 },
  });

  const previous = useRef(items);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = items;
    if (before === items || before.length === 0 || !scrollRef.current) return;
    if (items.length > before.length && before[0]?.key !== items[0]?.key) {
      const delta = prependScrollDelta(before, items, heightOf);
      if (delta > 0) scrollRef.current.scrollTop += delta;
    }
  }, [items, scrollRef]);

  useEffect(() => {
    if (!scrollTarget) return;
    const index =
      scrollTarget.id === 'today'
        ? items.findIndex((i) => i.kind === 'today')
        : items.findIndex((i) => i.kind === 'row' && rows[i.rowIndex]?.id === scrollTarget.id);
    if (index < 0) return;
    virtualizer.scrollToIndex(index, { align: scrollTarget.align });
    onScrolled();
  }, [scrollTarget, items, rows, virtualizer, onScrolled]);

  return (
    <div className="ledger-register__scroll ledger-register__scroll--mobile" ref={scrollRef} data-testid="register-scroll">
      <ul className="ledger-mobile-list" aria-label="Transactions" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index];
          const style = { transform: `translateY(${v.start}px)`, height: v.size };
          if (item.kind !== 'row') {
            return (
              <li key={item.key} className={`ledger-separator ledger-separator--${item.kind}`} style={style}>
                {item.kind === 'month' ? item.label : item.kind === 'today' ? 'Today' : null}
              </li>
            );
          }
          const row = rows[item.rowIndex];
          if (!row) return null;
          const cents = dollarsToCents(row.amount);
          return (
            <li key={item.key} style={style} className={`${rowClass(row, item.rowIndex)} ledger-mobile-row`} data-row-id={row.id} aria-current={clearingId === row.id ? 'true' : undefined}>
              <button type="button" className="ledger-mobile-row__button" onClick={() => onActivate(row)}>
                <span className="ledger-mobile-row__line">
                  <strong className="ledger-mobile-row__payee">{row.payee}</strong>
                  <span className={`ledger-mobile-row__amount ${cents < 0 ? 'is-payment' : 'is-deposit'}`}>{formatCurrency(cents)}</span>
                </span>
                <span className="ledger-mobile-row__line ledger-muted">
                  <span>
                    {displayDate(row.date)} <StatusBadge status={row.status} />
                  </span>
                  <span>Balance {formatDollars(row.running)}</span>
                </span>
                <span className="ledger-mobile-row__line ledger-muted">
                  <span className="ledger-ellipsis">{row.category_name ?? ''}</span>
                  <span className="ledger-ellipsis">{row.notes}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
