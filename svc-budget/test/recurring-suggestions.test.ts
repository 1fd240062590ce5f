import { addMonths } from '@hf/calendar';
import { addCategory, addRow, openAccount, startBudgetStack, type Call, type Json, type Stack } from './helpers';

// Recurring detection through the routes (docs/rules/recurring-detection.md), against PostgreSQL.
const TODAY = '2026-11-27';
const H = 7201;
const OTHER = 7202;
let stack: Stack;
let ledger: Call;
let budget: Call;
let checking: number;
let empty: number;
let housing: number;
const rentIds: number[] = [];

/** The 12 months up to November 2026, `YYYY-MM`. */
const months = Array.from({ length: 12 }, (_, i) => addMonths('2026-11-01', i - 11).slice(0, 7));

beforeAll(async () => {
  stack = await startBudgetStack(TODAY, 'inprocess', 'budgetsugg');
  ledger = stack.ledgerAs(H);
  budget = stack.reportsAs(H);
  checking = await openAccount(ledger, 'Checking', 1000);
  empty = await openAccount(ledger, 'Empty', 0);
  housing = await addCategory(ledger, 'Housing');
  for (const m of months) {
    rentIds.push(
      (await addRow(ledger, checking, { date: `${m}-01`, payee: 'Landlord', amount: -1500, category_id: housing })).id,
    );
    await addRow(ledger, checking, {
      date: `${m}-18`,
      payee: 'city power',
      amount: -(90 + (Number(m.slice(5)) % 4) * 2),
    });
  }
  await addRow(ledger, checking, { date: '2026-03-09', payee: 'Cinema', amount: -24 });
});
afterAll(async () => stack?.close());

const suggestions = async (accountId: number, call: Call = budget) =>
  call('GET', `/api/budget/suggestions?account_id=${accountId}`);

describe('GET /api/budget/suggestions', () => {
  it('answers each schedule found with its fields, next date, amount and evidence', async () => {
    const res = await suggestions(checking);
    expect(res.status).toBe(200);
    // Both fit every month (confidence 1): then by payee.
    expect(res.body.map((s: Json) => s.key)).toEqual(['payment:city power', 'payment:landlord']);
    const [power, rent] = res.body;
    expect(rent).toMatchObject({
      account_id: checking,
      payee: 'Landlord',
      item_type: 'payment',
      category: 'Housing',
      category_id: housing,
      frequency: 'monthly',
      interval: null,
      day_of_month: 1,
      days_of_month: null,
      start_date: '2026-12-01',
      weekend: 'keep',
      next_date: '2026-12-01',
      amount: 1500,
      amount_kind: 'fixed',
      confidence: 1,
    });
    expect(rent.evidence_ids).toEqual(rentIds);
    expect(rent.evidence[0]).toEqual({ id: rentIds[0], date: '2025-12-01', amount: -1500, payee: 'Landlord' });
    expect(power).toMatchObject({ payee: 'city power', category: null, amount_kind: 'varying', day_of_month: 18 });
    expect(power.amount).toBeGreaterThanOrEqual(90);
    expect(power.amount).toBeLessThanOrEqual(96);
  });

  it('an account with no rows: an empty list, not an error', async () => {
    const res = await suggestions(empty);
    expect(res).toMatchObject({ status: 200, body: [] });
  });

  it("another household's account: 404, and a bad account_id: 400", async () => {
    const res = await suggestions(checking, stack.reportsAs(OTHER));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Account not found.');
    expect((await budget('GET', '/api/budget/suggestions?account_id=abc')).status).toBe(400);
    expect((await budget('GET', '/api/budget/suggestions')).status).toBe(400);
  });

  it('accepting is the ordinary create with the suggested fields: the payee is then not proposed', async () => {
    const rent = (await suggestions(checking)).body.find((s: Json) => s.payee === 'Landlord');
    const { payee, item_type, category_id, frequency, interval, day_of_month, days_of_month, start_date, weekend } =
      rent;
    const created = await budget('POST', `/api/budget/${checking}`, {
      payee,
      item_type,
      category_id,
      frequency,
      interval,
      day_of_month,
      days_of_month,
      start_date,
      weekend,
    });
    expect(created.status).toBe(201);
    expect(created.body.next_dates[0]).toBe(rent.next_date);
    const after = await suggestions(checking);
    expect(after.body.map((s: Json) => s.key)).toEqual(['payment:city power']);
  });
});

describe('POST /api/budget/suggestions/dismiss', () => {
  it('a suggestion that no longer exists: 400, nothing remembered', async () => {
    const res = await budget('POST', '/api/budget/suggestions/dismiss', {
      account_id: checking,
      key: 'payment:cinema',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This suggestion no longer exists: find recurring items again.');
    const rows = await stack.reports.db.query('SELECT * FROM suggestion_dismissals');
    expect(rows.rows).toEqual([]);
  });

  it("another household's account: 404; a bad body: 400", async () => {
    const other = await stack.reportsAs(OTHER)('POST', '/api/budget/suggestions/dismiss', {
      account_id: checking,
      key: 'payment:city power',
    });
    expect(other.status).toBe(404);
    const bad = await budget('POST', '/api/budget/suggestions/dismiss', { account_id: checking, key: '' });
    expect(bad.status).toBe(400);
    expect((await suggestions(checking)).body).toHaveLength(1);
  });

  it('dismissed: gone for good, a second dismissal is the 400 of a suggestion that no longer exists', async () => {
    const res = await budget('POST', '/api/budget/suggestions/dismiss', {
      account_id: checking,
      key: 'payment:city power',
    });
    expect(res).toMatchObject({ status: 200, body: { message: 'Suggestion dismissed.' } });
    expect((await suggestions(checking)).body).toEqual([]);
    await addRow(ledger, checking, { date: '2026-11-18', payee: 'City Power', amount: -92 });
    expect((await suggestions(checking)).body).toEqual([]);
    const again = await budget('POST', '/api/budget/suggestions/dismiss', {
      account_id: checking,
      key: 'payment:city power',
    });
    expect(again.status).toBe(400);
  });
});
