import Ajv from 'ajv';
import { EVENT_SEQUENCE_HEADER, EVENTS } from '@hf/contracts';
import * as L from '@hf/contracts/ledger-events';
import type { EventEnvelope } from '@hf/messaging';
import {
  addTransaction,
  lastSequence,
  ledgerForFile,
  openAccount,
  outboxSince,
  type Json,
  type Reply,
} from './helpers';

/** Every write records its events in the outbox in the same transaction and answers the sequence. */
const ledger = ledgerForFile('events');
const call = ledger.client(1);
const internal = ledger.internal();
const received: EventEnvelope[] = [];
const ajv = new Ajv();
const schemas: Record<string, object> = {
  [EVENTS.accountOpenedWithKind]: L.AccountOpenedV2,
  [EVENTS.accountChanged]: L.AccountChangedV1,
  [EVENTS.accountsReordered]: L.AccountsReorderedV1,
  [EVENTS.accountClosed]: L.AccountClosedV1,
  [EVENTS.transactionRecorded]: L.TransactionRecordedV1,
  [EVENTS.transactionRecordedCompact]: L.TransactionRecordedV2,
  [EVENTS.transactionChanged]: L.TransactionChangedV1,
  [EVENTS.transactionMoved]: L.TransactionMovedV1,
  [EVENTS.transactionDeleted]: L.TransactionDeletedV1,
  [EVENTS.transactionRestored]: L.TransactionRestoredV1,
  [EVENTS.categoryCreated]: L.CategoryCreatedV1,
  [EVENTS.categoryChanged]: L.CategoryChangedV1,
  [EVENTS.categoryDeleted]: L.CategoryDeletedV1,
  [EVENTS.categoriesMerged]: L.CategoriesMergedV1,
};

beforeAll(async () => {
  await ledger.bus.subscribe({
    durable: 'events-test',
    subjects: ['ledger.>'],
    handler: async (event) => void received.push(event),
  });
});

/** Runs a write and returns the events it recorded, after checking the sequence header and the payload schemas. */
async function eventsOf(write: () => Promise<Reply>): Promise<Array<{ type: string; subject: string; data: Json }>> {
  const since = await lastSequence(ledger.app);
  const res = await write();
  expect(res.status).toBeLessThan(300);
  const events = await outboxSince(ledger.app, since);
  expect(Number(res.headers[EVENT_SEQUENCE_HEADER])).toBe(events.length > 0 ? events.at(-1)!.sequence : since);
  for (const e of events) {
    expect(e.household_id).toBe(1);
    const valid = ajv.validate(schemas[e.type], e.data);
    if (!valid) throw new Error(`${e.type}: ${ajv.errorsText()}`);
  }
  return events;
}
const types = (events: Array<{ type: string }>) => events.map((e) => e.type);

describe('events of every write', () => {
  let checking: number;
  let savings: number;
  let food: number;
  let row: Json;

  it('accounts: opened (v2, with the kind), changed (name, kind, limit), reordered', async () => {
    let events = await eventsOf(() => call('POST', '/api/accounts/', { name: 'Checking', starting_balance: 12.5 }));
    expect(types(events)).toEqual([EVENTS.accountOpenedWithKind]);
    expect(events[0].data.account).toMatchObject({
      name: 'Checking',
      starting_balance_cents: 1250,
      is_default: true,
      household_id: 1,
      kind: 'checking',
      credit_limit_cents: null,
      low_balance_threshold_cents: null,
    });
    checking = events[0].data.account.id;
    savings = await openAccount(call, 'Savings', 0);
    events = await eventsOf(() => call('PUT', `/api/accounts/${savings}`, { name: 'Rainy Day' }));
    expect(events[0]).toMatchObject({
      type: EVENTS.accountChanged,
      data: { before: { name: 'Savings' }, after: { name: 'Rainy Day', kind: 'checking' } },
    });
    events = await eventsOf(() =>
      call('PUT', `/api/accounts/${savings}`, { name: 'Rainy Day', kind: 'savings', low_balance_threshold: 150.5 }),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: EVENTS.accountChanged,
      data: {
        before: { kind: 'checking', low_balance_threshold_cents: null },
        after: { name: 'Rainy Day', kind: 'savings', low_balance_threshold_cents: 15_050 },
      },
    });
    events = await eventsOf(() => call('POST', '/api/accounts/reorder', { account_ids: [savings, checking] }));
    expect(events[0]).toMatchObject({ type: EVENTS.accountsReordered, data: { account_ids: [savings, checking] } });
  });

  it('a write that changes nothing records nothing and answers the current sequence', async () => {
    const events = await eventsOf(() => call('PUT', `/api/accounts/${savings}`, { name: 'Rainy Day' }));
    expect(events).toEqual([]);
  });

  it('categories: created, changed, deleted, merged', async () => {
    let events = await eventsOf(() => call('POST', '/api/categories/', { name: 'Food' }));
    expect(events[0]).toMatchObject({
      type: EVENTS.categoryCreated,
      data: { category: { name: 'Food', parent_id: null } },
    });
    food = events[0].data.category.id;
    const temp = (await call('POST', '/api/categories/', { name: 'Temp' })).body.id;
    events = await eventsOf(() => call('PUT', `/api/categories/${temp}`, { parent_id: food }));
    expect(events[0]).toMatchObject({
      type: EVENTS.categoryChanged,
      data: { before: { parent_id: null }, after: { parent_id: food } },
    });
    events = await eventsOf(() => call('DELETE', `/api/categories/${temp}`));
    expect(events[0]).toMatchObject({
      type: EVENTS.categoryDeleted,
      data: { category: { id: temp }, promoted_children: [] },
    });
    const other = (await call('POST', '/api/categories/', { name: 'Other' })).body.id;
    events = await eventsOf(() => call('POST', '/api/categories/merge', { source_id: other, destination_id: food }));
    expect(types(events)).toEqual([EVENTS.categoriesMerged]);
  });

  it('transactions: recorded, changed (edit, status, categorize), moved, deleted, restored', async () => {
    let events = await eventsOf(() =>
      call('POST', `/api/accounts/${checking}/transactions`, {
        date: '2025-01-10',
        payee: 'Shop',
        amount: -9.99,
        category_id: food,
      }),
    );
    expect(events[0]).toMatchObject({
      type: EVENTS.transactionRecorded,
      subject: `account/${checking}`,
      data: {
        origin: 'api',
        transactions: [{ payee: 'Shop', amount_cents: -999, category_id: food, account_id: checking, deleted: false }],
      },
    });
    row = events[0].data.transactions[0];
    events = await eventsOf(() => call('PUT', `/api/transactions/${row.id}`, { amount: -10 }));
    expect(events[0]).toMatchObject({
      type: EVENTS.transactionChanged,
      data: { reason: 'edited', changes: [{ before: { amount_cents: -999 }, after: { amount_cents: -1000 } }] },
    });
    events = await eventsOf(() => call('PATCH', `/api/transactions/${row.id}/status`, { status: 'x' }));
    expect(events[0].data).toMatchObject({ reason: 'status', changes: [{ after: { status: 'x' } }] });
    events = await eventsOf(() =>
      call('PATCH', '/api/transactions/bulk_categorize', { transaction_ids: [row.id], category_id: food }),
    );
    expect(events).toEqual([]);
    events = await eventsOf(() =>
      call('PATCH', `/api/transactions/${row.id}/move`, { destination_account_id: savings }),
    );
    expect(events[0]).toMatchObject({
      type: EVENTS.transactionMoved,
      data: { from_account_id: checking, to_account_id: savings, changes: [{ after: { account_id: savings } }] },
    });
    events = await eventsOf(() => call('PATCH', `/api/transactions/${row.id}/delete`));
    expect(events[0]).toMatchObject({
      type: EVENTS.transactionDeleted,
      data: { reason: 'user', transactions: [{ id: row.id, deleted: false }] },
    });
    events = await eventsOf(() => call('PATCH', `/api/transactions/${row.id}/restore`));
    expect(events[0]).toMatchObject({
      type: EVENTS.transactionRestored,
      data: { transactions: [{ id: row.id, deleted: false }] },
    });
  });

  it('transfers: both legs in one event; a leg edit changes both', async () => {
    let events = await eventsOf(() =>
      call('POST', '/api/accounts/transfer', {
        from_account_id: checking,
        to_account_id: savings,
        amount: 5,
        date: '2025-01-11',
      }),
    );
    expect(events).toHaveLength(1);
    expect(events[0].data.origin).toBe('transfer');
    const [from, to] = events[0].data.transactions;
    expect([
      from.amount_cents,
      to.amount_cents,
      from.transfer_id === to.transfer_id,
      from.transfer_transaction_id,
      to.transfer_transaction_id,
    ]).toEqual([-500, 500, true, to.id, from.id]);
    events = await eventsOf(() => call('PUT', `/api/transactions/${from.id}`, { amount: -6 }));
    expect(events[0].data.changes.map((c: Json) => c.after.amount_cents)).toEqual([-600, 600]);
    events = await eventsOf(() =>
      call('POST', `/api/accounts/${checking}/transactions`, { date: '2025-01-12', payee: 'rainy day', amount: -1 }),
    );
    expect(events[0].data.transactions).toHaveLength(2);
  });

  it('internal writes: import, clear, budgeted rows', async () => {
    // A bulk create's compact event (v2): one row keeps every field in its entry.
    let events = await eventsOf(() =>
      internal('POST', '/internal/transactions/bulk', {
        household_id: 1,
        account_id: checking,
        idempotency_key: 'e1',
        transactions: [{ date: '2025-01-13', payee: 'Imported', amount_cents: -200 }],
      }),
    );
    expect(events[0].data).toMatchObject({
      origin: 'import',
      transactions: [{ payee: 'Imported', amount_cents: -200 }],
    });
    const id = events[0].data.transactions[0].id;
    events = await eventsOf(() =>
      internal('POST', '/internal/transactions/clear', { household_id: 1, transaction_ids: [id] }),
    );
    expect(events[0].data).toMatchObject({ reason: 'cleared', changes: [{ after: { status: 'x' } }] });
    const budgetRent = (amount_cents: number) =>
      internal('PUT', '/internal/budgeted-rows', {
        household_id: 1,
        account_id: checking,
        schedule_id: 3,
        month: '2025-02',
        date: '2025-02-01',
        payee: 'Rent',
        amount_cents,
      });
    events = await eventsOf(() => budgetRent(-70000));
    expect(events[0].data).toMatchObject({
      origin: 'budgeted',
      transactions: [{ is_budgeted: true, schedule_id: 3, schedule_month: '2025-02' }],
    });
    events = await eventsOf(() => budgetRent(-75000));
    expect(events[0].data).toMatchObject({ reason: 'budgeted_sync' });
    events = await eventsOf(() => internal('DELETE', '/internal/budgeted-rows', { household_id: 1, schedule_id: 3 }));
    expect(events[0].data).toMatchObject({ reason: 'budgeted_removed', transactions: [{ schedule_id: 3 }] });
  });

  it('closing an account: its rows deleted, the other legs detached, then closed', async () => {
    const events = await eventsOf(() => call('DELETE', `/api/accounts/${savings}`));
    expect(types(events)).toEqual([EVENTS.transactionDeleted, EVENTS.transactionChanged, EVENTS.accountClosed]);
    expect(events[1].data.reason).toBe('transfer_detached');
    expect(
      events[1].data.changes.every((c: Json) => c.after.transfer_id === null && c.after.payee === 'Rainy Day'),
    ).toBe(true);
  });

  it('the relay publishes every committed event to the bus in sequence order', async () => {
    await ledger.app.outbox.flush();
    const all = await outboxSince(ledger.app, 0);
    const deadline = Date.now() + 5000;
    while (received.length < all.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(received.map((e) => e.sequence)).toEqual(all.map((e) => e.sequence));
    expect(received[0]).toMatchObject({ source: 'svc-ledger', household_id: 1, type: EVENTS.accountOpenedWithKind });
  });
});

describe('a refused write records no event', () => {
  it('rolls back the outbox with the state change', async () => {
    const since = await lastSequence(ledger.app);
    const account = await openAccount(call, 'Solo', 0);
    await addTransaction(call, account, {});
    const mid = await lastSequence(ledger.app);
    expect(mid).toBeGreaterThan(since);
    const res = await call('POST', '/api/accounts/transfer', {
      from_account_id: account,
      to_account_id: account,
      amount: 1,
      date: '2025-01-01',
    });
    expect(res.status).toBe(400);
    expect(await lastSequence(ledger.app)).toBe(mid);
  });
});
