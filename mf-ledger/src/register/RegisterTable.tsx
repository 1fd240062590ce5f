import { Fragment, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { RegisterRow } from './api';
import type { EntryPosition } from './hooks';
import type { DisplayItem } from './register-items';
import { useRegisterVirtualizer, type ScrollTarget } from './use-register-virtualizer';

/** Every virtual item (row, separator, inline entry line) has this fixed height. */
export const ROW_HEIGHT = 34;

export const DESKTOP_COLUMNS = ['Date', 'Payee', 'Payment', 'Deposit', 'Balance', 'Pending Bal', 'Cleared Bal', 'Status', 'Category', 'Notes'] as const;
const COLUMN_CLASS = ['date', 'payee', 'amount', 'amount', 'balance', 'balance', 'balance', 'status', 'category', 'notes'];

export type { ScrollTarget };

export interface RegisterTableProps {
  items: DisplayItem[];
  rows: RegisterRow[];
  entryPosition: EntryPosition;
  entryRow: ReactNode;
  withActionsColumn: boolean;
  renderRow: (row: RegisterRow, rowIndex: number) => ReactNode;
  scrollTarget: ScrollTarget | null;
  onScrolled: () => void;
  scrollRef: RefObject<HTMLDivElement | null>;
}

const heightOf = () => ROW_HEIGHT;

/**
 * The desktop register: a real table (column headers are text) whose body is virtualised with
 * fixed-height rows; only the rows on screen (plus overscan) exist in the DOM. Prepending older
 * pages keeps the view where it was; scroll targets (today, a new or moved-to row) are honoured
 * once their row is loaded.
 */
export function RegisterTable({ items, rows, entryPosition, entryRow, withActionsColumn, renderRow, scrollTarget, onScrolled, scrollRef }: RegisterTableProps) {
  const theadRef = useRef<HTMLTableSectionElement>(null);
  const [theadHeight, setTheadHeight] = useState(ROW_HEIGHT);
  const columnCount = DESKTOP_COLUMNS.length + (withActionsColumn ? 1 : 0);

  useLayoutEffect(() => {
    const el = theadRef.current;
    if (!el) return;
    const measure = () => setTheadHeight(el.offsetHeight || ROW_HEIGHT);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [entryPosition]);

  const virtualizer = useRegisterVirtualizer({
    items,
    rows,
    heightOf,
    scrollRef,
    scrollTarget,
    onScrolled,
    overscan: 6,
    scrollMargin: theadHeight,
    initialRect: { width: 1200, height: 600 },
  });

  const virtualItems = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const paddingTop = virtualItems.length > 0 ? virtualItems[0].start - theadHeight : 0;
  const paddingBottom = virtualItems.length > 0 ? total - (virtualItems[virtualItems.length - 1].end - theadHeight) : total;

  return (
    <div className="ledger-register__scroll" ref={scrollRef} data-testid="register-scroll">
      <table className={`ledger-register-table${withActionsColumn ? ' has-actions' : ''}`}>
        <colgroup>
          {COLUMN_CLASS.map((c, i) => (
            <col key={i} className={`ledger-col--${c}`} />
          ))}
          {withActionsColumn && <col className="ledger-col--actions" />}
        </colgroup>
        <thead ref={theadRef}>
          <tr>
            {DESKTOP_COLUMNS.map((label, i) => (
              <th key={label} scope="col" className={COLUMN_CLASS[i].match(/amount|balance/) ? 'ledger-num' : undefined}>
                {label}
              </th>
            ))}
            {withActionsColumn && <th scope="col">Actions</th>}
          </tr>
          {entryPosition === 'header' && entryRow}
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="ledger-spacer">
              <td colSpan={columnCount} style={{ height: paddingTop }} />
            </tr>
          )}
          {virtualItems.map((v) => {
            const item = items[v.index];
            if (item.kind === 'row') {
              const row = rows[item.rowIndex];
              return row ? renderRow(row, item.rowIndex) : null;
            }
            if (item.kind === 'entry') return <Fragment key="entry">{entryRow}</Fragment>;
            return (
              <tr key={item.key} className={`ledger-separator ledger-separator--${item.kind}`}>
                <td colSpan={columnCount}>{item.kind === 'month' ? item.label : 'Today'}</td>
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="ledger-spacer">
              <td colSpan={columnCount} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
        {entryPosition === 'footer' && <tfoot>{entryRow}</tfoot>}
      </table>
    </div>
  );
}
