import { localToday, addDays } from '@hf/calendar';
import { EVENTS } from '@hf/contracts';
import {
  addTransaction,
  lastSequence,
  ledgerForFile,
  openAccount,
  outboxSince,
  register,
  snapshot,
  type Call,
} from './helpers';

const ledger = ledgerForFile('reconcile');
const call = ledger.client(1);
const other = ledger.client(2);

/** Every ledger table and the reconciliations: a refused request must leave all of them as they were. */
async function everything(): Promise<string> {
  const recs = await ledger.app.db.query('SELECT * FROM reconciliations ORDER BY id');
  return (await snapshot(ledger.app)) + JSON.stringify(recs.rows);
}

async function refused(
  run: () => Promise<{ status: number; body: { message?: string } }>,
  status: number,
  message: RegExp,
) {
  const before = await everything();
  const res = await run();
  expect(res.status).toBe(status);
  expect(res.body.message).toMatch(message);
  expect(await everything()).toBe(before);
}

const open = (c: Call, accountId: number, statement_date: string, statement_balance: number) =>
  c('POST', `/api/accounts/${accountId}/reconciliations`, { statement_date, statement_balance });
const finish = (c: Call, accountId: number, rid: number, adjust?: boolean) =>
  c('POST', `/api/accounts/${accountId}/reconciliations/${rid}/finish`, adjust === undefined ? {} : { adjust });

describe('statement reconciliation', () => {
  test('open answers the cleared balance as of the statement date and the difference; finish marks the rows', async () => {
    const id = await openAccount(call, 'Checking A', 100);
    const a = await addTransaction(call, id, { date: '2025-01-05', amount: -20, status: 'x' });
    const b = await addTransaction(call, id, { date: '2025-01-10', amount: 50, status: 'p' });
    const c = await addTransaction(call, id, { date: '2025-02-10', amount: -7, status: 'x' });
    const opened = await open(call, id, '2025-01-31', 130);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      status: 'open',
      statement_date: '2025-01-31',
      cleared_balance: 80,
      difference: 50,
    });
    // The open one is answered again (with the values sent now).
    const again = await open(call, id, '2025-01-31', 130);
    expect(again.body.id).toBe(opened.body.id);
    // Not balanced yet: 409, nothing changed.
    await refused(() => finish(call, id, opened.body.id, false), 409, /differs from the statement by \$50\.00/);
    // Clearing b brings the difference to zero.
    expect((await call('PATCH', `/api/transactions/${b.id}/status`, { status: 'x' })).status).toBe(200);
    const seq = await lastSequence(ledger.app);
    const done = await finish(call, id, opened.body.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'finished',
      difference: 0,
      reconciled_count: 2,
      adjustment_transaction_id: null,
    });
    const rows = await register(call, id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.id).reconciled).toBe(true);
    expect(byId.get(b.id).reconciled).toBe(true);
    expect(byId.get(c.id).reconciled).toBe(false);
    // A page says the same.
    const page = await call('GET', `/api/accounts/${id}/transactions?limit=10`);
    expect(page.body.rows.map((r: { reconciled: boolean }) => r.reconciled)).toEqual([true, true, false]);
    // A record answer too.
    const edited = await call('PUT', `/api/transactions/${a.id}`, { notes: 'groceries' });
    expect(edited.body.reconciled).toBe(true);
    const account = await call('GET', `/api/accounts/${id}`);
    expect(account.body.last_reconciliation).toEqual({
      id: opened.body.id,
      statement_date: '2025-01-31',
      statement_balance: 130,
      broken: false,
    });
    const events = (await outboxSince(ledger.app, seq)).filter((e) => e.type === EVENTS.statementReconciled);
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({
      account_id: id,
      reconciliation_id: opened.body.id,
      statement_date: '2025-01-31',
      statement_balance_cents: 13000,
      transaction_ids: expect.arrayContaining([a.id, b.id]),
    });
    const history = await call('GET', `/api/transactions/${b.id}/history`);
    expect(history.body[0]).toMatchObject({ action: 'reconciled', new_values: { reconciled: true } });
    const list = await call('GET', `/api/accounts/${id}/reconciliations`);
    expect(list.body).toMatchObject({
      open: null,
      finished: [{ id: opened.body.id, cleared_balance: 130, difference: 0 }],
    });
    // Finishing twice: 409, nothing changed.
    await refused(() => finish(call, id, opened.body.id), 409, /already finished/);
  });

  test('an adjustment row makes up the difference; undo deletes it and keeps the rows cleared', async () => {
    const id = await openAccount(call, 'Checking B', 0);
    const a = await addTransaction(call, id, { date: '2025-03-01', amount: 10, status: 'x' });
    const opened = await open(call, id, '2025-03-31', 12.34);
    expect(opened.body.difference).toBe(2.34);
    const list = await call('GET', `/api/accounts/${id}/reconciliations`);
    expect(list.body).toMatchObject({
      open: { id: opened.body.id, cleared_balance: 10, difference: 2.34 },
      finished: [],
    });
    const done = await finish(call, id, opened.body.id, true);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ cleared_balance: 12.34, difference: 0, reconciled_count: 2 });
    const rows = await register(call, id);
    const adjustment = rows.find((r) => r.id === done.body.adjustment_transaction_id);
    expect(adjustment).toMatchObject({
      payee: 'Reconciliation adjustment',
      amount: 2.34,
      status: 'x',
      date: '2025-03-31',
      reconciled: true,
    });
    const seq = await lastSequence(ledger.app);
    const undone = await call('DELETE', `/api/accounts/${id}/reconciliations/${opened.body.id}`);
    expect(undone.status).toBe(200);
    const after = await register(call, id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: a.id, status: 'x', reconciled: false });
    expect((await call('GET', `/api/accounts/${id}`)).body.last_reconciliation).toBeNull();
    const types = (await outboxSince(ledger.app, seq)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining([EVENTS.transactionDeleted, EVENTS.statementUnreconciled]));
    const history = await call('GET', `/api/transactions/${a.id}/history`);
    expect(history.body[0].action).toBe('unreconciled');
  });

  test('a later change of a reconciled row breaks the last reconciliation', async () => {
    const id = await openAccount(call, 'Checking C', 0);
    const a = await addTransaction(call, id, { date: '2025-04-02', amount: -40, status: 'x' });
    const opened = await open(call, id, '2025-04-30', -40);
    expect((await finish(call, id, opened.body.id)).status).toBe(200);
    expect((await call('GET', `/api/accounts/${id}`)).body.last_reconciliation.broken).toBe(false);
    expect((await call('PUT', `/api/transactions/${a.id}`, { amount: -45 })).status).toBe(200);
    expect((await call('GET', `/api/accounts/${id}`)).body.last_reconciliation.broken).toBe(true);
    const list = await call('GET', '/api/accounts/');
    expect(list.body.find((x: { id: number }) => x.id === id).last_reconciliation.broken).toBe(true);
    expect((await call('PUT', `/api/transactions/${a.id}`, { amount: -40 })).status).toBe(200);
    expect((await call('GET', `/api/accounts/${id}`)).body.last_reconciliation.broken).toBe(false);
  });

  test('bad input answers a clear 4xx and changes nothing', async () => {
    const id = await openAccount(call, 'Checking D', 0);
    const second = await openAccount(call, 'Checking E', 0);
    await addTransaction(call, id, { date: '2025-05-02', amount: -5, status: 'x' });
    const future = addDays(localToday(), 3);
    await refused(() => open(call, id, future, 0), 400, /cannot be in the future/);
    await refused(() => open(call, id, '2025-02-30', 0), 400, /statement_date/);
    await refused(() => open(call, id, '2025-05-31', 1.234), 400, /at most 2 decimal places/);
    // Another household's account: 404.
    await refused(() => open(other, id, '2025-05-31', -5), 404, /Account not found/);
    const opened = await open(call, id, '2025-05-31', -5);
    // Finishing it through another account: 404; through another household: 404.
    await refused(() => finish(call, second, opened.body.id), 404, /Reconciliation not found/);
    await refused(() => finish(other, id, opened.body.id), 404, /Account not found/);
    expect((await finish(call, id, opened.body.id)).status).toBe(200);
    await refused(() => finish(call, id, opened.body.id), 409, /already finished/);
    // A statement date before the last reconciliation.
    await refused(() => open(call, id, '2025-05-30', 0), 400, /before the last reconciliation/);
    const next = await open(call, id, '2025-06-30', -5);
    expect((await finish(call, id, next.body.id)).status).toBe(200);
    // Undoing one that is not the latest: 409; of another household: 404.
    await refused(() => call('DELETE', `/api/accounts/${id}/reconciliations/${opened.body.id}`), 409, /latest/);
    await refused(() => other('DELETE', `/api/accounts/${id}/reconciliations/${next.body.id}`), 404, /not found/);
    await refused(() => call('DELETE', `/api/accounts/${second}/reconciliations/${next.body.id}`), 404, /not found/);
    await refused(
      () => call('POST', `/api/accounts/${id}/reconciliations`, { statement_date: '2025-07-01' }),
      400,
      /statement_balance/,
    );
    await refused(() => finish(call, id, next.body.id, 'yes' as unknown as boolean), 400, /adjust/);
    expect((await call('DELETE', `/api/accounts/${id}/reconciliations/${next.body.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/accounts/${id}/reconciliations/${opened.body.id}`)).status).toBe(200);
  });

  test('seeded: after every finish the cleared balance as of the statement date is the statement balance', async () => {
    let seed = 20261127;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const id = await openAccount(call, 'Seeded', 0);
    const rows: { id: number; date: string; status: string }[] = [];
    let day = 0;
    let lastDate = '2025-01-01';
    for (let round = 0; round < 6; round++) {
      const n = 3 + Math.floor(random() * 5);
      for (let k = 0; k < n; k++) {
        day += Math.floor(random() * 3);
        const date = addDays('2025-01-01', day);
        const amount = Math.round((random() - 0.5) * 100000) / 100;
        const status = ['', 'p', 'x'][Math.floor(random() * 3)];
        rows.push({ ...(await addTransaction(call, id, { date, amount, status })), date, status });
      }
      // Tick some rows as cleared, as the clearing mode would.
      for (const r of rows) {
        if (r.status !== 'x' && random() < 0.3) {
          await call('PATCH', `/api/transactions/${r.id}/status`, { status: 'x' });
          r.status = 'x';
        }
      }
      const candidate = addDays('2025-01-01', Math.max(0, day - Math.floor(random() * 4)));
      const statementDate = candidate < lastDate ? lastDate : candidate;
      lastDate = statementDate;
      const statementBalance = Math.round((random() - 0.5) * 200000) / 100;
      const opened = await open(call, id, statementDate, statementBalance);
      expect(opened.status).toBe(200);
      const done = await finish(call, id, opened.body.id, true);
      expect(done.status).toBe(200);
      const check = await open(call, id, statementDate, statementBalance);
      expect(check.body.cleared_balance).toBe(statementBalance);
      await call('DELETE', `/api/accounts/${id}/reconciliations/${check.body.id}`);
      const registerRows = await register(call, id);
      for (const r of registerRows) expect(r.reconciled).toBe(r.status === 'x' && r.date <= statementDate);
      const account = await call('GET', `/api/accounts/${id}`);
      expect(account.body.last_reconciliation).toMatchObject({ statement_date: statementDate, broken: false });
    }
  });
});
