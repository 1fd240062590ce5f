import type { RefObject } from 'react';
import { displayDate, dollarsToCents, formatDollars } from '@hf/app-kit';
import { formatCurrency } from '@hf/money';
import { StatusBadge } from '@hf/ui/src/editing';
import type { RegisterRow } from './api';
import type { DisplayItem } from './register-items';
import { useRegisterVirtualizer, type ScrollTarget } from './use-register-virtualizer';

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
  const virtualizer = useRegisterVirtualizer({
    items,
    rows,
    heightOf,
    scrollRef,
    scrollTarget,
    onScrolled,
    overscan: 4,
    initialRect: { width: 400, height: 700 },
  });

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
