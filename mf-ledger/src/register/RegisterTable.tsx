import { Fragment, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { amountColumnWidths, canvasMeasure, type AmountColumnWidths } from './column-widths';
import type { RegisterRow } from './api';
import type { EntryPosition } from './hooks';
import { useRegisterVirtualizer, type RegisterList, type ScrollTarget } from './use-register-virtualizer';

/** Every virtual item (row, separator, inline entry line) has this fixed height. */
export const ROW_HEIGHT = 34;

export const DESKTOP_COLUMNS = [
  'Date',
  'Payee',
  'Payment',
  'Deposit',
  'Balance',
  'Pending Bal',
  'Cleared Bal',
  'Status',
  'Category',
  'Notes',
] as const;
const COLUMN_CLASS = [
  'date',
  'payee',
  'amount',
  'amount',
  'balance',
  'balance',
  'balance',
  'status',
  'category',
  'notes',
];

export type { ScrollTarget };

export interface RegisterTableProps extends RegisterList {
  entryPosition: EntryPosition;
  entryRow: ReactNode;
  renderRow: (row: RegisterRow, rowIndex: number) => ReactNode;
  /** Keys inside the table (row focus, Enter to edit): see Register. */
  onKeyDown?: (event: KeyboardEvent) => void;
}

const heightOf = () => ROW_HEIGHT;

const MEASURED: Partial<Record<number, keyof AmountColumnWidths>> = {
  2: 'payment',
  3: 'deposit',
  4: 'balance',
  5: 'balance',
  6: 'balance',
};
const widthStyle = (widths: AmountColumnWidths | null, column: number) => {
  const key = MEASURED[column];
  return widths && key ? { width: widths[key] } : undefined;
};

/**
 * Payment, Deposit and balance widths measured once in the table's own font (and again when web
 * fonts finish loading); the stylesheet's widths stand until then (and in jsdom, without canvas).
 */
function useAmountColumnWidths(tableRef: RefObject<HTMLTableElement | null>): AmountColumnWidths | null {
  const [widths, setWidths] = useState<AmountColumnWidths | null>(null);
  useLayoutEffect(() => {
    const measure = canvasMeasure();
    const table = tableRef.current;
    if (!measure || !table) return;
    const run = () => {
      const style = getComputedStyle(table);
      const rootSize = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      // Row text inherits the table's font; the amount inputs use 0.84rem (ledger.css).
      const cell = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const input = `normal 400 ${rootSize * 0.84}px ${style.fontFamily}`;
      const next = amountColumnWidths(measure, { cell, input });
      setWidths((current) =>
        current &&
        current.payment === next.payment &&
        current.deposit === next.deposit &&
        current.balance === next.balance
          ? current
          : next,
      );
    };
    run();
    let live = true;
    void document.fonts?.ready.then(() => live && run());
    return () => {
      live = false;
    };
  }, [tableRef]);
  return widths;
}

/**
 * The desktop register: a real table (column headers are text) whose body is virtualised with
 * fixed-height rows; only the rows on screen (plus overscan) exist in the DOM. Prepending older
 * pages keeps the view where it was; scroll targets (today, a new or moved-to row) are honoured
 * once their row is loaded.
 */
export function RegisterTable(props: RegisterTableProps) {
  const { items, rows, entryPosition, entryRow, renderRow, scrollRef, onKeyDown } = props;
  const theadRef = useRef<HTMLTableSectionElement>(null);
  const [theadHeight, setTheadHeight] = useState(ROW_HEIGHT);
  const tableRef = useRef<HTMLTableElement>(null);
  const widths = useAmountColumnWidths(tableRef);
  const columnCount = DESKTOP_COLUMNS.length;

  useLayoutEffect(() => {
    const el = theadRef.current;
    if (!el) return;
    const measure = () => setTheadHeight(el.offsetHeight || ROW_HEIGHT);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [entryPosition]);

  const virtualizer = useRegisterVirtualizer(props, {
    heightOf,
    overscan: 6,
    scrollMargin: theadHeight,
    initialRect: { width: 1200, height: 600 },
  });

  const virtualItems = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const paddingTop = virtualItems.length > 0 ? virtualItems[0].start - theadHeight : 0;
  const paddingBottom =
    virtualItems.length > 0 ? total - (virtualItems[virtualItems.length - 1].end - theadHeight) : total;

  return (
    <div className="ledger-register__scroll" ref={scrollRef} data-testid="register-scroll" onKeyDown={onKeyDown}>
      <table className="ledger-register-table" ref={tableRef}>
        <colgroup>
          {COLUMN_CLASS.map((c, i) => (
            <col key={i} className={`ledger-col--${c}`} style={widthStyle(widths, i)} />
          ))}
        </colgroup>
        <thead ref={theadRef}>
          <tr>
            {DESKTOP_COLUMNS.map((label, i) => (
              <th
                key={label}
                scope="col"
                className={COLUMN_CLASS[i].match(/amount|balance/) ? 'ledger-num' : undefined}
              >
                {label}
              </th>
            ))}
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
