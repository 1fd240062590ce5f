/**
 * svc-budget's write path: a write of its own tables raises the household's budget version in its
 * transaction (a read or a refused write does not); a Predictable write whose budgeted rows did not
 * reach the ledger answers 503 and stays saved, and the retry worker started with the service
 * brings its rows in step. A read changes nothing.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { openAccount, registerRows, startMirrorStack, type Call, type Json, type Stack } from './helpers';

const TODAY = '2026-11-23';
const H = 7301;
let stack: Stack;
let ledger: Call;
let budget: Call;
let checking: number;

beforeAll(async () => {
  stack = await startMirrorStack(
    (options) => buildApp({ ...options, today: () => TODAY, budgetedRowsRetryMs: 200 }),
    'inprocess',
    'budgetretry',
  );
  ledger = stack.ledgerAs(H);
  budget = stack.reportsAs(H);
  checking = await openAccount(ledger, 'Checking', 1000);
});
afterAll(async () => stack?.close());

/** Closes the ledger's listening socket and its open connections; the answer listens again on the same port. */
async function ledgerStopsListening(): Promise<() => Promise<void>> {
  const server = stack.ledger.server;
  const { port } = server.address() as AddressInfo;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
  return () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
}

const budgeted = async (payee: string) =>
  (await registerRows(ledger, checking)).filter((r: Json) => r.is_budgeted && r.payee === payee);

const unsynced = async (id: number) =>
  (await stack.reports.db.query<{ synced: boolean }>('SELECT synced FROM scheduled_items WHERE id = $1', [id])).rows[0]
    .synced === false;

describe('budgeted rows retry worker', () => {
  it('syncs an item whose rows the ledger did not take; a GET of the account does not', async () => {
    const created = await budget('POST', `/api/budget/${checking}`, {
      payee: 'Gym',
      item_type: 'payment',
      day_of_month: 5,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;

    // The ledger stops listening for real: svc-budget's calls are refused as in an outage (the test's
    // own calls reach the ledger app in-process).
    const ledgerBack = await ledgerStopsListening();
    await stack.reports.budgetedRowsRetry.stop();
    try {
      const filled = await budget('POST', '/api/budget/autofill', {
        budget_item_id: id,
        start_month: '2026-11-01',
        amount: 40,
        mode: 'full',
      });
      expect(filled.status).toBe(503);
      expect(await unsynced(id)).toBe(true);
    } finally {
      await ledgerBack();
    }
    try {
      // A read is a read: with the ledger reachable again and the worker stopped, the account's items
      // show the saved amounts and the ledger still has no rows.
      const read = await budget('GET', `/api/budget/${checking}`);
      expect(read.status).toBe(200);
      expect(Object.values(read.body.find((i: Json) => i.id === id).values)).toEqual(Array(12).fill(40));
      expect(await unsynced(id)).toBe(true);
      expect(await budgeted('Gym')).toEqual([]);
    } finally {
      stack.reports.budgetedRowsRetry.start();
    }

    for (const deadline = Date.now() + 20_000; (await unsynced(id)) && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await unsynced(id)).toBe(false);
    const inLedger = await budgeted('Gym');
    expect(inLedger).toHaveLength(12);
    expect(inLedger.every((r: Json) => r.amount === -40)).toBe(true);
  });

  it('syncs a schedule change made while the ledger was away: one row per occurrence', async () => {
    const id = (
      await budget('POST', `/api/budget/${checking}`, { payee: 'Nanny', item_type: 'payment', day_of_month: 2 })
    ).body.id;
    await budget('POST', '/api/budget/autofill', {
      budget_item_id: id,
      start_month: '2026-12-01',
      amount: 300,
      mode: 'single',
    });
    expect((await budgeted('Nanny')).map((r: Json) => r.date)).toEqual(['2026-12-02']);
    const ledgerBack = await ledgerStopsListening();
    await stack.reports.budgetedRowsRetry.stop();
    try {
      const weekly = await budget('PUT', `/api/budget/${id}`, { frequency: 'weekly', start_date: '2026-11-23' });
      expect(weekly.status).toBe(503);
      expect(await unsynced(id)).toBe(true);
    } finally {
      await ledgerBack();
      stack.reports.budgetedRowsRetry.start();
    }
    for (const deadline = Date.now() + 20_000; (await unsynced(id)) && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await unsynced(id)).toBe(false);
    // Mondays from Nov 23, 2026: December's.
    expect((await budgeted('Nanny')).map((r: Json) => [r.date, r.amount])).toEqual([
      ['2026-12-07', -300],
      ['2026-12-14', -300],
      ['2026-12-21', -300],
      ['2026-12-28', -300],
    ]);
  });

  it('a pass leaves items already in step alone', async () => {
    expect(await stack.reports.budgetedRowsRetry.runOnce()).toBe(0);
  });
});

describe('budget version', () => {
  const version = async () =>
    Number(
      (
        await stack.reports.db.query<{ version: string }>(
          'SELECT version FROM budget_versions WHERE household_id = $1',
          [H],
        )
      ).rows[0]?.version ?? 0,
    );

  it("moves with a write of the budget's own tables, not with a read or a refused write", async () => {
    const before = await version();
    expect((await budget('GET', `/api/budget/${checking}`)).status).toBe(200);
    expect((await budget('GET', '/api/budget/goals')).status).toBe(200);
    expect(await version()).toBe(before);
    const refused = await budget('POST', '/api/budget/goals', { name: ' ', account_id: checking, target_amount: 10 });
    expect(refused.status).toBe(400);
    expect(await version()).toBe(before);
    const created = await budget('POST', '/api/budget/goals', {
      name: 'Trip',
      account_id: checking,
      target_amount: 10,
    });
    expect(created.status).toBe(201);
    expect(await version()).toBe(before + 1);
    expect((await budget('DELETE', `/api/budget/goals/${created.body.id}`)).status).toBe(200);
    expect(await version()).toBe(before + 2);
  });
});
