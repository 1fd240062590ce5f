import { SCENARIO_LIMITS } from '@hf/contracts/budget-limits';
import type { ProjectionRow } from './projection';
import { applyScenario, checkChange, checkChanges, namedItemIds, type ScenarioChangeRecord } from './scenario';
import { horizonMonths, type PredictableRecord } from './schedule';

const TODAY = '2026-11-23';
const HORIZON = horizonMonths(TODAY); // 2026-11-01 .. 2027-10-01
const ACCOUNTS = [
  { id: 1, name: 'Checking' },
  { id: 2, name: 'Savings' },
];

const rent: PredictableRecord = {
  id: 10,
  account_id: 1,
  item_type: 'payment',
  payee: 'Rent',
  category_id: 5,
  transfer_account_id: null,
  frequency: 'monthly',
  day_of_month: 31,
  interval: null,
  days_of_month: null,
  start_date: null,
  end_date: null,
  weekend: 'keep',
  values: new Map(HORIZON.map((m) => [m, 100_000])),
};
const toSavings: PredictableRecord = {
  ...rent,
  id: 11,
  payee: 'Savings',
  category_id: null,
  transfer_account_id: 2,
  day_of_month: 15,
  values: new Map(HORIZON.map((m) => [m, 20_000])),
};

/** The ledger's budgeted rows of an item, as the real projection reads them. */
function rowsOf(item: PredictableRecord, skipDates: string[] = []): Map<number, ProjectionRow[]> {
  const out = new Map<number, ProjectionRow[]>([
    [1, []],
    [2, []],
  ]);
  for (const m of HORIZON) {
    const cents = item.values.get(m) ?? 0;
    if (!cents) continue;
    const day = Math.min(item.day_of_month, new Date(Date.UTC(+m.slice(0, 4), +m.slice(5, 7), 0)).getUTCDate());
    const date = `${m.slice(0, 8)}${String(day).padStart(2, '0')}`;
    const signed = item.item_type === 'payment' ? -cents : cents;
    if (skipDates.includes(date)) out.get(1)!.push({ date, amount: signed, budgeted: false });
    else {
      out.get(1)!.push({ date, amount: signed, budgeted: true });
      if (item.transfer_account_id) out.get(item.transfer_account_id)!.push({ date, amount: -signed, budgeted: true });
    }
  }
  return out;
}

/** Net cents per date of an account's rows (what the projection sees). */
function net(rows: readonly ProjectionRow[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.date, (out.get(r.date) ?? 0) + r.amount);
  for (const [d, v] of out) if (v === 0) out.delete(d);
  return out;
}

describe('checkChange', () => {
  const ok = (raw: unknown) => {
    const r = checkChange(raw, TODAY, HORIZON);
    if (typeof r === 'string') throw new Error(r);
    return r;
  };
  const bad = (raw: unknown) => {
    const r = checkChange(raw, TODAY, HORIZON);
    expect(typeof r).toBe('string');
    return r as string;
  };

  it('reads every kind into cents and a completed schedule', () => {
    expect(ok({ kind: 'one_off', account_id: 1, item_type: 'payment', date: '2027-03-03', amount: 2000.5 })).toEqual({
      kind: 'one_off',
      account_id: 1,
      item_type: 'payment',
      date: '2027-03-03',
      amount: 200_050,
      payee: 'One-off payment',
    });
    expect(ok({ kind: 'change_amount', item_id: 3, start_month: '2027-01-01', amount: 0 })).toEqual({
      kind: 'change_amount',
      item_id: 3,
      start_month: '2027-01-01',
      amount: 0,
    });
    expect(ok({ kind: 'stop_item', item_id: 3, start_month: '2026-11-01' })).toEqual({
      kind: 'stop_item',
      item_id: 3,
      start_month: '2026-11-01',
    });
    const added = ok({
      kind: 'add_item',
      account_id: 1,
      payee: ' Car loan ',
      item_type: 'payment',
      frequency: 'every_n_weeks',
      interval: 2,
      amount: 350,
      start_month: '2026-12-01',
    });
    expect(added).toMatchObject({
      kind: 'add_item',
      payee: 'Car loan',
      category_id: null,
      amount: 35_000,
      schedule: { frequency: 'every_n_weeks', interval: 2, start_date: TODAY, weekend: 'keep' },
    });
    expect(
      ok({
        kind: 'add_item',
        account_id: 1,
        payee: 'X',
        item_type: 'deposit',
        day_of_month: 1,
        categoryName: 'Pay',
        amount: 1,
        start_month: '2026-11-01',
      }),
    ).toMatchObject({ categoryName: 'Pay', schedule: { frequency: 'monthly', day_of_month: 1 } });
  });

  it('refuses what is not a change', () => {
    expect(bad(null)).toMatch(/object/);
    expect(bad([1])).toMatch(/object/);
    expect(bad({ kind: 'rename_item' })).toMatch(/kind must be one of add_item, change_amount, stop_item, one_off/);
    expect(bad({})).toMatch(/kind/);
    expect(bad({ kind: 'stop_item', item_id: 3, start_month: '2026-11-01', amount: 1 })).toMatch(/no field "amount"/);
  });

  it('refuses bad ids, months, dates and amounts', () => {
    expect(bad({ kind: 'stop_item', item_id: 0, start_month: '2026-11-01' })).toMatch(/item_id/);
    expect(bad({ kind: 'stop_item', item_id: '3', start_month: '2026-11-01' })).toMatch(/item_id/);
    for (const month of ['2026-10-01', '2027-11-01', '2026-11', '2026-13-01', '2026-11-02', 5])
      expect(bad({ kind: 'stop_item', item_id: 3, start_month: month })).toMatch(/start_month/);
    for (const date of ['2026-11-22', '2027-11-01', '2027-02-29', '2026-11-31', 'tomorrow', null])
      expect(bad({ kind: 'one_off', account_id: 1, item_type: 'payment', date, amount: 1 })).toMatch(/date/);
    expect(ok({ kind: 'one_off', account_id: 1, item_type: 'payment', date: TODAY, amount: 1 })).toBeTruthy();
    expect(ok({ kind: 'one_off', account_id: 1, item_type: 'payment', date: '2027-10-31', amount: 1 })).toBeTruthy();
    expect(bad({ kind: 'one_off', account_id: 1, item_type: 'payment', date: TODAY, amount: 1.234 })).toMatch(
      /at most 2 decimals/,
    );
    expect(bad({ kind: 'one_off', account_id: 1, item_type: 'payment', date: TODAY, amount: -5 })).toMatch(/negative/);
    expect(bad({ kind: 'one_off', account_id: 1, item_type: 'payment', date: TODAY, amount: 0 })).toMatch(
      /more than 0/,
    );
    expect(bad({ kind: 'one_off', account_id: 1, item_type: 'payment', date: TODAY, amount: '5' })).toMatch(/amount/);
    expect(bad({ kind: 'one_off', account_id: 1, item_type: 'gift', date: TODAY, amount: 5 })).toMatch(/item_type/);
    expect(bad({ kind: 'one_off', account_id: 1, item_type: 'payment', date: TODAY, amount: 5, payee: '  ' })).toMatch(
      /payee/,
    );
    expect(bad({ kind: 'change_amount', item_id: 3, start_month: '2026-11-01', amount: 1.001 })).toMatch(/decimals/);
  });

  it('refuses an added item whose schedule breaks a rule, with the rule', () => {
    const base = {
      kind: 'add_item',
      account_id: 1,
      payee: 'X',
      item_type: 'payment',
      amount: 1,
      start_month: '2026-11-01',
    };
    expect(bad(base)).toMatch(/day of the month/);
    expect(bad({ ...base, frequency: 'every_n_weeks', interval: 1 })).toMatch(/Every N weeks/);
    expect(bad({ ...base, frequency: 'fortnightly' })).toMatch(/frequency must be one of/);
    expect(bad({ ...base, frequency: 'once' })).toMatch(/once item needs its date/);
    expect(bad({ ...base, day_of_month: 3, weekend: 'sometimes' })).toMatch(/weekend/);
    expect(bad({ ...base, day_of_month: 3, category_id: -1 })).toMatch(/category_id/);
    expect(bad({ ...base, day_of_month: 3, start_date: '2027-01-01', end_date: '2026-12-01' })).toMatch(/end date/);
    expect(bad({ ...base, frequency: 'semi_monthly', days_of_month: [1] })).toMatch(/days_of_month/);
  });
});

describe('checkChanges', () => {
  it(`allows at most ${SCENARIO_LIMITS.changes} changes and names the first broken one`, () => {
    const one = { kind: 'stop_item', item_id: 3, start_month: '2026-11-01' };
    expect(checkChanges(Array(SCENARIO_LIMITS.changes).fill(one), TODAY, HORIZON)).toHaveLength(
      SCENARIO_LIMITS.changes,
    );
    expect(checkChanges(Array(1000).fill(one), TODAY, HORIZON)).toEqual({
      error: `A scenario has at most ${SCENARIO_LIMITS.changes} changes.`,
    });
    expect(checkChanges([one, one, { kind: 'x' }], TODAY, HORIZON)).toEqual({
      error: expect.stringMatching(/^Change 3: its kind/),
    });
    expect(checkChanges([], TODAY, HORIZON)).toEqual([]);
  });

  it('lists the items the changes name, once each', () => {
    const changes: ScenarioChangeRecord[] = [
      { kind: 'stop_item', item_id: 3, start_month: '2026-11-01' },
      { kind: 'change_amount', item_id: 3, start_month: '2026-11-01', amount: 5 },
      { kind: 'change_amount', item_id: 4, start_month: '2026-11-01', amount: 5 },
      { kind: 'one_off', account_id: 1, item_type: 'payment', date: TODAY, amount: 1, payee: 'x' },
    ];
    expect(namedItemIds(changes)).toEqual([3, 4]);
  });
});

describe('applyScenario', () => {
  const items = new Map([
    [rent.id, rent],
    [toSavings.id, toSavings],
  ]);
  const apply = (rows: Map<number, ProjectionRow[]>, changes: ScenarioChangeRecord[]) =>
    applyScenario(rows, items, changes, ACCOUNTS, HORIZON);

  it('changes nothing without changes and never alters the real rows', () => {
    const rows = rowsOf(rent);
    const copy = JSON.stringify([...rows]);
    const out = apply(rows, []);
    expect(out.get(1)).toBe(rows.get(1));
    apply(rows, [{ kind: 'stop_item', item_id: rent.id, start_month: '2027-01-01' }]);
    expect(JSON.stringify([...rows])).toBe(copy);
  });

  it('a one-off adds one budgeted row, signed by its type', () => {
    const out = apply(rowsOf(rent), [
      { kind: 'one_off', account_id: 1, item_type: 'payment', date: '2027-03-03', amount: 200_000, payee: 'Car' },
      { kind: 'one_off', account_id: 2, item_type: 'deposit', date: '2027-03-04', amount: 5, payee: 'Gift' },
      { kind: 'one_off', account_id: 99, item_type: 'deposit', date: '2027-03-04', amount: 5, payee: 'Closed' },
    ]);
    expect(net(out.get(1)!).get('2027-03-03')).toBe(-200_000);
    expect(out.get(2)).toEqual([{ date: '2027-03-04', amount: 5, budgeted: true }]);
    expect(out.has(99)).toBe(false);
  });

  it('a change of amounts replaces the budgeted rows from its month on, not before, not the actual ones', () => {
    const rows = rowsOf(rent, ['2027-02-28']); // February's rent already paid: actual
    const out = apply(rows, [{ kind: 'change_amount', item_id: rent.id, start_month: '2027-01-01', amount: 120_000 }]);
    const n = net(out.get(1)!);
    expect(n.get('2026-12-31')).toBe(-100_000);
    expect(n.get('2027-01-31')).toBe(-120_000);
    expect(n.get('2027-02-28')).toBe(-100_000); // the actual row stays
    expect(n.get('2027-10-31')).toBe(-120_000);
  });

  it('a stop takes the item away from its month on; a later raise of a stopped month adds it back', () => {
    const out = apply(rowsOf(rent), [{ kind: 'stop_item', item_id: rent.id, start_month: '2027-06-01' }]);
    const n = net(out.get(1)!);
    expect(n.get('2027-05-31')).toBe(-100_000);
    expect(n.has('2027-06-30')).toBe(false);
    expect(n.has('2027-10-31')).toBe(false);
    const again = net(
      apply(rowsOf(rent), [
        { kind: 'stop_item', item_id: rent.id, start_month: '2027-06-01' },
        { kind: 'change_amount', item_id: rent.id, start_month: '2027-08-01', amount: 90_000 },
      ]).get(1)!,
    );
    expect(again.has('2027-07-31')).toBe(false);
    expect(again.get('2027-08-31')).toBe(-90_000);
  });

  it('changes of one item follow each other', () => {
    const n = net(
      apply(rowsOf(rent), [
        { kind: 'change_amount', item_id: rent.id, start_month: '2026-12-01', amount: 110_000 },
        { kind: 'change_amount', item_id: rent.id, start_month: '2027-03-01', amount: 130_000 },
      ]).get(1)!,
    );
    expect([n.get('2026-11-30'), n.get('2026-12-31'), n.get('2027-03-31')]).toEqual([-100_000, -110_000, -130_000]);
  });

  it("a transfer's change moves both sides", () => {
    const out = apply(rowsOf(toSavings), [
      { kind: 'change_amount', item_id: toSavings.id, start_month: '2027-01-01', amount: 50_000 },
    ]);
    expect(net(out.get(1)!).get('2027-01-15')).toBe(-50_000);
    expect(net(out.get(2)!).get('2027-01-15')).toBe(50_000);
    expect(net(out.get(2)!).get('2026-12-15')).toBe(20_000);
  });

  it('an added item has a row on each occurrence of each month from its start month; a transfer on both sides', () => {
    const base = {
      kind: 'add_item' as const,
      item_type: 'payment' as const,
      category_id: null,
      start_month: '2027-01-01',
    };
    const out = apply(rowsOf(rent), [
      {
        ...base,
        account_id: 1,
        payee: 'Cleaner',
        amount: 5_000,
        schedule: {
          frequency: 'weekly',
          day_of_month: 1,
          interval: null,
          days_of_month: null,
          start_date: '2027-01-01',
          end_date: '2027-01-31',
          weekend: 'keep',
        },
      },
      {
        ...base,
        account_id: 1,
        payee: 'savings', // names the other account: a transfer
        amount: 7_000,
        schedule: {
          frequency: 'monthly',
          day_of_month: 2,
          start_date: null,
          end_date: null,
          interval: null,
          days_of_month: null,
          weekend: 'keep',
        },
      },
    ]);
    const mine = net(out.get(1)!);
    expect(['2027-01-01', '2027-01-08', '2027-01-15', '2027-01-22', '2027-01-29'].map((d) => mine.get(d))).toEqual([
      -5_000, -5_000, -5_000, -5_000, -5_000,
    ]);
    expect(mine.has('2027-02-05')).toBe(false);
    expect(mine.get('2027-01-02')).toBe(-7_000);
    expect(mine.has('2026-12-02')).toBe(false);
    expect(net(out.get(2)!).get('2027-10-02')).toBe(7_000);
  });

  it('leaves out a change naming an item that no longer exists', () => {
    const rows = rowsOf(rent);
    const out = apply(rows, [{ kind: 'stop_item', item_id: 404, start_month: '2026-11-01' }]);
    expect(net(out.get(1)!)).toEqual(net(rows.get(1)!));
  });
});
