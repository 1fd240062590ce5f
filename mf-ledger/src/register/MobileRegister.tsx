import { displayDate, dollarsToCents, formatDollars } from '@hf/app-kit';
import { normalizeStatus, type TransactionStatus } from '@hf/app-kit/editing';
import { formatCurrency } from '@hf/money';
import { StatusBadge } from '@hf/ui/editing';
import { splitLabel } from '../splits/split-lines';
import { ReconciledLock } from '../reconciliation/ReconciledLock';
import type { RegisterRow } from './api';
import type { DisplayItem } from './register-items';
import { MOBILE_SCROLLER, scrollerHeight, useRegisterVirtualizer, type RegisterList } from './use-register-virtualizer';

export const MOBILE_ROW_HEIGHT = 84;
export const MOBILE_SEPARATOR_HEIGHT = 30;
const heightOf = (item: DisplayItem) => (item.kind === 'row' ? MOBILE_ROW_HEIGHT : MOBILE_SEPARATOR_HEIGHT);

export interface MobileRegisterProps extends RegisterList {
  rowClass: (row: RegisterRow, rowIndex: number) => string;
  onActivate: (row: RegisterRow) => void;
  /** Clearing mode is on: every row offers its P / X / Clear buttons. */
  clearing: boolean;
  clearingId: number | null;
  /** A tap on a row's P / X / Clear: the same status change as the keys p, x and Delete. */
  onSetStatus: (row: RegisterRow, status: TransactionStatus) => void;
}

const CLEARING_BUTTONS: readonly { status: TransactionStatus; label: string; text: string }[] = [
  { status: 'p', label: 'Mark pending', text: 'P' },
  { status: 'x', label: 'Mark cleared', text: 'X' },
  { status: '', label: 'Clear status', text: 'Clear' },
];

/** Clearing mode on a touch screen: the keys p, x and Delete as buttons of touch size. */
function ClearingButtons({ row, onSetStatus }: { row: RegisterRow; onSetStatus: MobileRegisterProps['onSetStatus'] }) {
  const current = normalizeStatus(row.status);
  return (
    <span
      className="ledger-mobile-clearing"
      role="group"
      aria-label={`Status of ${row.payee}, ${displayDate(row.date)}`}
    >
      {CLEARING_BUTTONS.map(({ status, label, text }) => (
        <button
          key={label}
          type="button"
          className={`hf-button ledger-mobile-clearing__button ledger-mobile-clearing__button--${status || 'none'}`}
          aria-label={label}
          title={label}
          aria-pressed={status ? current === status : undefined}
          onClick={() => onSetStatus(row, status)}
        >
          {text}
        </button>
      ))}
    </span>
  );
}

/**
 * Mobile (768 px or less): stacked rows with payee, date, amount, category, notes and running
 * balance; in clearing mode each row also has P / X / Clear buttons (same row height).
 */
export function MobileRegister(props: MobileRegisterProps) {
  const { items, rows, rowClass, onActivate, scrollRef, clearing, clearingId, onSetStatus } = props;
  const virtualizer = useRegisterVirtualizer(props, {
    heightOf,
    overscan: 4,
    initialRect: { width: 400, height: scrollerHeight(MOBILE_SCROLLER) },
  });

  return (
    <div
      className="ledger-register__scroll ledger-register__scroll--mobile"
      ref={scrollRef}
      data-testid="register-scroll"
    >
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
            <li
              key={item.key}
              style={style}
              className={`${rowClass(row, item.rowIndex)} ledger-mobile-row`}
              data-row-id={row.id}
              aria-current={clearingId === row.id ? 'true' : undefined}
            >
              <button type="button" className="ledger-mobile-row__button" onClick={() => onActivate(row)}>
                <span className="ledger-mobile-row__line">
                  <strong className="ledger-mobile-row__payee">{row.payee}</strong>
                  <span className={`ledger-mobile-row__amount ${cents < 0 ? 'is-payment' : 'is-deposit'}`}>
                    {formatCurrency(cents)}
                  </span>
                </span>
                <span className="ledger-mobile-row__line ledger-muted">
                  <span>
                    {displayDate(row.date)} <StatusBadge status={row.status} />
                    <ReconciledLock row={row} />
                  </span>
                  <span>Balance {formatDollars(row.running)}</span>
                </span>
                <span className="ledger-mobile-row__line ledger-muted">
                  <span className="ledger-ellipsis">
                    {row.splits?.length ? splitLabel(row.splits.length) : (row.category_name ?? '')}
                  </span>
                  <span className="ledger-ellipsis">{row.notes}</span>
                </span>
              </button>
              {clearing && <ClearingButtons row={row} onSetStatus={onSetStatus} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
