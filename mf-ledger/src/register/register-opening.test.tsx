import { renderHook } from '@testing-library/react';
import { buildRegisterItems, todayIndex, type DisplayItem } from './register-items';
import type { RegisterRow } from './api';
import type { RegisterState } from './register-store';
import { useRegisterScroll } from './use-register-scroll';
import { centredOffset } from './use-register-virtualizer';

/** The register opens at today in its first render when its first page is already in. */

const rowsOn = (dates: string[]) => dates.map((date, i) => ({ id: i + 1, date }));
const items = buildRegisterItems(
  rowsOn(['2025-01-05', '2025-01-20', '2025-02-01', '2025-02-10', '2025-02-11', '2025-04-01']),
  '2025-02-10',
) as DisplayItem[];
// January 2025, r1, r2, February 2025, r3, r4, TODAY, r5, April 2025, r6: 10 items, today at 6.
const height = (item: DisplayItem) => (item.key === 'row-4' ? 68 : 34);

describe('centredOffset', () => {
  it('centres the item in the view, after the head the list starts below', () => {
    expect(todayIndex(items)).toBe(6);
    // Items before today: 6 of them, one 68 px tall: 5 * 34 + 68 = 238, after a 30 px head: 268.
    // Centred in 100 px: 268 + (34 - 100) / 2 = 235; the end is 268 + 4 * 34 = 404, less 100 = 304.
    expect(centredOffset(items, height, 6, 100, 30)).toBe(235);
  });

  it('stops at the top and at the end of the list', () => {
    expect(centredOffset(items, height, 0, 100, 30)).toBe(0);
    // The last item starts at 268 + 3 * 34 = 370: centred 337, past the end's 304.
    expect(centredOffset(items, height, 9, 100, 30)).toBe(304);
    // A view taller than the list: 0.
    expect(centredOffset(items, height, 6, 1000, 30)).toBe(0);
  });
});

describe('useRegisterScroll', () => {
  const state = (status: RegisterState['status'], dates: string[], prevCursor: string | null): RegisterState => ({
    status,
    rows: rowsOn(dates) as unknown as RegisterRow[],
    prevCursor,
    total: dates.length,
    version: 1,
    prepended: 0,
  });

  it('targets today in the first render when the first page reaches today', () => {
    const targets: unknown[] = [];
    renderHook(() => {
      const scroll = useRegisterScroll(state('ready', ['2025-02-01', '2025-03-01'], 'c'), '2025-02-10');
      targets.push(scroll.scrollTarget);
      return scroll;
    });
    // The very first render, not one after an effect.
    expect(targets[0]).toMatchObject({ id: 'today', align: 'center' });
  });

  it('waits for the rows when the first render has none, then targets today once', () => {
    let current = state('loading', [], null);
    const { result, rerender } = renderHook(() => useRegisterScroll(current, '2025-02-10'));
    expect(result.current.scrollTarget).toBeNull();
    current = state('ready', ['2025-02-01', '2025-03-01'], null);
    rerender();
    expect(result.current.scrollTarget).toMatchObject({ id: 'today' });
  });

  it('does not target today while the loaded rows all lie after it and older pages exist', () => {
    const { result } = renderHook(() => useRegisterScroll(state('ready', ['2025-03-01'], 'c'), '2025-02-10'));
    expect(result.current.scrollTarget).toBeNull();
  });
});
