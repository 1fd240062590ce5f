/**
 * The dashboard lists accounts in the household's order (the Accounts page's, `sort_order`),
 * kept by the mirror from the account events and a reorder, and the same after a rebuild from
 * the ledger's replay. On both buses.
 */
import { openAccount, startBudgetStack, type BusKind, type Call, type Json, type Stack } from './helpers';

const TODAY = '2026-11-23';

describe.each<BusKind>(['inprocess', 'nats'])('account order on the %s bus', (kind) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startBudgetStack(TODAY, kind, 'budgetorder');
  });
  afterAll(async () => stack?.close());

  const order = async (budget: Call) => {
    const res = await budget('GET', '/api/dashboard/balance_projection');
    expect(res.status).toBe(200);
    return (res.body as Json[]).map((p) => p.account_name);
  };

  it('follows a reorder, and a rebuilt mirror keeps it', async () => {
    const H = 7301;
    const ledger = stack.ledgerAs(H);
    const budget = stack.reportsAs(H);
    const checking = await openAccount(ledger, 'Checking', 100);
    const savings = await openAccount(ledger, 'Savings', 200);
    const card = await openAccount(ledger, 'Card', 0);
    expect(await order(budget)).toEqual(['Checking', 'Savings', 'Card']);

    const reordered = await ledger('POST', '/api/accounts/reorder', { account_ids: [card, checking, savings] });
    expect(reordered.status).toBe(200);
    expect(await order(budget)).toEqual(['Card', 'Checking', 'Savings']);

    await stack.reports.mirror.rebuild(H);
    expect(await order(budget)).toEqual(['Card', 'Checking', 'Savings']);
  });
});
