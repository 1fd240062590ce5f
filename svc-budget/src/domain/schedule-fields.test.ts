import { NEW_SCHEDULE, resolveSchedule, SCHEDULE_MESSAGES } from './schedule-fields';

describe('resolveSchedule: the fields of a create or an edit', () => {
  const today = '2026-11-27';
  const resolve = (input: Parameters<typeof resolveSchedule>[1], from = NEW_SCHEDULE) =>
    resolveSchedule(from, input, today);

  it('defaults: monthly on its day with no window; other frequencies start today', () => {
    expect(resolve({ day_of_month: 5 })).toEqual({ ...NEW_SCHEDULE, day_of_month: 5 });
    expect(resolve({ frequency: 'weekly' })).toEqual({
      ...NEW_SCHEDULE,
      frequency: 'weekly',
      start_date: today,
      day_of_month: 27,
    });
    expect(resolve({ frequency: 'semi_monthly', days_of_month: [-1, 15] })).toMatchObject({ days_of_month: [15, -1] });
  });

  it('clears the fields the frequency does not use', () => {
    const weekly = resolve({ frequency: 'every_n_weeks', interval: 2, start_date: '2026-11-06' });
    expect(resolve({ frequency: 'monthly', day_of_month: 3 }, weekly as never)).toEqual({
      ...NEW_SCHEDULE,
      day_of_month: 3,
      start_date: '2026-11-06',
    });
  });

  it.each([
    [{ frequency: 'every_n_weeks', interval: 0 }, SCHEDULE_MESSAGES.weeks],
    [{ frequency: 'every_n_weeks', interval: 1 }, SCHEDULE_MESSAGES.weeks],
    [{ frequency: 'every_n_weeks', interval: 53 }, SCHEDULE_MESSAGES.weeks],
    [{ frequency: 'every_n_weeks' }, SCHEDULE_MESSAGES.weeks],
    [{ frequency: 'every_n_months', interval: 1, day_of_month: 1 }, SCHEDULE_MESSAGES.months],
    [{ frequency: 'every_n_months', interval: 13, day_of_month: 1 }, SCHEDULE_MESSAGES.months],
    [{ frequency: 'every_n_months', interval: 3 }, SCHEDULE_MESSAGES.dayRequired],
    [{ frequency: 'semi_monthly', days_of_month: [15, 15] }, SCHEDULE_MESSAGES.days],
    [{ frequency: 'semi_monthly', days_of_month: [0, 32] }, SCHEDULE_MESSAGES.days],
    [{ frequency: 'semi_monthly' }, SCHEDULE_MESSAGES.days],
    [{ frequency: 'weekly', start_date: '2026-11-06', end_date: '2026-11-05' }, SCHEDULE_MESSAGES.endBeforeStart],
    [{ frequency: 'once' }, SCHEDULE_MESSAGES.onceDate],
    [{ frequency: 'weekly', start_date: '2026-02-30' }, SCHEDULE_MESSAGES.startDate],
    [{ day_of_month: 0 }, SCHEDULE_MESSAGES.day],
    [{ day_of_month: 32 }, SCHEDULE_MESSAGES.day],
    [{}, SCHEDULE_MESSAGES.dayRequired],
  ] as const)('refuses %j', (input, message) => {
    expect(resolve(input as never)).toEqual({ error: message });
  });

  it('a weekly item ending before today starts today: refused, end before start', () => {
    expect(resolve({ frequency: 'weekly', end_date: '2026-11-01' })).toEqual({
      error: SCHEDULE_MESSAGES.endBeforeStart,
    });
  });
});
