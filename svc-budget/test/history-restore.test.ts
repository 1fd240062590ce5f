/**
 * Restore and undo (issue 24) reach svc-budget's mirror through the ledger's events alone, on
 * both bus adapters: the envelopes' spent and the balance projection see a restored row again,
 * and an undone edit as before.
 */
import { natsServerAvailable } from '@hf/messaging/testing/private-nats';
import {
  addCategory,
  addRow,
  openAccount,
  startBudgetStack,
  type BusKind,
  type Call,
  type Json,
  type Stack,
} from './helpers';

const TODAY = '2026-11-23';

describe.each<BusKind>(['inprocess', 'nats'])('restore and undo in svc-budget, on the %s bus', (kind) => {
  const available = kind === 'inprocess' || natsServerAvailable();
  const maybe = available ? it : it.skip;
  const H = kind === 'inprocess' ? 7621 : 7622;
  let stack: Stack;
  let ledger: Call;
  let budget: Call;
  let checking: number;
  let food: number;

  const spent = async () =>
    (await budget('GET', `/api/budget/category/${checking}/2026-11`)).body.find((e: Json) => e.category_id === food)
      .spent;
  const today = async () =>
    (await budget('GET', '/api/dashboard/balance_projection')).body[0].graph_data.find((p: Json) => p.date === TODAY)
      .balance;
  const ok = async (p: Promise<{ status: number; text: string }>) => {
    const res = await p;
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  };

  beforeAll(async () => {
    if (!available) return;
    stack = await startBudgetStack(TODAY, kind, `bhr${kind}`);
    ledger = stack.ledgerAs(H);
    budget = stack.reportsAs(H);
    checking = await openAccount(ledger, 'Checking', 1000);
    food = await addCategory(ledger, 'Food');
    const envelope = await budget('POST', '/api/budget/category', {
      account_id: checking,
      category_id: food,
      month: '2026-11',
      amount: 300,
    });
    expect(envelope.status).toBe(201);
  }, 120_000);
  afterAll(async () => stack?.close());

  maybe('a deleted row restored (route and undo) and an edit undone: envelopes and projection as before', async () => {
    const row = await addRow(ledger, checking, { date: '2026-11-02', payee: 'Market', amount: -40, category_id: food });
    expect([await spent(), await today()]).toEqual([40, 960]);
    await ok(ledger('PATCH', `/api/transactions/${row.id}/delete`));
    expect([await spent(), await today()]).toEqual([0, 1000]);
    await ok(ledger('PATCH', `/api/transactions/${row.id}/restore`));
    expect([await spent(), await today()]).toEqual([40, 960]);
    await ok(ledger('PATCH', `/api/transactions/${row.id}/delete`));
    await ok(ledger('POST', `/api/transactions/${row.id}/undo`, {}));
    expect([await spent(), await today()]).toEqual([40, 960]);
    await ok(ledger('PUT', `/api/transactions/${row.id}`, { amount: -55 }));
    expect([await spent(), await today()]).toEqual([55, 945]);
    await ok(ledger('POST', `/api/transactions/${row.id}/undo`, {}));
    expect([await spent(), await today()]).toEqual([40, 960]);
  });
});
