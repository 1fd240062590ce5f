import {
  Fragment,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  amountColumnWidths,
  canvasMeasure,
  DATE_COLUMN,
  longestTexts,
  shareTextWidth,
  STATUS_COLUMN,
  textColumnNeeds,
  widestAmounts,
} from './column-widths';
import type { DisplayItem } from './register-items';
import type { RegisterRow } from './api';
import type { EntryPosition } from './hooks';
import {
  DESKTOP_SCROLLER,
  scrollerHeight,
  useRegisterVirtualizer,
  type RegisterList,
  type ScrollTarget,
} from './use-register-virtualizer';

/** Every virtual item (row, separator, inline entry line) has this fixed height... */
export const ROW_HEIGHT = 34;
/** ...except the row being edited: its fields, and its Save / Move / Delete / Cancel on a second line. */
export const EDIT_ROW_HEIGHT = 2 * ROW_HEIGHT;

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
  /** `tabStop`: the row Tab reaches (the register is one tab stop; arrows move between rows). */
  renderRow: (row: RegisterRow, rowIndex: number, tabStop: boolean) => ReactNode;
  /** Keys inside the table (row focus, Enter to edit): see Register. */
  onKeyDown?: (event: KeyboardEvent) => void;
  /** A row took focus (see useRowFocus). */
  onFocus?: (event: FocusEvent) => void;
  /** The row that should be the tab stop when it is rendered. */
  tabRowId: number | null;
  /** The row open in the editor (two lines tall), if any. */
  editingId: number | null;
  /** Extra register lines an item takes (a split row's shown lines or split editor), by item key. */
  extraLines?: (key: string) => number;
}

const noExtraLines = () => 0;

/** Every column's width in pixels, in DESKTOP_COLUMNS order. */
type ColumnWidths = readonly number[];

const widthStyle = (widths: ColumnWidths | null, column: number) => (widths ? { width: widths[column] } : undefined);

/**
 * Column widths from the loaded rows, measured in the table's own fonts (again when web fonts
 * finish loading) and fitted to the table's width (again whenever it changes: the window, the
 * sidebar): Payment, Deposit and the balances as wide as their widest value, Payee, Category and
 * Notes share the rest by what their longest texts need (record 0112). The table's width is read
 * in the layout effect that sets the widths, so the first render is followed by one more render
 * only (not one for the width and another for the widths); later it comes from the
 * ResizeObserver. `measuring` holds the rows back until that first measure, so the browser lays
 * the rows out once, at their widths, instead of at the stylesheet's widths first (record 0154).
 * In jsdom, without canvas, the stylesheet's widths stand and the rows come at once.
 */
function useColumnWidths(tableRef: RefObject<HTMLTableElement | null>, rows: readonly RegisterRow[]) {
  const [widths, setWidths] = useState<ColumnWidths | null>(null);
  // Until the first measure, the body holds no rows (see RegisterTable): true where there is a
  // canvas to measure with, cleared by the first measure whatever it finds.
  const [measuring, setMeasuring] = useState(() => canvasMeasure() !== null && typeof ResizeObserver !== 'undefined');
  const [fontsReady, setFontsReady] = useState(0);
  const widest = useMemo(() => widestAmounts(rows), [rows]);
  const texts = useMemo(() => longestTexts(rows), [rows]);
  /** The table's width as last read (0: not yet): new rows (an older page) fit to it without a layout. */
  const tableWidth = useRef(0);
  useLayoutEffect(() => {
    // Fonts still loading: measure again once they are in. With every font in (the app's are
    // the system's), the widths measured now stand: no second measure, nor a render for it.
    const fonts = document.fonts;
    if (!fonts || fonts.status === 'loaded') return;
    let live = true;
    void fonts.ready.then(() => live && setFontsReady((n) => n + 1));
    return () => {
      live = false;
    };
  }, []);
  useLayoutEffect(() => {
    setMeasuring(false);
    const measure = canvasMeasure();
    const table = tableRef.current;
    if (!measure || !table || typeof ResizeObserver === 'undefined') return;
    const style = getComputedStyle(table);
    const rootSize = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    // Row text inherits the table's font; the amount inputs use 0.84rem, the headings 600 0.78rem (ledger.css).
    const cell = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const input = `normal 400 ${rootSize * 0.84}px ${style.fontFamily}`;
    const header = `normal 600 ${rootSize * 0.78}px ${style.fontFamily}`;
    const amounts = amountColumnWidths(measure, { cell, input, header }, widest);
    const fixed = DATE_COLUMN + STATUS_COLUMN + amounts.payment + amounts.deposit + 3 * amounts.balance;
    const needs = textColumnNeeds(measure, cell, texts);
    const fit = (width: number) => {
      if (width === 0) return;
      const [payee, category, notes] = shareTextWidth(needs, width - fixed);
      const next = [
        DATE_COLUMN,
        payee,
        amounts.payment,
        amounts.deposit,
        amounts.balance,
        amounts.balance,
        amounts.balance,
        STATUS_COLUMN,
        category,
        notes,
      ];
      setWidths((current) => (current && current.every((w, i) => w === next[i]) ? current : next));
    };
    if (tableWidth.current === 0) tableWidth.current = table.clientWidth;
    fit(tableWidth.current);
    const observer = new ResizeObserver(() => {
      tableWidth.current = table.clientWidth;
      fit(tableWidth.current);
    });
    observer.observe(table);
    return () => observer.disconnect();
  }, [tableRef, widest, texts, fontsReady]);
  return { widths, measuring };
}

/**
 * The register is one tab stop: the row asked for when it is rendered, else the first row on
 * screen (the rows are virtualised).
 */
function tabStopOf(
  rendered: readonly { index: number; start: number }[],
  items: readonly DisplayItem[],
  rows: readonly RegisterRow[],
  preferred: number | null,
  viewTop: number,
): number | null {
  let first: number | null = null;
  for (const v of rendered) {
    const item = items[v.index];
    if (item?.kind !== 'row') continue;
    const id = rows[item.rowIndex]?.id;
    if (id === undefined) continue;
    if (id === preferred) return id;
    if (first === null && v.start >= viewTop) first = id;
  }
  return first;
}

/**
 * The desktop register: a real table (column headers are text) whose body is virtualised with
 * fixed-height rows; only the rows on screen (plus overscan) exist in the DOM. Prepending older
 * pages keeps the view where it was; scroll targets (today, a new or moved-to row) are honoured
 * once their row is loaded.
 */
export function RegisterTable(props: RegisterTableProps) {
  const { items, rows, entryPosition, entryRow, renderRow, scrollRef, onKeyDown, onFocus, editingId } = props;
  const extraLines = props.extraLines ?? noExtraLines;
  const theadRef = useRef<HTMLTableSectionElement>(null);
  const [theadHeight, setTheadHeight] = useState(ROW_HEIGHT);
  const tableRef = useRef<HTMLTableElement>(null);
  const { widths, measuring } = useColumnWidths(tableRef, rows);
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

  const editingKey = editingId === null ? null : `row-${editingId}`;
  const heightOf = useCallback(
    (item: DisplayItem) => (item.key === editingKey ? EDIT_ROW_HEIGHT : ROW_HEIGHT) + extraLines(item.key) * ROW_HEIGHT,
    [editingKey, extraLines],
  );
  const virtualizer = useRegisterVirtualizer(props, {
    heightOf,
    overscan: 6,
    scrollMargin: theadHeight,
    initialRect: { width: 1200, height: scrollerHeight(DESKTOP_SCROLLER) },
  });
  // The editor's row is taller: sizes are read again, and its second line (the actions) is scrolled into view.
  useLayoutEffect(() => {
    virtualizer.measure();
    if (editingId === null) return;
    const index = items.findIndex((i) => i.key === editingKey);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
    // Only when the editor opens or closes.
  }, [editingId]);
  // Split lines shown, hidden, added or removed: sizes are read again.
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [extraLines, virtualizer]);

  const virtualItems = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const paddingTop = virtualItems.length > 0 ? virtualItems[0].start - theadHeight : 0;
  const paddingBottom =
    virtualItems.length > 0 ? total - (virtualItems[virtualItems.length - 1].end - theadHeight) : total;
  const tabStop = tabStopOf(virtualItems, items, rows, props.tabRowId, (virtualizer.scrollOffset ?? 0) + theadHeight);

  return (
    <div
      className="ledger-register__scroll"
      ref={scrollRef}
      data-testid="register-scroll"
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
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
          {/* The first render, before the widths are measured: the list's height without its rows,
              so the first measure lays out no rows and the rows are laid out once, at their widths. */}
          {measuring && total > 0 && (
            <tr aria-hidden="true" className="ledger-spacer">
              <td colSpan={columnCount} style={{ height: total }} />
            </tr>
          )}
          {!measuring && paddingTop > 0 && (
            <tr aria-hidden="true" className="ledger-spacer">
              <td colSpan={columnCount} style={{ height: paddingTop }} />
            </tr>
          )}
          {!measuring &&
            virtualItems.map((v) => {
              const item = items[v.index];
              if (item.kind === 'row') {
                const row = rows[item.rowIndex];
                return row ? renderRow(row, item.rowIndex, row.id === tabStop) : null;
              }
              if (item.kind === 'entry') return <Fragment key="entry">{entryRow}</Fragment>;
              return (
                <tr key={item.key} className={`ledger-separator ledger-separator--${item.kind}`}>
                  <td colSpan={columnCount}>{item.kind === 'month' ? item.label : 'Today'}</td>
                </tr>
              );
            })}
          {!measuring && paddingBottom > 0 && (
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
