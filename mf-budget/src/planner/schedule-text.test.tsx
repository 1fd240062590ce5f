import { dayOrdinal, nextDatesText, occurrencesLabel, scheduleSummary, type Schedule } from './schedule-text';

const TODAY = '2026-11-15';
const monthly: Schedule = {
  frequency: 'monthly',
  interval: null,
  day_of_month: 15,
  days_of_month: null,
  start_date: null,
  end_date: null,
  weekend: 'keep',
};
const say = (extra: Partial<Schedule>) => scheduleSummary({ ...monthly, ...extra }, TODAY);

describe('scheduleSummary: one sentence per frequency', () => {
  it.each<[string, Partial<Schedule>, string]>([
    ['monthly', {}, 'Every month on the 15th'],
    ['monthly on the last day', { day_of_month: -1 }, 'Every month on the last day'],
    [
      'monthly from a later date',
      { day_of_month: 1, start_date: '2027-01-01' },
      'Every month on the 1st from Jan 1, 2027',
    ],
    ['monthly started in the past', { day_of_month: 3, start_date: '2025-06-01' }, 'Every month on the 3rd'],
    ['weekly', { frequency: 'weekly', start_date: '2026-11-06' }, 'Every week from Fri, Nov 6'],
    [
      'every 2 weeks',
      { frequency: 'every_n_weeks', interval: 2, start_date: '2026-11-06' },
      'Every 2 weeks from Fri, Nov 6',
    ],
    [
      'every 2 weeks anchored years back',
      { frequency: 'every_n_weeks', interval: 2, start_date: '2020-01-03' },
      'Every 2 weeks from Fri, Jan 3, 2020',
    ],
    [
      'twice a month with the last day',
      { frequency: 'semi_monthly', days_of_month: [1, -1] },
      'Twice a month on the 1st and the last day',
    ],
    ['twice a month', { frequency: 'semi_monthly', days_of_month: [2, 22] }, 'Twice a month on the 2nd and the 22nd'],
    [
      'every 3 months',
      { frequency: 'every_n_months', interval: 3, day_of_month: 11, start_date: '2027-01-01' },
      'Every 3 months on the 11th from Jan 2027',
    ],
    ['yearly', { frequency: 'yearly', day_of_month: 3, start_date: '2027-03-03' }, 'Every year on Mar 3 from 2027'],
    ['yearly, started', { frequency: 'yearly', day_of_month: 3, start_date: '2026-03-03' }, 'Every year on Mar 3'],
    ['once this year', { frequency: 'once', start_date: '2026-12-24' }, 'Once on Dec 24'],
    ['once next year', { frequency: 'once', start_date: '2027-12-24', end_date: '2028-01-01' }, 'Once on Dec 24, 2027'],
  ])('%s', (_name, extra, sentence) => {
    expect(say(extra)).toBe(sentence);
  });

  it('adds the end date and the weekend rule', () => {
    expect(say({ end_date: '2027-06-30' })).toBe('Every month on the 15th until Jun 30, 2027');
    expect(say({ end_date: '2026-12-31', weekend: 'before' })).toBe(
      'Every month on the 15th until Dec 31, weekends move to the Friday before',
    );
    expect(say({ frequency: 'weekly', start_date: '2026-11-06', weekend: 'after' })).toBe(
      'Every week from Fri, Nov 6, weekends move to the Monday after',
    );
  });
});

describe('schedule words', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [30, '30th'],
    [31, '31st'],
    [-1, 'last day'],
  ])('day %p is the %s', (day, words) => expect(dayOrdinal(day)).toBe(words));

  it('lists the next dates, with the year only when it is not this one', () => {
    expect(nextDatesText(['2026-11-20', '2026-12-04', '2027-01-01'], TODAY)).toBe('Next: Nov 20 · Dec 4 · Jan 1, 2027');
    expect(nextDatesText([], TODAY)).toBe('No dates ahead');
  });

  it('labels a month with several occurrences: count, each, in all', () => {
    expect(occurrencesLabel('deposit', '2027-01-01', 3, 150000)).toBe(
      '3 paydays in January: $1,500.00 each, $4,500.00 in all',
    );
    expect(occurrencesLabel('payment', '2027-05-01', 5, 1999)).toBe('5 payments in May: $19.99 each, $99.95 in all');
    expect(occurrencesLabel('payment', '2027-05-01', 2, 0)).toBe('2 payments in May, no amount yet');
  });
});
