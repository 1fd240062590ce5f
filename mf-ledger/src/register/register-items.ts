/**
 * The register's display list: transaction rows (already in register order from the server)
 * with a month separator before each month's first row and one "today" separator between the
 * rows dated today or earlier and the future rows. One linear pass, no per-row formatting, so
 * 50,000 rows cost a few milliseconds; the virtual list renders only what is on screen.
 */
import { monthAndYear, type CalendarDate } from '@hf/calendar';

// Every item has the same four fields (one object shape keeps the hot loops monomorphic).
export type RegisterItem =
  | { kind: 'month'; key: string; label: string; rowIndex: -1 }
  | { kind: 'today'; key: 'today'; label: 'Today'; rowIndex: -1 }
  | { kind: 'row'; key: string; label: ''; rowIndex: number };

export function buildRegisterItems(
  rows: readonly { id: number | string; date: string }[],
  today: CalendarDate,
): RegisterItem[] {
  const items: RegisterItem[] = [];
  let month = '';
  let todayPlaced = false;
  const used = new Set<string>();
  const placeMonth = (date: string) => {
    const m = date.slice(0, 7);
    if (m !== month) {
      month = m;
      // Rows arrive in date order; a month seen twice (out-of-order data) still gets a unique key.
      let key = `month-${m}`;
      if (used.has(key)) key = `${key}-${items.length}`;
      used.add(key);
      items.push({ kind: 'month', key, label: monthAndYear(m), rowIndex: -1 });
    }
  };
  for (let i = 0; i < rows.length; i++) {
    const date = rows[i].date;
    if (!todayPlaced && date > today) {
      placeMonth(today);
      items.push({ kind: 'today', key: 'today', label: 'Today', rowIndex: -1 });
      todayPlaced = true;
    }
    placeMonth(date);
    items.push({ kind: 'row', key: `row-${rows[i].id}`, label: '', rowIndex: i });
  }
  if (!todayPlaced) {
    placeMonth(today);
    items.push({ kind: 'today', key: 'today', label: 'Today', rowIndex: -1 });
  }
  return items;
}

/** Index of the today separator (where the inline entry line sits and the register opens). */
export function todayIndex(items: readonly { kind: string }[]): number {
  for (let i = items.length - 1; i >= 0; i--) if (items[i].kind === 'today') return i;
  return items.length - 1;
}

/** rowIndex -> item index, for scrolling to a row. */
export function itemIndexOfRow(items: readonly RegisterItem[], rowIndex: number): number {
  // Items are in row order, so a binary search over the row items is exact.
  let lo = 0;
  let hi = items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    let j = mid;
    while (j <= hi && items[j].kind !== 'row') j++;
    if (j > hi) {
      hi = mid - 1;
      continue;
    }
    const r = (items[j] as { rowIndex: number }).rowIndex;
    if (r === rowIndex) return j;
    if (r < rowIndex) lo = j + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** A register item or the inline entry line. */
export type DisplayItem = RegisterItem | { kind: 'entry'; key: 'entry'; label: ''; rowIndex: -1 };

/** Puts the inline entry line right after the today separator. */
export function withInlineEntry(items: readonly RegisterItem[]): DisplayItem[] {
  const at = todayIndex(items);
  const out: DisplayItem[] = items.slice(0, at + 1);
  out.push({ kind: 'entry', key: 'entry', label: '', rowIndex: -1 });
  for (let i = at + 1; i < items.length; i++) out.push(items[i]);
  return out;
}

/**
 * How far the content above the first previously shown row moved when older rows were
 * prepended, in pixels: the view scrolls by this much so the same rows stay in place.
 */
export function prependScrollDelta(
  previous: readonly DisplayItem[],
  next: readonly DisplayItem[],
  heightOf: (item: DisplayItem) => number,
): number {
  const oldIndex = previous.findIndex((i) => i.kind === 'row');
  if (oldIndex < 0) return 0;
  const key = previous[oldIndex].key;
  const guess = oldIndex + (next.length - previous.length);
  const newIndex = next[guess]?.key === key ? guess : next.findIndex((i) => i.key === key);
  if (newIndex < 0) return 0;
  let delta = 0;
  for (let i = 0; i < newIndex; i++) delta += heightOf(next[i]);
  for (let i = 0; i < oldIndex; i++) delta -= heightOf(previous[i]);
  return delta;
}
