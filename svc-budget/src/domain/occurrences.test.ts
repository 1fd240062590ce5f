import { horizonOccurrences, monthOccurrences, nextDates, shiftForWeekend, type Schedule } from './occurrences';
import { NEW_SCHEDULE } from './schedule-fields';

// Expected dates are worked out by hand from a calendar (weekdays noted), not from the code.
const base: Schedule = { ...NEW_SCHEDULE, day_of_month: 1 };
const monthly = (day: number, extra: Partial<Schedule> = {}): Schedule => ({ ...base, day_of_month: day, ...extra });
const of = (extra: Partial<Schedule>): Schedule => ({ ...base, ...extra });

describe('monthly', () => {
  it('clamps 29-31 to short months, leap years included, and -1 is the last day', () => {
    expect(monthOccurrences(monthly(31), '2027-02')).toEqual(['2027-02-28']);
    expect(monthOccurrences(monthly(31), '2028-02')).toEqual(['2028-02-29']);
    expect(monthOccurrences(monthly(29), '2027-02')).toEqual(['2027-02-28']);
    expect(monthOccurrences(monthly(30), '2026-04')).toEqual(['2026-04-30']);
    expect(monthOccurrences(monthly(-1), '2028-02')).toEqual(['2028-02-29']);
    expect(monthOccurrences(monthly(-1), '2100-02')).toEqual(['2100-02-28']); // not a leap year
    expect(monthOccurrences(monthly(-1), '2026-11')).toEqual(['2026-11-30']);
  });

  it('an existing item (no start, no end, weekends kept) happens every month on its day', () => {
    const months = ['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01'];
    expect(horizonOccurrences(monthly(31), months)).toEqual({
      '2026-11-01': ['2026-11-30'],
      '2026-12-01': ['2026-12-31'],
      '2027-01-01': ['2027-01-31'], // a Sunday, kept
      '2027-02-01': ['2027-02-28'],
    });
  });

  it('starts on its start date and ends on its end date, both inclusive', () => {
    const s = monthly(10, { start_date: '2026-12-15', end_date: '2027-03-10' });
    expect(monthOccurrences(s, '2026-12')).toEqual([]);
    expect(monthOccurrences(s, '2027-01')).toEqual(['2027-01-10']);
    expect(monthOccurrences(s, '2027-03')).toEqual(['2027-03-10']);
    expect(monthOccurrences(s, '2027-04')).toEqual([]);
  });
});

describe('weekly and every N weeks', () => {
  it('a bi-weekly anchor years back keeps its cycle (2023-01-06 + 100 fortnights = 2026-11-06)', () => {
    const s = of({ frequency: 'every_n_weeks', interval: 2, start_date: '2023-01-06' });
    expect(monthOccurrences(s, '2026-10')).toEqual(['2026-10-09', '2026-10-23']);
    expect(monthOccurrences(s, '2026-11')).toEqual(['2026-11-06', '2026-11-20']);
    expect(monthOccurrences(s, '2026-12')).toEqual(['2026-12-04', '2026-12-18']);
    expect(monthOccurrences(s, '2027-01')).toEqual(['2027-01-01', '2027-01-15', '2027-01-29']); // three paydays
    expect(monthOccurrences(s, '2022-12')).toEqual([]); // before the anchor
  });

  it('every 4 weeks and every 52 weeks', () => {
    const four = of({ frequency: 'every_n_weeks', interval: 4, start_date: '2026-11-06' });
    expect(monthOccurrences(four, '2026-11')).toEqual(['2026-11-06']);
    expect(monthOccurrences(four, '2026-12')).toEqual(['2026-12-04']);
    expect(monthOccurrences(four, '2027-01')).toEqual(['2027-01-01', '2027-01-29']);
    const yearlyish = of({ frequency: 'every_n_weeks', interval: 52, start_date: '2026-11-06' });
    expect(monthOccurrences(yearlyish, '2027-11')).toEqual(['2027-11-05']); // 364 days later
    expect(monthOccurrences(yearlyish, '2027-10')).toEqual([]);
  });

  it('weekly across Feb 29 of a leap year', () => {
    const s = of({ frequency: 'weekly', start_date: '2028-02-22' });
    expect(monthOccurrences(s, '2028-02')).toEqual(['2028-02-22', '2028-02-29']);
    expect(monthOccurrences(s, '2028-03')).toEqual(['2028-03-07', '2028-03-14', '2028-03-21', '2028-03-28']);
  });

  it('weekly on Sundays moved to the Monday after', () => {
    const s = of({ frequency: 'weekly', start_date: '2026-11-01', weekend: 'after' });
    expect(monthOccurrences(s, '2026-11')).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
  });

  it('an end date inside a month stops it there (inclusive)', () => {
    const s = of({ frequency: 'weekly', start_date: '2026-11-06', end_date: '2026-11-20' });
    expect(monthOccurrences(s, '2026-11')).toEqual(['2026-11-06', '2026-11-13', '2026-11-20']);
    expect(monthOccurrences({ ...s, end_date: '2026-11-19' }, '2026-11')).toEqual(['2026-11-06', '2026-11-13']);
    expect(monthOccurrences(s, '2026-12')).toEqual([]);
  });
});

describe('the weekend rule', () => {
  it('moves Saturday and Sunday to the Friday before or the Monday after, weekdays stay', () => {
    expect(shiftForWeekend('2026-10-31', 'before')).toBe('2026-10-30'); // Sat
    expect(shiftForWeekend('2026-11-01', 'before')).toBe('2026-10-30'); // Sun
    expect(shiftForWeekend('2026-10-31', 'after')).toBe('2026-11-02');
    expect(shiftForWeekend('2026-11-01', 'after')).toBe('2026-11-02');
    expect(shiftForWeekend('2026-11-01', 'keep')).toBe('2026-11-01');
    expect(shiftForWeekend('2026-11-27', 'before')).toBe('2026-11-27'); // Fri
  });

  it('a moved occurrence crosses the month end and keeps the month it was generated for', () => {
    const after = monthly(31, { weekend: 'after' });
    expect(monthOccurrences(after, '2027-01')).toEqual(['2027-02-01']); // Sun Jan 31
    expect(monthOccurrences(after, '2027-02')).toEqual(['2027-03-01']); // Sun Feb 28
    const before = monthly(1, { weekend: 'before' });
    expect(monthOccurrences(before, '2026-11')).toEqual(['2026-10-30']); // Sun Nov 1
    expect(monthOccurrences(before, '2026-10')).toEqual(['2026-10-01']); // Thu
  });

  it('the window is judged on the date the schedule names, before the move', () => {
    const s = monthly(31, { weekend: 'after', end_date: '2027-01-31' });
    expect(monthOccurrences(s, '2027-01')).toEqual(['2027-02-01']);
    expect(monthOccurrences(s, '2027-02')).toEqual([]);
  });
});

describe('twice a month, every N months, yearly, once', () => {
  it('semi-monthly [15, -1] in leap and common Februaries and a 30-day month', () => {
    const s = of({ frequency: 'semi_monthly', days_of_month: [15, -1] });
    expect(monthOccurrences(s, '2028-02')).toEqual(['2028-02-15', '2028-02-29']);
    expect(monthOccurrences(s, '2027-02')).toEqual(['2027-02-15', '2027-02-28']);
    expect(monthOccurrences(s, '2026-11')).toEqual(['2026-11-15', '2026-11-30']);
  });

  it('semi-monthly days that clamp to the same date happen once', () => {
    const s = of({ frequency: 'semi_monthly', days_of_month: [29, 31] });
    expect(monthOccurrences(s, '2027-02')).toEqual(['2027-02-28']);
    expect(monthOccurrences(s, '2027-03')).toEqual(['2027-03-29', '2027-03-31']);
  });

  it('every 3 months from the start month, on its day', () => {
    const s = of({ frequency: 'every_n_months', interval: 3, day_of_month: 15, start_date: '2026-11-01' });
    const months = ['2026-11', '2026-12', '2027-01', '2027-02', '2027-05', '2027-08', '2027-11'];
    expect(months.map((m) => monthOccurrences(s, m))).toEqual([
      ['2026-11-15'],
      [],
      [],
      ['2027-02-15'],
      ['2027-05-15'],
      ['2027-08-15'],
      ['2027-11-15'],
    ]);
    // A day before the start date in the start month is not an occurrence.
    expect(monthOccurrences({ ...s, start_date: '2026-11-20' }, '2026-11')).toEqual([]);
  });

  it('yearly on Feb 29 falls on Feb 28 in years without one', () => {
    const s = of({ frequency: 'yearly', start_date: '2028-02-29' });
    expect(monthOccurrences(s, '2028-02')).toEqual(['2028-02-29']);
    expect(monthOccurrences(s, '2029-02')).toEqual(['2029-02-28']);
    expect(monthOccurrences(s, '2032-02')).toEqual(['2032-02-29']);
    expect(monthOccurrences(s, '2028-03')).toEqual([]);
    expect(monthOccurrences(s, '2027-02')).toEqual([]); // before the start
  });

  it('once happens on its date only, moved by the weekend rule', () => {
    const s = of({ frequency: 'once', start_date: '2026-08-15', weekend: 'before' }); // Sat
    expect(monthOccurrences(s, '2026-08')).toEqual(['2026-08-14']);
    expect(monthOccurrences(s, '2026-09')).toEqual([]);
    expect(monthOccurrences(s, '2027-08')).toEqual([]);
  });
});

describe('next dates', () => {
  it('the next three from today on, today included', () => {
    const biweekly = of({ frequency: 'every_n_weeks', interval: 2, start_date: '2023-01-06' });
    expect(nextDates(biweekly, '2026-11-27')).toEqual(['2026-12-04', '2026-12-18', '2027-01-01']);
    const weekly = of({ frequency: 'weekly', start_date: '2026-11-06' });
    expect(nextDates(weekly, '2026-11-27')).toEqual(['2026-11-27', '2026-12-04', '2026-12-11']);
  });

  it('looks years ahead for a yearly item and finds fewer when it ends', () => {
    const s = of({ frequency: 'yearly', start_date: '2028-02-29' });
    expect(nextDates(s, '2026-11-27')).toEqual(['2028-02-29', '2029-02-28', '2030-02-28']);
    expect(nextDates({ ...s, end_date: '2029-12-31' }, '2026-11-27')).toEqual(['2028-02-29', '2029-02-28']);
    expect(nextDates(of({ frequency: 'once', start_date: '2026-11-26' }), '2026-11-27')).toEqual([]);
  });

  it('counts a date moved from the month before onto today, and one moved back before the month', () => {
    const s = monthly(31, { weekend: 'after' });
    expect(nextDates(s, '2027-02-01')).toEqual(['2027-02-01', '2027-03-01', '2027-03-31']);
    // Sun Nov 1 moved back to Fri Oct 30, after today.
    const before = monthly(1, { weekend: 'before' });
    expect(nextDates(before, '2026-10-02')).toEqual(['2026-10-30', '2026-12-01', '2027-01-01']);
  });
});
