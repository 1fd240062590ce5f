import {
  createScheduleBody,
  draftOf,
  NEW_SCHEDULE,
  parseScheduleDraft,
  SCHEDULE_TEXT,
  updateScheduleBody,
  withFrequency,
  type ScheduleDraft,
} from './schedule-draft';
import type { Schedule } from './schedule-text';

const TODAY = '2026-11-15';
const draft = (extra: Partial<ScheduleDraft>): ScheduleDraft => ({ ...NEW_SCHEDULE, ...extra });
const parsed = (extra: Partial<ScheduleDraft>) => parseScheduleDraft(draft(extra));
const schedule = (extra: Partial<ScheduleDraft>): Schedule => {
  const result = parsed(extra);
  if (!result.ok) throw new Error(result.message);
  return result.schedule;
};

describe('the schedule fields as typed', () => {
  it('a monthly day is required, 1..31, or the last day', () => {
    expect(parsed({})).toEqual({ ok: false, field: 'day', message: 'Day is required.' });
    expect(parsed({ day: '32' })).toEqual({ ok: false, field: 'day', message: 'Day must be between 1 and 31.' });
    expect(schedule({ day: '31' })).toEqual({
      frequency: 'monthly',
      interval: null,
      day_of_month: 31,
      days_of_month: null,
      start_date: null,
      end_date: null,
      weekend: 'keep',
    });
    expect(schedule({ day: '', lastDay: true }).day_of_month).toBe(-1);
  });

  it('every N weeks: 2 to 52 and a first date', () => {
    for (const interval of ['0', '1', '53', 'two', '']) {
      expect(parsed({ frequency: 'every_n_weeks', interval, start: '2026-11-06' })).toEqual({
        ok: false,
        field: 'interval',
        message: SCHEDULE_TEXT.intervalWeeks,
      });
    }
    expect(SCHEDULE_TEXT.intervalWeeks).toBe('Enter every how many weeks: 2 to 52.');
    expect(parsed({ frequency: 'every_n_weeks', interval: '2' })).toEqual({
      ok: false,
      field: 'start',
      message: 'Please enter the date.',
    });
    expect(schedule({ frequency: 'every_n_weeks', interval: '52', start: '2026-11-06', day: '9' })).toEqual({
      frequency: 'every_n_weeks',
      interval: 52,
      day_of_month: 6,
      days_of_month: null,
      start_date: '2026-11-06',
      end_date: null,
      weekend: 'keep',
    });
  });

  it('every N months: 2 to 12', () => {
    expect(parsed({ frequency: 'every_n_months', interval: '13', day: '5' })).toMatchObject({ field: 'interval' });
    expect(SCHEDULE_TEXT.intervalMonths).toBe('Enter every how many months: 2 to 12.');
    expect(schedule({ frequency: 'every_n_months', interval: '3', day: '5' })).toMatchObject({
      interval: 3,
      day_of_month: 5,
      start_date: null,
    });
  });

  it('twice a month: two different days, ascending with the last day last', () => {
    expect(parsed({ frequency: 'semi_monthly', firstDay: '15', secondDay: '15' })).toEqual({
      ok: false,
      field: 'secondDay',
      message: 'The two days must be different.',
    });
    expect(parsed({ frequency: 'semi_monthly', firstDay: '0', secondDay: '15' })).toMatchObject({ field: 'firstDay' });
    expect(parsed({ frequency: 'semi_monthly', firstDay: '1', secondDay: '32' })).toMatchObject({ field: 'secondDay' });
    expect(schedule({ frequency: 'semi_monthly', firstDay: '20', secondDay: '5' }).days_of_month).toEqual([5, 20]);
    expect(schedule({ frequency: 'semi_monthly', firstDay: '15', secondLastDay: true }).days_of_month).toEqual([
      15, -1,
    ]);
  });

  it('dates: real ones, the end not before the start; once has no end', () => {
    expect(parsed({ day: '1', start: '2027-02-29' })).toEqual({
      ok: false,
      field: 'start',
      message: 'Please enter a valid date.',
    });
    expect(parsed({ day: '1', start: '2027-02-01', end: '2027-01-31' })).toEqual({
      ok: false,
      field: 'end',
      message: 'The end date must not be before the first date.',
    });
    expect(schedule({ day: '1', start: '2027-02-01', end: '2027-02-01' }).end_date).toBe('2027-02-01');
    expect(parsed({ frequency: 'once' })).toMatchObject({ field: 'start' });
    expect(schedule({ frequency: 'once', start: '2026-12-24', end: '2026-01-01' })).toMatchObject({
      start_date: '2026-12-24',
      end_date: null,
      day_of_month: 24,
    });
  });

  it('switching frequency fills an interval of 2 and today as the first date, keeping what was typed', () => {
    expect(withFrequency(draft({ day: '9' }), 'every_n_weeks', TODAY)).toEqual(
      draft({ frequency: 'every_n_weeks', day: '9', interval: '2', start: TODAY }),
    );
    expect(withFrequency(draft({ start: '2027-03-03' }), 'yearly', TODAY).start).toBe('2027-03-03');
    expect(withFrequency(draft({}), 'semi_monthly', TODAY)).toEqual(draft({ frequency: 'semi_monthly' }));
  });
});

describe('what a create and an edit send', () => {
  const monthly: Schedule = schedule({ day: '31' });

  it('a plain monthly item sends its day only, as before frequencies', () => {
    expect(createScheduleBody(monthly)).toEqual({ day_of_month: 31 });
    expect(createScheduleBody(schedule({ day: '1', end: '2027-06-30', weekend: 'before' }))).toEqual({
      day_of_month: 1,
      end_date: '2027-06-30',
      weekend: 'before',
    });
  });

  it('the other frequencies send their fields and no day of their own', () => {
    expect(
      createScheduleBody(
        schedule({ frequency: 'every_n_weeks', interval: '2', start: '2026-11-06', weekend: 'after' }),
      ),
    ).toEqual({ frequency: 'every_n_weeks', interval: 2, start_date: '2026-11-06', weekend: 'after' });
    expect(createScheduleBody(schedule({ frequency: 'semi_monthly', firstDay: '15', secondLastDay: true }))).toEqual({
      frequency: 'semi_monthly',
      days_of_month: [15, -1],
    });
    expect(createScheduleBody(schedule({ frequency: 'yearly', start: '2027-03-03' }))).toEqual({
      frequency: 'yearly',
      start_date: '2027-03-03',
    });
  });

  it('an edit sends nothing when unchanged, else the whole schedule (null clears)', () => {
    expect(updateScheduleBody(schedule(draftOf(monthly)), monthly)).toBeNull();
    const biweekly = schedule({ frequency: 'every_n_weeks', interval: '2', start: '2026-11-06', end: '2027-06-30' });
    expect(updateScheduleBody(biweekly, monthly)).toEqual({
      frequency: 'every_n_weeks',
      interval: 2,
      days_of_month: null,
      start_date: '2026-11-06',
      end_date: '2027-06-30',
      weekend: 'keep',
    });
    expect(updateScheduleBody(schedule(draftOf(biweekly)), biweekly)).toBeNull();
    expect(updateScheduleBody(monthly, biweekly)).toEqual({
      frequency: 'monthly',
      day_of_month: 31,
      interval: null,
      days_of_month: null,
      start_date: null,
      end_date: null,
      weekend: 'keep',
    });
  });

  it('an item opens with its own fields', () => {
    expect(
      draftOf({
        frequency: 'semi_monthly',
        interval: null,
        day_of_month: 1,
        days_of_month: [1, -1],
        start_date: null,
        end_date: '2027-01-31',
        weekend: 'before',
      }),
    ).toEqual(
      draft({
        frequency: 'semi_monthly',
        day: '1',
        firstDay: '1',
        secondDay: '',
        secondLastDay: true,
        end: '2027-01-31',
        weekend: 'before',
      }),
    );
  });
});
