import { buildRegisterItems, itemIndexOfRow, prependScrollDelta, todayIndex, withInlineEntry } from './register-items';
import { displayDate } from '@hf/app-kit';
import { monthAndYear } from '@hf/calendar';

const rows = [
  { id: 1, date: '2025-01-05' },
  { id: 2, date: '2025-01-20' },
  { id: 3, date: '2025-02-01' },
  { id: 4, date: '2025-02-10' },
  { id: 5, date: '2025-02-11' },
  { id: 6, date: '2025-04-01' },
];
const kinds = (items: ReturnType<typeof buildRegisterItems>) =>
  items.map((i) => (i.kind === 'row' ? `r${rows[i.rowIndex].id}` : i.kind === 'month' ? i.label : 'TODAY'));

describe('buildRegisterItems', () => {
  it('puts a month separator before each month and today between past and future rows', () => {
    expect(kinds(buildRegisterItems(rows, '2025-02-10'))).toEqual([
      'January 2025',
      'r1',
      'r2',
      'February 2025',
      'r3',
      'r4',
      'TODAY',
      'r5',
      'April 2025',
      'r6',
    ]);
  });
  it('adds the current month before today when no row is in it', () => {
    expect(kinds(buildRegisterItems(rows, '2025-03-02'))).toEqual([
      'January 2025',
      'r1',
      'r2',
      'February 2025',
      'r3',
      'r4',
      'r5',
      'March 2025',
      'TODAY',
      'April 2025',
      'r6',
    ]);
  });
  it('puts today last when every row is in the past and first when all are future', () => {
    expect(kinds(buildRegisterItems(rows, '2025-06-01')).slice(-2)).toEqual(['June 2025', 'TODAY']);
    expect(kinds(buildRegisterItems(rows, '2024-12-31')).slice(0, 3)).toEqual([
      'December 2024',
      'TODAY',
      'January 2025',
    ]);
  });
  it('an empty register shows the month and today', () => {
    expect(kinds(buildRegisterItems([], '2025-06-01'))).toEqual(['June 2025', 'TODAY']);
  });
  it('finds today and rows by index', () => {
    const items = buildRegisterItems(rows, '2025-02-10');
    expect(todayIndex(items)).toBe(6);
    for (let r = 0; r < rows.length; r++) {
      const i = itemIndexOfRow(items, r);
      expect(items[i]).toMatchObject({ kind: 'row', rowIndex: r });
    }
    expect(itemIndexOfRow(items, 99)).toBe(-1);
  });
  // Its speed is measured by `npm run bench -- browser`, not asserted here (no timings in tests).
  it('builds the items of 50,000 rows, each row once and in order', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => ({
      id: i,
      date: `20${String(10 + Math.floor(i / 4000)).padStart(2, '0')}-${String((Math.floor(i / 400) % 12) + 1).padStart(2, '0')}-15`,
    }));
    const items = buildRegisterItems(many, '2020-06-15');
    expect(items.filter((i) => i.kind === 'row')).toHaveLength(50_000);
    expect(itemIndexOfRow(items, 49_999)).toBe(items.length - 1);
  });
});

describe('dates', () => {
  it('writes M/D/YYYY and month labels', () => {
    expect(displayDate('2025-03-04')).toBe('3/4/2025');
    expect(monthAndYear('2025-12')).toBe('December 2025');
    expect(monthAndYear('2025-01-31')).toBe('January 2025');
  });
});

describe('withInlineEntry / prependScrollDelta', () => {
  it('puts the entry line after today', () => {
    const items = withInlineEntry(buildRegisterItems(rows, '2025-02-10'));
    expect(items.map((i) => i.kind).slice(5, 9)).toEqual(['row', 'today', 'entry', 'row']);
  });
  it('measures what was prepended above the first old row', () => {
    const older = [{ id: 0, date: '2024-12-30' }, ...rows];
    const before = buildRegisterItems(rows, '2025-02-10');
    const after = buildRegisterItems(older, '2025-02-10');
    const height = (i: { kind: string }) => (i.kind === 'row' ? 30 : 20);
    // Added: "December 2024" separator (20) and row 0 (30); "January 2025" stays above row 1.
    expect(prependScrollDelta(before, after, height)).toBe(50);
    expect(prependScrollDelta(before, before, height)).toBe(0);
  });
});
