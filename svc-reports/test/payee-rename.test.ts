/**
 * A payee renamed in the ledger (POST /api/payees/rename) is counted under its new name by every
 * report once the events reach the read model, on both bus adapters, without a rebuild.
 */
import { natsServerAvailable } from '@hf/messaging/testing/private-nats';
import { addCategory, addRow, openAccount, q, startStack, type BusKind, type Stack } from './helpers';

const H = 5301;
const range = { start_date: '2025-01-01', end_date: '2025-12-31' };

describe.each<BusKind>(['inprocess', 'nats'])('a payee renamed, on the %s bus', (kind) => {
  const available = kind === 'inprocess' || natsServerAvailable();
  const maybe = available ? it : it.skip;
  let stack: Stack;
  let checking: number;
  let savings: number;

  beforeAll(async () => {
    if (!available) return;
    stack = await startStack(kind, `pr${kind}`);
    const ledger = stack.ledgerAs(H);
    checking = await openAccount(ledger, 'Checking');
    savings = await openAccount(ledger, 'Savings');
    const shopping = await addCategory(ledger, 'Shopping');
    await addRow(ledger, checking, { payee: 'AMZN Mktp', amount: -10, category_id: shopping });
    await addRow(ledger, savings, { payee: 'AMZN Mktp', amount: -15, date: '2025-02-01' });
    await addRow(ledger, checking, { payee: 'Amazon', amount: -20, category_id: shopping });
    await addRow(ledger, checking, { payee: 'Bakery', amount: -4 });
    // The read model is built (and later changed only through events).
    const first = await stack.reportsAs(H)('GET', `/api/reports/spending_by_payee?${q(range)}`);
    expect(first.body.map((i: { name: string }) => i.name)).toEqual(['AMZN Mktp', 'Amazon', 'Bakery']);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  maybe('reports count the renamed rows under the new name (merged with its rows)', async () => {
    const rebuilds = (await stack.reports.db.query('SELECT household_id, sequence, stale FROM ledger_households')).rows;
    const res = await stack.ledgerAs(H)('POST', '/api/payees/rename', { from: 'AMZN Mktp', to: 'Amazon' });
    expect(res.status).toBe(200);
    const reports = stack.reportsAs(H);
    const byPayee = await reports('GET', `/api/reports/spending_by_payee?${q(range)}`);
    expect(byPayee.body).toEqual([
      { id: null, name: 'Amazon', value: 45, children: [] },
      { id: null, name: 'Bakery', value: 4, children: [] },
    ]);
    const drill = await reports('GET', `/api/reports/transactions_by_payee?${q({ ...range, payee_name: 'Amazon' })}`);
    expect(drill.body).toHaveLength(3);
    const old = await reports('GET', `/api/reports/transactions_by_payee?${q({ ...range, payee_name: 'AMZN Mktp' })}`);
    expect(old.body).toEqual([]);
    // Through the consumer alone: the household was not rebuilt.
    const after = (await stack.reports.db.query('SELECT household_id, sequence, stale FROM ledger_households')).rows;
    expect(after.map((r) => r.stale)).toEqual(rebuilds.map((r) => r.stale));
  });
});
