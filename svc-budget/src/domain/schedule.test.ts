import { autofill, horizonMonths, syncPlan, transferAccountFor, type PredictableRecord } from './schedule';
import { NEW_SCHEDULE } from './schedule-fields';

describe('horizonMonths', () => {
  it('lists 12 months from the current one, across a year end', () => {
    const months = horizonMonths('2026-11-30');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2026-11-01');
    expect(months[2]).toBe('2027-01-01');
    expect(months[11]).toBe('2027-10-01');
  });
});

describe('autofill', () => {
  const horizon = horizonMonths('2026-11-15');
  it('fills forward from the start month, leaving earlier months', () => {
    const next = autofill(new Map([['2026-11-01', 100]]), '2027-01-01', 250, 'full', horizon);
    expect(next.get('2026-11-01')).toBe(100);
    expect(next.get('2026-12-01')).toBeUndefined();
    expect([...next.keys()].filter((m) => m >= '2027-01-01')).toHaveLength(10);
  });
  it('sets one month with single and clears with 0', () => {
    const next = autofill(
      new Map([
        ['2026-11-01', 100],
        ['2026-12-01', 100],
      ]),
      '2026-12-01',
      0,
      'single',
      horizon,
    );
    expect([...next]).toEqual([['2026-11-01', 100]]);
  });
});

describe('transferAccountFor', () => {
  it('matches another account by name, any case, never the item’s own', () => {
    const accounts = [
      { id: 1, name: 'Checking' },
      { id: 2, name: 'Savings' },
    ];
    expect(transferAccountFor(' savings ', 1, accounts)).toBe(2);
    expect(transferAccountFor('Checking', 1, accounts)).toBeNull();
    expect(transferAccountFor('Landlord', 1, accounts)).toBeNull();
  });
});

describe('syncPlan', () => {
  it('puts a signed row on the clamped day of each month with an amount, and removes the others', () => {
    const item: PredictableRecord = {
      ...NEW_SCHEDULE,
      id: 1,
      account_id: 1,
      item_type: 'payment',
      payee: 'Rent',
      category_id: null,
      day_of_month: 31,
      transfer_account_id: null,
      values: new Map([
        ['2027-02-01', 120_000],
        ['2028-02-01', 1],
      ]),
    };
    const plan = syncPlan(item, horizonMonths('2026-12-01'));
    expect(plan[2]).toEqual({ month: '2027-02', dates: ['2027-02-28'], amount: -120_000 });
    expect(plan[0]).toEqual({ month: '2026-12', remove: true });
    expect(syncPlan({ ...item, item_type: 'deposit' }, horizonMonths('2028-01-10'))[1]).toEqual({
      month: '2028-02',
      dates: ['2028-02-29'],
      amount: 1,
    });
  });

  it('a month with three bi-weekly paydays has three dates with its amount; no occurrence is no row', () => {
    const item: PredictableRecord = {
      ...NEW_SCHEDULE,
      id: 2,
      account_id: 1,
      item_type: 'deposit',
      payee: 'Employer',
      category_id: null,
      frequency: 'every_n_weeks',
      interval: 2,
      start_date: '2026-11-06',
      end_date: '2027-01-15',
      day_of_month: 6,
      transfer_account_id: null,
      values: new Map([
        ['2027-01-01', 150_000],
        ['2027-02-01', 150_000],
      ]),
    };
    const plan = syncPlan(item, horizonMonths('2026-12-01'));
    expect(plan[0]).toEqual({ month: '2026-12', remove: true }); // no amount
    expect(plan[1]).toEqual({ month: '2027-01', dates: ['2027-01-01', '2027-01-15'], amount: 150_000 }); // ends on the 15th
    expect(plan[2]).toEqual({ month: '2027-02', remove: true }); // an amount, no occurrence
    expect(syncPlan({ ...item, end_date: null }, horizonMonths('2026-12-01'))[1]).toMatchObject({
      dates: ['2027-01-01', '2027-01-15', '2027-01-29'],
    });
  });
});
