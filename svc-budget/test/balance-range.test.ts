/**
 * At the ledger's exact range (docs/decisions/0117-balances-within-exact-range.md) the projection
 * and net worth agree to the cent with the register: ten rows of the largest payment and 9 cents
 * more make -$9,999,999,999,999.99 everywhere, and the one cent beyond is refused by the ledger.
 */
import { openAccount, startBudgetStack, type Call, type Stack } from './helpers';

const TODAY = '2026-11-23';
const H = 7801;
let stack: Stack;
let ledger: Call;
let budget: Call;
let checking: number;

beforeAll(async () => {
  stack = await startBudgetStack(TODAY, 'inprocess', 'balancerange');
  ledger = stack.ledgerAs(H);
  budget = stack.reportsAs(H);
  checking = await openAccount(ledger, 'Checking', 0);
});
afterAll(async () => stack?.close());

it('projection, net worth and register agree at the limit; one cent more is refused', async () => {
  const add = (amount: number) =>
    ledger('POST', `/api/accounts/${checking}/transactions`, { date: '2026-11-01', payee: 'Largest', amount });
  for (let i = 0; i < 10; i++) expect((await add(-999_999_999_999.99)).status).toBe(201);
  expect((await add(-0.09)).status).toBe(201);
  expect((await add(-0.01)).status).toBe(400);

  // Written apart from the code: 10 x 99,999,999,999,999 + 9 cents, in BigInt.
  const cents = -(10n * 99_999_999_999_999n + 9n);
  const expected = `${cents / 100n}.${String(-cents % 100n).padStart(2, '0')}`;
  expect(expected).toBe('-9999999999999.99');

  const register = await ledger('GET', `/api/accounts/${checking}/transactions`);
  expect(String(register.body.at(-1).running)).toBe(expected);
  const projections = await budget('GET', '/api/dashboard/balance_projection');
  expect(projections.status).toBe(200);
  const today = projections.body[0].graph_data.find((p: { date: string }) => p.date === TODAY);
  expect(String(today.balance)).toBe(expected);
  expect(String(projections.body[0].graph_data.at(-1).balance)).toBe(expected);
  const netWorth = await budget('GET', '/api/dashboard/net_worth_projection');
  expect(String(netWorth.body.graph_data.at(-1).balance)).toBe(expected);
});
