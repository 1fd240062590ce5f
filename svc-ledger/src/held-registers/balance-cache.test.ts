import { BalanceCache, countRow, type SumsDelta } from './balance-cache';

const sums = (total: number) => ({ total, pending: total, cleared: 0 });

describe('BalanceCache', () => {
  it('holds the sums of each account at one version; a newer version replaces them, an older one does not', () => {
    const cache = new BalanceCache();
    cache.set(1, 10, '100', sums(5));
    cache.set(1, 11, '7', sums(6));
    expect(cache.held(1)).toEqual(
      new Map([
        [10, { version: '100', sums: sums(5) }],
        [11, { version: '7', sums: sums(6) }],
      ]),
    );
    cache.set(1, 10, '99', sums(1));
    expect(cache.held(1).get(10)).toEqual({ version: '100', sums: sums(5) });
    cache.set(1, 10, '1000000000000000001', sums(2));
    expect(cache.held(1).get(10)).toEqual({ version: '1000000000000000001', sums: sums(2) });
    expect(cache.held(2)).toEqual(new Map());
  });

  it('the same version set again without a date keeps the sum through the date held with it; a new version does not', () => {
    const cache = new BalanceCache();
    cache.set(1, 10, '5', sums(5), { date: '2025-03-15', sum: 3 });
    cache.set(1, 10, '5', sums(5));
    expect(cache.held(1).get(10)).toEqual({ version: '5', sums: sums(5), today: { date: '2025-03-15', sum: 3 } });
    cache.set(1, 10, '6', sums(7));
    expect(cache.held(1).get(10)).toEqual({ version: '6', sums: sums(7) });
  });

  it('advance: moves the sums held at the previous version by the rows counted, balance_today by those dated on or before its date', () => {
    const cache = new BalanceCache();
    cache.set(1, 10, '5', { total: 100, pending: 40, cleared: 10 }, { date: '2025-03-15', sum: 60 });
    const delta: SumsDelta = { total: 0, pending: 0, cleared: 0, byDate: new Map() };
    countRow(delta, { amount: -30, status: 'x', date: '2025-03-15' }, 1);
    countRow(delta, { amount: 20, status: 'p', date: '2025-03-16' }, 1);
    countRow(delta, { amount: 7, status: '', date: '2025-01-02' }, -1);
    expect(cache.advance(1, 10, '4', '6', delta)).toBe(false);
    expect(cache.advance(1, 10, '5', '6', delta)).toBe(true);
    expect(cache.held(1).get(10)).toEqual({
      version: '6',
      sums: { total: 83, pending: 30, cleared: -20 },
      today: { date: '2025-03-15', sum: 23 },
    });
    expect(cache.advance(1, 10, '6', '7')).toBe(true);
    expect(cache.held(1).get(10)).toEqual({
      version: '7',
      sums: { total: 83, pending: 30, cleared: -20 },
      today: { date: '2025-03-15', sum: 23 },
    });
    expect(cache.advance(2, 10, '7', '8')).toBe(false);
  });

  it('answers a copy (later sets do not change what a caller holds)', () => {
    const cache = new BalanceCache();
    cache.set(1, 10, '1', sums(5));
    const held = cache.held(1);
    cache.set(1, 10, '2', sums(9));
    expect(held.get(10)).toEqual({ version: '1', sums: sums(5) });
  });

  it('over its bound forgets the least recently used households first, never the one being set', () => {
    const cache = new BalanceCache(4);
    cache.set(1, 10, '1', sums(1));
    cache.set(1, 11, '1', sums(1));
    cache.set(2, 20, '1', sums(2));
    cache.set(3, 30, '1', sums(3));
    cache.held(1); // household 1 is now the most recently used
    cache.set(4, 40, '1', sums(4));
    expect(cache.held(2).size).toBe(0);
    expect(cache.held(1).size).toBe(2);
    expect(cache.held(3).size).toBe(1);
    expect(cache.held(4).size).toBe(1);
    const alone = new BalanceCache(1);
    alone.set(5, 50, '1', sums(1));
    alone.set(5, 51, '1', sums(1));
    expect(alone.held(5).size).toBe(2);
  });
});
