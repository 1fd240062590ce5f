/**
 * LedgerMirror.freshView (decision 0145): the accounts and categories a report reads in one round
 * trip with the freshness check, and the same answers as ensureFresh followed by openAccounts and
 * categoriesOf: a household never built or stale is rebuilt first, an X-Min-Sequence the consumer
 * has applied needs no rebuild, one beyond the ledger's head is refused.
 */
import pg from 'pg';
import { categoriesOf, openAccounts } from '@hf/ledger-mirror';
import { addCategory, openAccount, startStack, type Call, type Stack } from './helpers';

const H = 4301;
const NEVER_READ = 4302;
let stack: Stack;
let ledger: Call;
let db: pg.Pool;

beforeAll(async () => {
  stack = await startStack('inprocess', 'freshview');
  ledger = stack.ledgerAs(H);
  db = new pg.Pool({ connectionString: stack.reportsDbUrl, max: 1 });
  await openAccount(ledger, 'Checking', 1000);
  const closing = await openAccount(ledger, 'Old savings', 5);
  expect((await ledger('DELETE', `/api/accounts/${closing}`)).status).toBe(200);
  await openAccount(ledger, 'Card', 0);
  const food = await addCategory(ledger, 'Food');
  await addCategory(ledger, 'Groceries', food);
  await openAccount(stack.ledgerAs(NEVER_READ), 'Elsewhere', 0);
});

afterAll(async () => {
  await db?.end();
  await stack?.close();
});

const rebuiltAt = async (householdId: number) =>
  (await db.query('SELECT rebuilt_at FROM ledger_households WHERE household_id = $1', [householdId])).rows[0]
    ?.rebuilt_at as Date | undefined;

const separately = async (householdId: number) => ({
  accounts: [...(await openAccounts(db, householdId)).values()],
  categories: await categoriesOf(db, householdId),
});

const byId = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id);

describe('LedgerMirror.freshView', () => {
  it('builds a household never read, then answers what openAccounts and categoriesOf answer', async () => {
    const view = await stack.reports.mirror.freshView(H, stack.lastSequence());
    const expected = await separately(H);
    expect([...view.accounts.values()]).toEqual(expected.accounts);
    expect([...view.accounts.values()].map((a) => a.name)).toEqual(['Checking', 'Card']);
    expect(byId(view.categories)).toEqual(byId(expected.categories));
    expect(view.categories.map((c) => c.name).sort()).toEqual(['Food', 'Groceries']);
    expect([...view.accounts.keys()]).toEqual(expected.accounts.map((a) => a.id));
  });

  it('answers from the mirror without a rebuild when it is fresh, the consumer ahead of the rebuild', async () => {
    const before = await rebuiltAt(H);
    await addCategory(ledger, 'Travel');
    const view = await stack.reports.mirror.freshView(H, stack.lastSequence());
    expect(view.categories.map((c) => c.name)).toContain('Travel');
    expect(await rebuiltAt(H)).toEqual(before);
  });

  it('rebuilds a stale household before answering', async () => {
    await db.query("UPDATE ledger_accounts SET name = 'Wrong' WHERE household_id = $1", [H]);
    await db.query('UPDATE ledger_households SET stale = true WHERE household_id = $1', [H]);
    const view = await stack.reports.mirror.freshView(H, 0);
    expect([...view.accounts.values()].map((a) => a.name)).toEqual(['Checking', 'Card']);
  });

  it('keeps the households apart', async () => {
    const view = await stack.reports.mirror.freshView(NEVER_READ, 0);
    expect([...view.accounts.values()].map((a) => a.name)).toEqual(['Elsewhere']);
    expect(view.categories).toEqual([]);
  });

  it('refuses an X-Min-Sequence beyond the ledger head (400)', async () => {
    await expect(stack.reports.mirror.freshView(H, stack.lastSequence() + 1000)).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});
