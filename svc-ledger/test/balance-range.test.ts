/**
 * Balances are never rounded silently (docs/decisions/0117-balances-within-exact-range.md): a
 * write that would take a household's live rows and starting balances, counted without signs,
 * past 999,999,999,999,999 cents is refused with 400 and changes nothing; up to the limit every
 * balance is exact to the cent, in the register and in the account's balance.
 */
import { snapshot, ledgerForFile, openAccount, register, type Json } from './helpers';

const ledger = ledgerForFile('balancerange');
const call = ledger.client(1);
const other = ledger.client(2);
const internal = ledger.internal();

const LARGEST = -999_999_999_999.99;
const MESSAGE =
  "Amounts this large would make balances inexact: a household's rows and starting balances, counted without their signs, may add up to $9,999,999,999,999.99. Nothing was saved.";

const post = (accountId: number, amount: number, payee = 'Largest') =>
  call('POST', `/api/accounts/${accountId}/transactions`, { date: '2025-03-01', payee, amount });

/** Exact dollars text of a sum of cents, written apart from the code under test (BigInt). */
function dollarsText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

describe('the exact range of balances', () => {
  let checking: number;

  beforeAll(async () => {
    checking = await openAccount(call, 'Checking', 0);
  });

  it('takes ten rows of the largest amount and a last 9 cents, then refuses one cent more', async () => {
    for (let i = 0; i < 10; i++) expect((await post(checking, LARGEST)).status).toBe(201);
    expect((await post(checking, -0.09, 'Last cents')).status).toBe(201);

    const before = await snapshot(ledger.app);
    const refused = await post(checking, -0.01, 'One cent too many');
    expect([refused.status, refused.body]).toEqual([400, { message: MESSAGE }]);
    // The case: an eleventh (up to a 109th) row of the largest amount.
    const eleventh = await post(checking, LARGEST);
    expect([eleventh.status, eleventh.body]).toEqual([400, { message: MESSAGE }]);
    expect(await snapshot(ledger.app)).toBe(before);

    // At the limit, the register's running balance and the account's balance agree to the cent.
    const expected = dollarsText(10n * -99_999_999_999_999n - 9n);
    expect(expected).toBe('-9999999999999.99');
    const rows = await register(call, checking);
    expect(String(rows.at(-1).running)).toBe(expected);
    const account = await call('GET', `/api/accounts/${checking}`);
    expect(String(account.body.balance)).toBe(expected);
    expect(JSON.stringify(account.body)).toContain(`"balance":${expected},`);
  });

  it('counts deposits, starting balances and transfer legs without their signs', async () => {
    const before = await snapshot(ledger.app);
    expect((await post(checking, 0.01, 'A deposit')).status).toBe(400);
    expect((await call('POST', '/api/accounts/', { name: 'Savings', starting_balance: 0.01 })).status).toBe(400);
    expect(await snapshot(ledger.app)).toBe(before);
    const savings = await openAccount(call, 'Savings', 0);
    const moved = await call('POST', '/api/accounts/transfer', {
      from_account_id: checking,
      to_account_id: savings,
      amount: 0.01,
      date: '2025-03-01',
    });
    expect([moved.status, moved.body]).toEqual([400, { message: MESSAGE }]);
  });

  it('an edit that grows an amount is refused; one that shrinks it, or a delete, makes room', async () => {
    const rows: Json[] = await register(call, checking);
    const last = rows.at(-1);
    const grown = await call('PUT', `/api/transactions/${last.id}`, { amount: -0.1 });
    expect([grown.status, grown.body]).toEqual([400, { message: MESSAGE }]);
    expect((await call('PUT', `/api/transactions/${last.id}`, { amount: -0.08 })).status).toBe(200);
    expect((await post(checking, -0.01, 'Fits again')).status).toBe(201);
    expect((await call('PATCH', `/api/transactions/${rows[0].id}/delete`)).status).toBe(200);
    expect((await post(checking, LARGEST, 'After a delete')).status).toBe(201);
    const restored = await call('PATCH', `/api/transactions/${rows[0].id}/restore`);
    expect([restored.status, restored.body]).toEqual([400, { message: MESSAGE }]);
  });

  it('refuses a whole import that would pass the limit, creating none of its rows', async () => {
    const before = await snapshot(ledger.app);
    const res = await internal('POST', '/internal/transactions/bulk', {
      household_id: 1,
      account_id: checking,
      idempotency_key: 'too-much',
      user_id: 101,
      transactions: [
        { date: '2025-03-02', payee: 'Small', amount_cents: -100 },
        { date: '2025-03-02', payee: 'Too much', amount_cents: -99_999_999_999_999 },
      ],
    });
    expect([res.status, res.body]).toEqual([400, { message: MESSAGE }]);
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it('is counted per household: another household still takes the largest amount', async () => {
    const theirs = await openAccount(other, 'Theirs', 0);
    const res = await other('POST', `/api/accounts/${theirs}/transactions`, {
      date: '2025-03-01',
      payee: 'Largest',
      amount: LARGEST,
    });
    expect(res.status).toBe(201);
  });
});
