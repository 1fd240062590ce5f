import { calendarDate, dateParts, fullYear, yearFirstDate } from './date-text';

const TODAY = '2024-06-15';
const read = (text: string, order: 'MDY' | 'DMY' | 'YMD') => calendarDate(dateParts(text, TODAY), order);

describe('dates of bank files', () => {
  it.each([
    ['1/15/24', 'MDY', '2024-01-15'],
    ['1/15/2024', 'MDY', '2024-01-15'],
    ['01/15/2024', 'MDY', '2024-01-15'],
    ['1/15', 'MDY', '2024-01-15'],
    ['2024-01-15', 'MDY', '2024-01-15'],
    ['2024-01-15', 'DMY', '2024-01-15'],
    ['2024/1/5', 'DMY', '2024-01-05'],
    ['20240115', 'MDY', '2024-01-15'],
    ['15.01.2024', 'DMY', '2024-01-15'],
    ['15.01.24', 'DMY', '2024-01-15'],
    ['15/01/2024', 'DMY', '2024-01-15'],
    ['15-01-2024', 'DMY', '2024-01-15'],
    ['15.01.', 'DMY', '2024-01-15'],
    ['15 Jan 2024', 'MDY', '2024-01-15'],
    ['15-Jan-24', 'DMY', '2024-01-15'],
    ['Jan 15, 2024', 'MDY', '2024-01-15'],
    ['15. März 2024', 'DMY', '2024-03-15'],
    ['2024-01-15 10:22:33', 'MDY', '2024-01-15'],
    ['2024-01-15T10:22:33Z', 'MDY', '2024-01-15'],
    ['1/15/2024 3:45 PM', 'MDY', '2024-01-15'],
    ['2/29/2024', 'MDY', '2024-02-29'],
  ] as const)('%p under %s is %s', (text, order, date) => {
    expect(read(text, order)).toBe(date);
  });

  it.each([
    ['2/30/2024', 'MDY'],
    ['13/01/2024', 'MDY'],
    ['1/15/2024', 'DMY'],
    ['2/29/2023', 'MDY'],
    ['2024-13-01', 'MDY'],
    ['0/1/2024', 'MDY'],
    ['yesterday', 'MDY'],
    ['', 'MDY'],
    ['15 Foo 2024', 'DMY'],
    ['1/15/2024', 'YMD'],
  ] as const)('%p under %s is no date (never rolled over)', (text, order) => {
    expect(read(text, order)).toBeNull();
  });

  it('two-digit years: 00-69 are 20xx, 70-99 are 19xx', () => {
    expect(fullYear('00')).toBe(2000);
    expect(fullYear('69')).toBe(2069);
    expect(fullYear('70')).toBe(1970);
    expect(fullYear('99')).toBe(1999);
    expect(read('1/1/85', 'MDY')).toBe('1985-01-01');
  });

  it('a year-first date with a two-digit year is read when the mapping says YMD', () => {
    expect(yearFirstDate('24/01/15')).toBe('2024-01-15');
    expect(yearFirstDate('24/02/30')).toBeNull();
  });
});
