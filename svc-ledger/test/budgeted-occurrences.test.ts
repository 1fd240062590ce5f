import { ledgerForFile, openAccount, register, snapshot, type Json } from './helpers';

// PUT /internal/budgeted-rows with a month's list of dates: one budgeted row per occurrence.
const ledger = ledgerForFile('budgeted_occurrences');
const call = ledger.client(1);
const internal = ledger.internal();
let checking: number;
let savings: number;

beforeAll(async () => {
  checking = await openAccount(call, 'Checking', 0);
  savings = await openAccount(call, 'Savings', 0);
});

const rowsOf = async (accountId: number, payee: string) =>
  (await register(call, accountId))
    .filter((r: Json) => r.payee === payee)
    .map((r: Json) => [r.date, r.amount, r.is_budgeted]);

describe('several budgeted rows in a month', () => {
  const base = { household_id: 1, schedule_id: 40, payee: 'Employer', amount_cents: 150000, month: '2027-01' };

  it('creates one row per date, updates them in place and removes the ones beyond the list', async () => {
    const three = ['2027-01-01', '2027-01-15', '2027-01-29'];
    const created = await internal('PUT', '/internal/budgeted-rows', { ...base, account_id: checking, dates: three });
    expect(created.status).toBe(200);
    expect(created.body.rows.map((r: Json) => [r.date, r.state])).toEqual(three.map((d) => [d, 'created']));
    expect(await rowsOf(checking, 'Employer')).toEqual(three.map((d) => [d, 1500, true]));

    const moved = ['2027-01-08', '2027-01-22'];
    const updated = await internal('PUT', '/internal/budgeted-rows', { ...base, account_id: checking, dates: moved });
    expect(updated.body).toMatchObject({ removed: 1, state: 'updated' });
    // The first two rows keep their ids: the month's n-th date is its n-th occurrence.
    expect(updated.body.rows.map((r: Json) => r.transaction_id)).toEqual(
      created.body.rows.slice(0, 2).map((r: Json) => r.transaction_id),
    );
    expect(await rowsOf(checking, 'Employer')).toEqual(moved.map((d) => [d, 1500, true]));

    const again = await internal('PUT', '/internal/budgeted-rows', { ...base, account_id: checking, dates: moved });
    expect(again.body.rows.map((r: Json) => r.state)).toEqual(['unchanged', 'unchanged']);
    expect(again.body.removed).toBe(0);
  });

  it('an occurrence whose row became actual stays as it is and is not generated again', async () => {
    const schedule = { ...base, schedule_id: 41, account_id: checking, month: '2027-02' };
    const first = await internal('PUT', '/internal/budgeted-rows', {
      ...schedule,
      dates: ['2027-02-05', '2027-02-19'],
    });
    const paid = first.body.rows[0].transaction_id;
    await call('PUT', `/api/transactions/${paid}`, { amount: 1490, notes: 'paid' });
    // A new schedule shape (weekly now): the paid first occurrence stays; the rest follow.
    const weekly = ['2027-02-05', '2027-02-12', '2027-02-19', '2027-02-26'];
    const after = await internal('PUT', '/internal/budgeted-rows', { ...schedule, dates: weekly });
    expect(after.body.rows.map((r: Json) => r.state)).toEqual(['detached', 'updated', 'created', 'created']);
    const rows = (await register(call, checking)).filter((r: Json) => r.payee === 'Employer' && r.date >= '2027-02');
    expect(rows.map((r: Json) => [r.date, r.amount, r.is_budgeted, r.notes])).toEqual([
      ['2027-02-05', 1490, false, 'paid'],
      ['2027-02-12', 1500, true, ''],
      ['2027-02-19', 1500, true, ''],
      ['2027-02-26', 1500, true, ''],
    ]);
    // Down to one date: the still-budgeted rows go, the actual one stays.
    const one = await internal('PUT', '/internal/budgeted-rows', { ...schedule, dates: ['2027-02-10'] });
    expect(one.body).toMatchObject({ state: 'detached', removed: 3 });
    expect(
      (await register(call, checking))
        .filter((r: Json) => r.payee === 'Employer' && r.date >= '2027-02')
        .map((r: Json) => r.id),
    ).toEqual([paid]);
    // Deleting the month removes only still-budgeted rows.
    expect((await internal('DELETE', '/internal/budgeted-rows', { household_id: 1, schedule_id: 41 })).body).toEqual({
      deleted: 0,
    });
  });

  it('a scheduled transfer makes a pair per occurrence, a moved date outside the month included', async () => {
    const transfer = {
      household_id: 1,
      schedule_id: 42,
      account_id: checking,
      payee: 'Savings',
      amount_cents: -20000,
      month: '2027-01',
      dates: ['2027-01-15', '2027-02-01'],
    };
    const res = await internal('PUT', '/internal/budgeted-rows', transfer);
    expect(res.body.rows.map((r: Json) => r.state)).toEqual(['created', 'created']);
    expect(await rowsOf(savings, 'Checking')).toEqual([
      ['2027-01-15', 200, true],
      ['2027-02-01', 200, true],
    ]);
    expect(
      (await internal('DELETE', '/internal/budgeted-rows', { household_id: 1, schedule_id: 42, month: '2027-01' }))
        .body,
    ).toEqual({
      deleted: 4,
    });
  });

  it('two writes of the same month at once make each occurrence once', async () => {
    const body = {
      ...base,
      schedule_id: 44,
      account_id: checking,
      month: '2027-03',
      dates: ['2027-03-05', '2027-03-19'],
    };
    const answers = await Promise.all([1, 2, 3].map(() => internal('PUT', '/internal/budgeted-rows', body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const march = (await register(call, checking)).filter(
      (r: Json) => r.payee === 'Employer' && r.date.startsWith('2027-03'),
    );
    expect(march.map((r: Json) => r.date)).toEqual(['2027-03-05', '2027-03-19']);
  });

  it('refuses both or neither of date and dates, and a bad date in the list, changing nothing', async () => {
    const before = await snapshot(ledger.app);
    const body = { ...base, schedule_id: 43, account_id: checking };
    const both = await internal('PUT', '/internal/budgeted-rows', {
      ...body,
      date: '2027-01-01',
      dates: ['2027-01-02'],
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Send exactly one of "date" and "dates".');
    expect((await internal('PUT', '/internal/budgeted-rows', body)).status).toBe(400);
    expect((await internal('PUT', '/internal/budgeted-rows', { ...body, dates: [] })).status).toBe(400);
    expect(
      (await internal('PUT', '/internal/budgeted-rows', { ...body, dates: ['2027-01-01', '2027-02-30'] })).status,
    ).toBe(400);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('PUT /internal/budgeted-rows/schedule: several months in one write', () => {
  const body = { household_id: 1, schedule_id: 50, payee: 'Nanny', notes: '' };

  it('writes each month as the month route does; a month with no dates loses its still-budgeted rows', async () => {
    const first = await internal('PUT', '/internal/budgeted-rows/schedule', {
      ...body,
      account_id: checking,
      months: [
        { month: '2027-05', dates: ['2027-05-07', '2027-05-21'], amount_cents: -30000 },
        { month: '2027-04', dates: ['2027-04-09', '2027-04-23'], amount_cents: -25000 },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body.months.map((m: Json) => [m.month, m.rows.map((r: Json) => r.state), m.removed])).toEqual([
      ['2027-04', ['created', 'created'], 0],
      ['2027-05', ['created', 'created'], 0],
    ]);
    expect(await rowsOf(checking, 'Nanny')).toEqual([
      ['2027-04-09', -250, true],
      ['2027-04-23', -250, true],
      ['2027-05-07', -300, true],
      ['2027-05-21', -300, true],
    ]);
    const second = await internal('PUT', '/internal/budgeted-rows/schedule', {
      ...body,
      account_id: checking,
      months: [
        { month: '2027-04', dates: [], amount_cents: 0 },
        { month: '2027-05', dates: ['2027-05-07', '2027-05-21', '2027-05-31'], amount_cents: -30000 },
      ],
    });
    expect(second.body.months.map((m: Json) => [m.month, m.rows.map((r: Json) => r.state), m.removed])).toEqual([
      ['2027-04', [], 2],
      ['2027-05', ['unchanged', 'unchanged', 'created'], 0],
    ]);
    expect((await rowsOf(checking, 'Nanny')).map((r: Json) => r[0])).toEqual([
      '2027-05-07',
      '2027-05-21',
      '2027-05-31',
    ]);
  });

  it('refuses a month sent twice, a bad month or date, and another household’s account, changing nothing', async () => {
    const before = await snapshot(ledger.app);
    const month = (m: string, dates: string[] = []) => ({ month: m, dates, amount_cents: -100 });
    const twice = await internal('PUT', '/internal/budgeted-rows/schedule', {
      ...body,
      account_id: checking,
      months: [month('2027-06', ['2027-06-01']), month('2027-06')],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('The month 2027-06 is sent twice.');
    for (const months of [[month('2027-13')], [month('2027-06', ['2027-06-31'])], []]) {
      expect(
        (await internal('PUT', '/internal/budgeted-rows/schedule', { ...body, account_id: checking, months })).status,
      ).toBe(400);
    }
    const other = await internal('PUT', '/internal/budgeted-rows/schedule', {
      ...body,
      household_id: 2,
      account_id: checking,
      months: [month('2027-06', ['2027-06-01'])],
    });
    expect(other.status).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});
