import {
  addDays,
  addMonthKeys,
  addMonths,
  applyDateKey,
  dayOfWeek,
  monthIndexOf,
  monthKeyOfIndex,
  daysInMonth,
  isValidDate,
  isValidMonth,
  occurrenceDate,
  parseEntryDate,
  toDayNumber,
  fromDayNumber,
} from './index';

describe('calendar dates', () => {
  it('knows real dates from impossible ones', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2025-02-29')).toBe(false);
    expect(isValidDate('2025-02-30')).toBe(false);
    expect(isValidDate('2025-13-01')).toBe(false);
    expect(isValidDate('2025-1-01')).toBe(false);
    expect(isValidDate(20250101)).toBe(false);
  });

  it('takes only the exact shape YYYY-MM-DD, ASCII digits, within 1900-2200', () => {
    for (const good of ['1900-01-01', '2200-12-31', '2000-02-29', '2024-12-31']) expect(isValidDate(good)).toBe(true);
    for (const bad of [
      '1899-12-31',
      '2201-01-01',
      '1900-02-29',
      '2025-00-10',
      '2025-01-00',
      '2025-04-31',
      '2025-01-01 ',
      ' 2025-01-01',
      '2025-01-01\n',
      '2025/01/01',
      '2025-01-0a',
      '2025-+1-01',
      '+025-01-01',
      '2025-01-1.',
      '２０２５-01-01',
      '٢٠٢٥-01-01',
      '',
      null,
      undefined,
    ])
      expect(isValidDate(bad)).toBe(false);
  });

  it('knows the day of the week, before 1970 too', () => {
    // Expected days from an independent calendar (Python's date.isoweekday() modulo 7).
    expect(dayOfWeek('1970-01-01')).toBe(4);
    expect(dayOfWeek('2026-11-06')).toBe(5);
    expect(dayOfWeek('2024-02-29')).toBe(4);
    expect(dayOfWeek('1969-12-28')).toBe(0);
    expect(dayOfWeek('2027-01-02')).toBe(6);
  });

  it('steps days across month and year ends without time zones', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(fromDayNumber(toDayNumber('2031-07-15'))).toBe('2031-07-15');
  });

  it('clamps month steps and occurrence days to the month length', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-15', -3)).toBe('2024-12-15');
    expect(occurrenceDate('2025-02', 31)).toBe('2025-02-28');
    expect(occurrenceDate('2025-04', 31)).toBe('2025-04-30');
    expect(occurrenceDate('2028-02', -1)).toBe('2028-02-29');
    expect(occurrenceDate('2027-02', -1)).toBe('2027-02-28');
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(isValidMonth('2025-12')).toBe(true);
    expect(isValidMonth('2025-13')).toBe(false);
  });
});

describe('parseEntryDate', () => {
  const today = '2026-11-21';
  it.each([
    ['11/5/26', '2026-11-05'],
    ['11/5/2026', '2026-11-05'],
    ['2026-11-05', '2026-11-05'],
    ['3/5', '2027-03-05'], // more than 6 months in the past -> next year
    ['6/1', '2026-06-01'], // within 6 months back: stays this year
    ['12/25', '2026-12-25'],
  ])('reads %s as %s', (input, expected) => {
    expect(parseEntryDate(input, today)).toBe(expected);
  });

  it.each(['2/30/2025', '13/1', '0/5', 'tomorrow', '', '1/32/2026'])('refuses %s', (input) => {
    expect(parseEntryDate(input, today)).toBeNull();
  });

  it('applies the spec rule literally around New Year (current year unless > 6 months past)', () => {
    expect(parseEntryDate('12/20', '2027-01-03')).toBe('2027-12-20');
    expect(parseEntryDate('1/3', '2026-12-20')).toBe('2027-01-03');
  });
});

describe('applyDateKey', () => {
  const today = '2026-11-21';
  it('moves by the spec keys', () => {
    expect(applyDateKey('+', '2026-11-30', today)).toBe('2026-12-01');
    expect(applyDateKey('=', '2026-11-30', today)).toBe('2026-12-01');
    expect(applyDateKey('-', '2026-03-01', today)).toBe('2026-02-28');
    expect(applyDateKey('t', '2020-01-01', today)).toBe(today);
    expect(applyDateKey('PageUp', '2026-01-31', today)).toBe('2026-02-28');
    expect(applyDateKey('PageDown', '2026-03-31', today)).toBe('2026-02-28');
    expect(applyDateKey('x', '2026-03-31', today)).toBeNull();
  });
});

describe('month keys', () => {
  it('steps months across year ends and names a month index', () => {
    expect(addMonthKeys('2026-11', 2)).toBe('2027-01');
    expect(addMonthKeys('2026-01', -1)).toBe('2025-12');
    expect(monthKeyOfIndex(2026 * 12 + 1)).toBe('2026-02');
  });

  it("counts a date's month from year 0, the inverse of monthKeyOfIndex", () => {
    expect(monthIndexOf('2026-02-28')).toBe(2026 * 12 + 1);
    expect(monthIndexOf('2025-12-01')).toBe(2025 * 12 + 11);
    expect(monthKeyOfIndex(monthIndexOf('2024-01-31'))).toBe('2024-01');
  });
});
