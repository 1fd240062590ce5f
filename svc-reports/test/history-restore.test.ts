/**
 * Restore and undo (issue 24) reach the reports through the ledger's events alone, on both bus
 * adapters: a deleted row restored (by the restore route or by undo), an edit, a move and a bulk
 * categorize undone, and a split, unsplit or line change undone, are counted again as before, without a
 * rebuild of the read model.
 */
import { natsServerAvailable } from '@hf/messaging/testing/private-nats';
import { addCategory, addRow, openAccount, q, startStack, type BusKind, type Json, type Stack } from './helpers';

const H = 5311;
const range = { start_date: '2025-01-01', end_date: '2025-12-31' };

describe.each<BusKind>(['inprocess', 'nats'])('restore and undo, on the %s bus', (kind) => {
  const available = kind === 'inprocess' || natsServerAvailable();
  const maybe = available ? it : it.skip;
  let stack: Stack;
  let checking: number;
  let savings: number;
  let food: number;
  let bakery: Json;
  let cafe: Json;

  const byPayee = async () =>
    (await stack.reportsAs(H)('GET', `/api/reports/spending_by_payee?${q(range)}`)).body.map((i: Json) => [
      i.name,
      i.value,
    ]);
  const byCategory = async () =>
    (await stack.reportsAs(H)('GET', `/api/reports/spending_by_category?${q(range)}`)).body.map((i: Json) => [
      i.name,
      i.value,
    ]);
  const ok = async (p: Promise<{ status: number; text: string }>) => {
    const res = await p;
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  };
  const stale = async () =>
    (await stack.reports.db.query('SELECT stale FROM ledger_households ORDER BY household_id')).rows;

  beforeAll(async () => {
    if (!available) return;
    stack = await startStack(kind, `hr${kind}`);
    const ledger = stack.ledgerAs(H);
    checking = await openAccount(ledger, 'Checking');
    savings = await openAccount(ledger, 'Savings');
    food = await addCategory(ledger, 'Food');
    bakery = await addRow(ledger, checking, { payee: 'Bakery', amount: -4 });
    cafe = await addRow(ledger, checking, { payee: 'Cafe', amount: -6 });
    expect(await byPayee()).toEqual([
      ['Cafe', 6],
      ['Bakery', 4],
    ]);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  maybe('a deleted row restored, by the restore route and by undo, is counted again', async () => {
    const before = await stale();
    const ledger = stack.ledgerAs(H);
    await ok(ledger('PATCH', `/api/transactions/${bakery.id}/delete`));
    expect(await byPayee()).toEqual([['Cafe', 6]]);
    await ok(ledger('PATCH', `/api/transactions/${bakery.id}/restore`));
    expect(await byPayee()).toEqual([
      ['Cafe', 6],
      ['Bakery', 4],
    ]);
    await ok(ledger('PATCH', `/api/transactions/${bakery.id}/delete`));
    expect(await byPayee()).toEqual([['Cafe', 6]]);
    await ok(ledger('POST', `/api/transactions/${bakery.id}/undo`, {}));
    expect(await byPayee()).toEqual([
      ['Cafe', 6],
      ['Bakery', 4],
    ]);
    expect(await stale()).toEqual(before);
  });

  maybe('an edit, a move and a bulk categorize undone are counted as before', async () => {
    const before = await stale();
    const ledger = stack.ledgerAs(H);
    await ok(ledger('PUT', `/api/transactions/${cafe.id}`, { amount: -9 }));
    expect(await byPayee()).toEqual([
      ['Cafe', 9],
      ['Bakery', 4],
    ]);
    await ok(ledger('POST', `/api/transactions/${cafe.id}/undo`, {}));
    expect(await byPayee()).toEqual([
      ['Cafe', 6],
      ['Bakery', 4],
    ]);

    await ok(ledger('PATCH', `/api/transactions/${cafe.id}/move`, { destination_account_id: savings }));
    const inChecking = async () =>
      (
        await stack.reportsAs(H)('GET', `/api/reports/spending_by_payee?${q({ ...range, account_ids: checking })}`)
      ).body.map((i: Json) => i.name);
    expect(await inChecking()).toEqual(['Bakery']);
    await ok(ledger('POST', `/api/transactions/${cafe.id}/undo`, {}));
    expect(await inChecking()).toEqual(['Cafe', 'Bakery']);

    await ok(
      ledger('PATCH', '/api/transactions/bulk_categorize', {
        transaction_ids: [bakery.id, cafe.id],
        category_id: food,
      }),
    );
    expect((await byCategory()).find((c: Json[]) => c[0] === 'Food')).toEqual(['Food', 10]);
    await ok(ledger('POST', '/api/transactions/undo', { transaction_ids: [bakery.id, cafe.id] }));
    expect((await byCategory()).find((c: Json[]) => c[0] === 'Food')).toBeUndefined();
    expect(await stale()).toEqual(before);
  });

  maybe('a split, an unsplit and changed lines undone are counted by line as before', async () => {
    const before = await stale();
    const ledger = stack.ledgerAs(H);
    const home = await addCategory(ledger, 'Home');
    const row = await addRow(ledger, checking, { payee: 'Market', amount: -20, category_id: food });
    const spent = async () => (await byCategory()).filter((c: Json[]) => c[0] === 'Food' || c[0] === 'Home');
    expect(await spent()).toEqual([['Food', 20]]);
    const lines = [
      { category_id: food, amount: -12.5 },
      { category_id: home, amount: -7.5 },
    ];
    await ok(ledger('PUT', `/api/transactions/${row.id}`, { splits: lines }));
    expect(await spent()).toEqual([
      ['Food', 12.5],
      ['Home', 7.5],
    ]);
    await ok(ledger('POST', `/api/transactions/${row.id}/undo`, {}));
    expect(await spent()).toEqual([['Food', 20]]);

    await ok(ledger('PUT', `/api/transactions/${row.id}`, { splits: lines }));
    await ok(ledger('PUT', `/api/transactions/${row.id}`, { category_id: home }));
    expect(await spent()).toEqual([['Home', 20]]);
    await ok(ledger('POST', `/api/transactions/${row.id}/undo`, {}));
    expect(await spent()).toEqual([
      ['Food', 12.5],
      ['Home', 7.5],
    ]);

    await ok(
      ledger('PUT', `/api/transactions/${row.id}`, {
        splits: [
          { category_id: food, amount: -2.5 },
          { category_id: home, amount: -17.5 },
        ],
      }),
    );
    expect(await spent()).toEqual([
      ['Home', 17.5],
      ['Food', 2.5],
    ]);
    await ok(ledger('POST', `/api/transactions/${row.id}/undo`, {}));
    expect(await spent()).toEqual([
      ['Food', 12.5],
      ['Home', 7.5],
    ]);
    expect(await stale()).toEqual(before);
  });
});
