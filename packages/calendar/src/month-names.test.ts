import { MONTH_NAMES, monthAndYear, monthName, SHORT_MONTH_NAMES } from './month-names';

describe('month names', () => {
  it('has the twelve English names and their three-letter forms', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(SHORT_MONTH_NAMES).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect([MONTH_NAMES[0], MONTH_NAMES[8], MONTH_NAMES[11]]).toEqual(['January', 'September', 'December']);
  });

  it.each([
    ['2025-03', 'March', 'Mar'],
    ['2025-03-01', 'March', 'Mar'],
    ['2026-12-31', 'December', 'Dec'],
    ['2027-01-15', 'January', 'Jan'],
  ])('names the month of %p', (text, long, short) => {
    expect(monthName(text)).toBe(long);
    expect(monthName(text, 'short')).toBe(short);
  });

  it('writes the month with its year', () => {
    expect(monthAndYear('2025-03')).toBe('March 2025');
    expect(monthAndYear('2026-11-01', 'short')).toBe('Nov 2026');
    expect(monthAndYear('2025-09-14', 'short')).toBe('Sep 2025');
  });
});
