import { addTransaction, ledgerForFile, openAccount, type Json } from './helpers';
import { seededRandom } from '@hf/test-kit/seeded-random';

/**
 * GET /api/accounts answers balances held by register version (BalanceCache) when it can: they
 * must always equal the sums of the rows in the database, whatever wrote them.
 */
const ledger = ledgerForFile('balcache');
const call = ledger.client(1);

async function expectBalancesAsSql(): Promise<Json[]> {
  const listed = (await call('GET', '/api/accounts/')).body as Json[];
  const sql = await ledger.app.db.query<{ id: number; balance: string; pending: string; cleared: string }>(
    `SELECT a.id,
            (a.starting_balance + coalesce(sum(t.amount), 0))::text AS balance,
            (a.starting_balance + coalesce(sum(t.amount) FILTER (WHERE t.status <> ''), 0))::text AS pending,
            (a.starting_balance + coalesce(sum(t.amount) FILTER (WHERE t.status = 'x'), 0))::text AS cleared
     FROM accounts a LEFT JOIN transactions t ON t.account_id = a.id AND t.deleted_at IS NULL
     WHERE a.household_id = 1 AND a.deleted_at IS NULL GROUP BY a.id ORDER BY a.id`,
  );
  expect(
    listed.map((a) => [a.id, a.balance, a.pending_balance, a.cleared_balance]).sort((x, y) => x[0] - y[0]),
  ).toEqual(sql.rows.map((r) => [r.id, Number(r.balance) / 100, Number(r.pending) / 100, Number(r.cleared) / 100]));
  for (const account of listed) expect((await call('GET', `/api/accounts/${account.id}`)).body).toEqual(account);
  const throughToday = await ledger.app.db.query<{ id: number; balance: string }>(
    `SELECT a.id, (a.starting_balance + coalesce(sum(t.amount) FILTER (WHERE t.date <= '2025-03-15'), 0))::text AS balance
     FROM accounts a LEFT JOIN transactions t ON t.account_id = a.id AND t.deleted_at IS NULL
     WHERE a.household_id = 1 AND a.deleted_at IS NULL GROUP BY a.id ORDER BY a.id`,
  );
  for (let twice = 0; twice < 2; twice++) {
    const dated = (await call('GET', '/api/accounts/?today=2025-03-15')).body as Json[];
    expect(dated.map((a) => [a.id, a.balance_today]).sort((x, y) => x[0] - y[0])).toEqual(
      throughToday.rows.map((r) => [r.id, Number(r.balance) / 100]),
    );
    expect(dated.map((a) => [a.id, a.balance])).toEqual(listed.map((a) => [a.id, a.balance]));
  }
  return listed;
}

describe('account balances held by register version', () => {
  it('a second list sums nothing; a write is seen at once, its rows added to the held sums; a register read fills the balances of its version', async () => {
    const a = await openAccount(call, 'Held A', 100);
    const b = await openAccount(call, 'Held B', 0);
    await addTransaction(call, a, { payee: 'One', amount: -10, status: 'x' });
    const stats = ledger.app.balanceCache.stats;
    await expectBalancesAsSql();
    const { hits, misses } = stats;
    await expectBalancesAsSql();
    expect(stats.misses).toBe(misses);
    expect(stats.hits).toBeGreaterThan(hits);

    await addTransaction(call, b, { payee: 'Two', amount: 25 });
    let before = { ...stats };
    const listed = await call('GET', '/api/accounts/');
    expect(listed.body.find((x: Json) => x.id === b).balance).toBe(25);
    expect(stats.misses - before.misses).toBe(0); // the write moved b's held sums to its new version

    await addTransaction(call, a, { payee: 'Three', amount: -5, status: 'p' });
    expect((await call('GET', `/api/accounts/${a}/transactions`)).status).toBe(200); // the model of the new version
    before = { ...stats };
    const after = (await call('GET', `/api/accounts/${a}`)).body;
    expect([after.balance, after.pending_balance, after.cleared_balance]).toEqual([85, 85, 90]);
    expect([stats.hits - before.hits, stats.misses - before.misses]).toEqual([1, 0]);
  });

  it('balance_today: a list with the same date uses the sums held with it; another date is summed again', async () => {
    const a = await openAccount(call, 'Today', 0);
    await addTransaction(call, a, { date: '2025-01-01', payee: 'Old', amount: -1 });
    await addTransaction(call, a, { date: '2025-03-01', payee: 'Later', amount: -2 });
    const stats = ledger.app.balanceCache.stats;
    const today = (date: string) =>
      call('GET', `/api/accounts/?today=${date}`).then((res) => res.body.find((x: Json) => x.id === a));
    await call('GET', '/api/accounts/'); // held without a date: not used for a list with one
    let before = { ...stats };
    expect([(await today('2025-02-01')).balance, (await today('2025-02-01')).balance_today]).toEqual([-3, -1]);
    expect(stats.hits - before.hits).toBeGreaterThan(0); // the second list
    before = { ...stats };
    expect((await today('2025-03-01')).balance_today).toBe(-3);
    expect(stats.misses - before.misses).toBeGreaterThan(0);
    await addTransaction(call, a, { date: '2025-01-15', payee: 'New', amount: -4 });
    expect([(await today('2025-03-01')).balance, (await today('2025-03-01')).balance_today]).toEqual([-7, -7]);
    expect((await today('2025-02-01')).balance_today).toBe(-5);
    const res = await call('GET', `/api/accounts/${a}?today=2025-02-01`);
    expect([res.body.balance, res.body.balance_today]).toEqual([-7, -5]);
  });

  it('equal to the rows after every kind of write (seeded random), with and without register reads between', async () => {
    const next = seededRandom(20261126);
    const accounts = [
      await openAccount(call, 'Rand 1', 10),
      await openAccount(call, 'Rand 2', -5),
      await openAccount(call, 'Rand 3', 0),
    ];
    const ids: number[] = [];
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
    const writes: Array<() => Promise<unknown>> = [
      async () =>
        ids.push(
          (
            await addTransaction(call, pick(accounts), {
              payee: 'R',
              amount: Math.round((next() - 0.7) * 10_000) / 100,
              status: pick(['', 'p', 'x']),
              date: pick(['2025-03-14', '2025-03-15', '2025-03-16']),
            })
          ).id,
        ),
      async () =>
        ids.length &&
        call('PUT', `/api/transactions/${pick(ids)}`, { date: pick(['2025-01-02', '2025-03-15', '2025-05-01']) }),
      async () =>
        ids.length &&
        call('PUT', `/api/transactions/${pick(ids)}`, { amount: Math.round((next() - 0.5) * 10_000) / 100 }),
      async () =>
        ids.length && call('PATCH', `/api/transactions/${pick(ids)}/status`, { status: pick(['', 'p', 'x']) }),
      async () => ids.length && call('PATCH', `/api/transactions/${pick(ids)}/delete`),
      async () => ids.length && call('PATCH', `/api/transactions/${pick(ids)}/restore`),
      async () =>
        ids.length && call('PATCH', `/api/transactions/${pick(ids)}/move`, { destination_account_id: pick(accounts) }),
      async () => {
        const [from, to] = [accounts[0], pick(accounts.slice(1))];
        const res = await call('POST', '/api/accounts/transfer', {
          from_account_id: from,
          to_account_id: to,
          amount: Math.round(next() * 5000 + 1) / 100,
          date: '2025-04-01',
        });
        expect(res.status).toBe(201);
        ids.push(res.body.from_transaction.id);
      },
    ];
    for (let round = 0; round < 40; round++) {
      await pick(writes)();
      if (next() < 0.4) await call('GET', `/api/accounts/${pick(accounts)}/transactions?limit=3`);
      await expectBalancesAsSql();
    }
  });
});
