import { HttpError } from '@hf/service-kit/errors';
import { monthsOf, parseAccountIds, parseScope } from './report-range';

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return `${(err as HttpError).statusCode} ${(err as Error).message}`;
  }
  throw new Error('did not throw');
}

describe('parseAccountIds', () => {
  it('reads comma-joined canonical ids, sorted and without repeats; absent or empty is every account', () => {
    expect(parseAccountIds('3,1,3')).toEqual([1, 3]);
    expect(parseAccountIds(undefined)).toBeNull();
    expect(parseAccountIds('')).toBeNull();
  });
  it.each(['1,2) OR 1=1--', '01', '1.0', '0x1', '1e0', '1,,2', ' 1', '-1', '0', '2147483648', '1,'])(
    'refuses %p',
    (text) => {
      expect(message(() => parseAccountIds(text))).toBe(
        '400 account_ids must be a comma-separated list of account ids.',
      );
    },
  );
  it('refuses more than 1000 ids', () => {
    const text = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    expect(message(() => parseAccountIds(text))).toBe('400 Too many accounts (limit 1000).');
  });
});

describe('parseScope', () => {
  it('accepts a one-day range and a range of exactly 10 years', () => {
    expect(parseScope({ start_date: '2024-02-29', end_date: '2024-02-29' })).toEqual({
      start: '2024-02-29',
      end: '2024-02-29',
      accountIds: null,
    });
    expect(parseScope({ start_date: '2016-01-01', end_date: '2025-12-31', account_ids: '2' }).accountIds).toEqual([2]);
  });
  it('refuses impossible dates, a start after the end and more than 10 years', () => {
    expect(message(() => parseScope({ start_date: '2024-13-01', end_date: '2024-12-31' }))).toBe(
      '400 The field "start_date" must be a real date (YYYY-MM-DD).',
    );
    expect(message(() => parseScope({ start_date: '2024-01-01', end_date: '2023-02-29' }))).toBe(
      '400 The field "end_date" must be a real date (YYYY-MM-DD).',
    );
    expect(message(() => parseScope({ start_date: '2024-02-02', end_date: '2024-02-01' }))).toBe(
      '400 The start date must be on or before the end date.',
    );
    expect(message(() => parseScope({ start_date: '2016-01-01', end_date: '2026-01-01' }))).toBe(
      '400 The date range cannot be longer than 10 years.',
    );
    expect(message(() => parseScope({ start_date: '1926-01-01', end_date: '2026-01-01' }))).toBe(
      '400 The date range cannot be longer than 10 years.',
    );
  });
});

describe('monthsOf', () => {
  it('lists every month the range touches', () => {
    expect(monthsOf({ start: '2023-11-15', end: '2024-02-01' })).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect(monthsOf({ start: '2024-02-29', end: '2024-02-29' })).toEqual(['2024-02']);
  });
});
