/**
 * A payee renamed in the ledger (POST /api/payees/rename) reaches svc-budget's mirror of the
 * ledger's rows through the events, on both buses: the mirror holds the rows under the new name.
 */
import { natsServerAvailable } from '@hf/messaging/testing/private-nats';
import { addRow, openAccount, startBudgetStack, type BusKind, type Stack } from './helpers';

const TODAY = '2026-11-23';

describe.each<BusKind>(['inprocess', 'nats'])('a payee renamed, in the budget mirror (%s bus)', (kind) => {
  const available = kind === 'inprocess' || natsServerAvailable();
  const maybe = available ? it : it.skip;
  const H = kind === 'inprocess' ? 7701 : 7702;
  let stack: Stack;
  let checking: number;

  const mirrored = async () =>
    (
      await stack.reports.db.query<{ payee: string; n: number }>(
        'SELECT payee, count(*)::int AS n FROM ledger_rows WHERE household_id = $1 AND NOT deleted GROUP BY payee ORDER BY payee',
        [H],
      )
    ).rows;

  beforeAll(async () => {
    if (!available) return;
    stack = await startBudgetStack(TODAY, kind, `pr${kind}`);
    const ledger = stack.ledgerAs(H);
    checking = await openAccount(ledger, 'Checking', 1000);
    for (const payee of ['AMZN Mktp', 'AMZN Mktp', 'Amazon', 'Bakery'])
      await addRow(ledger, checking, { payee, date: '2026-11-01' });
    expect((await stack.reportsAs(H)('GET', `/api/budget/${checking}`)).status).toBe(200);
    expect(await mirrored()).toEqual([
      { payee: 'AMZN Mktp', n: 2 },
      { payee: 'Amazon', n: 1 },
      { payee: 'Bakery', n: 1 },
    ]);
  }, 120_000);
  afterAll(async () => stack?.close());

  maybe('the mirror counts the renamed rows under the new name once the event is in', async () => {
    const res = await stack.ledgerAs(H)('POST', '/api/payees/rename', { from: 'AMZN Mktp', to: 'Amazon' });
    expect(res.status).toBe(200);
    // A read with the rename's sequence waits until the mirror has applied it.
    expect((await stack.reportsAs(H)('GET', `/api/budget/${checking}`)).status).toBe(200);
    expect(await mirrored()).toEqual([
      { payee: 'Amazon', n: 3 },
      { payee: 'Bakery', n: 1 },
    ]);
  });
});
