/**
 * The ledger mirrors in the scaled mode: every service and the gateway in its own process
 * (@hf/app's start-cluster) on the machine's PostgreSQL, with real NATS (a nats-server of this
 * test's own, so that its stream holds only this run's ledger events). A write through the gateway
 * is in the next report and dashboard read (X-Min-Sequence), an edit moves the figures between
 * categories, and a scheduled bill's budgeted rows reach the projection.
 *
 * Skipped (with a message) when PostgreSQL or nats-server is missing, unless REQUIRE_NATS=1.
 */
import { randomBytes } from 'node:crypto';
import type { RunningCluster } from '../src/start-cluster';
import { startTestCluster, type TestCluster } from '@hf/test-kit/test-cluster';
import { canConnect } from '@hf/test-kit/test-postgres';
import { natsServerAvailable, startPrivateNats, type PrivateNats } from '@hf/messaging/testing/private-nats';

const PG_ADMIN = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const run = `mirror_${randomBytes(4).toString('hex')}`;
let cluster: RunningCluster | undefined;
let testCluster: TestCluster | undefined;
let nats: PrivateNats | undefined;
let skipReason: string | undefined;

beforeAll(async () => {
  const pgUp = await canConnect(PG_ADMIN);
  if (!pgUp || !natsServerAvailable()) {
    skipReason = `ledger-mirror scaled-mode test skipped: ${!pgUp ? `PostgreSQL at ${PG_ADMIN} is not reachable` : 'nats-server is missing'}`;
    if (process.env.REQUIRE_NATS === '1') throw new Error(`${skipReason} (REQUIRE_NATS=1)`);
    console.warn(skipReason);
    return;
  }
  nats = await startPrivateNats();
  testCluster = await startTestCluster({ run, pgAdminUrl: PG_ADMIN, natsUrl: nats.url });
  cluster = testCluster.cluster;
}, 180_000);

afterAll(async () => {
  await testCluster?.stop();
  await nats?.stop();
}, 60_000);

let token = '';
let sequence = '0';
async function api(path: string, method = 'GET', body?: unknown): Promise<{ status: number; body: never }> {
  const res = await fetch(`${cluster!.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-min-sequence': sequence,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  sequence = res.headers.get('x-event-sequence') ?? sequence;
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as never };
}

describe('reports and the dashboard in the scaled mode (processes, NATS, PostgreSQL)', () => {
  it('shows a write made through the gateway in the next report, and follows an edit', async () => {
    if (!cluster) return void console.warn(skipReason);
    const registered = await fetch(`${cluster.url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Report Test', email: `${run}@example.com`, password: 'correct horse battery 9' }),
    });
    token = ((await registered.json()) as { access_token: string }).access_token;
    const range = 'start_date=2026-01-01&end_date=2026-01-31';
    // Read while empty: the household is built now, so the figures below come through NATS.
    expect(await api(`/api/reports/spending_by_category?${range}`)).toEqual({ status: 200, body: [] });

    const account = (await api('/api/accounts/', 'POST', { name: 'Checking', starting_balance: 0 })).body as {
      id: number;
    };
    const food = (await api('/api/categories/', 'POST', { name: 'Food' })).body as { id: number };
    const fun = (await api('/api/categories/', 'POST', { name: 'Fun' })).body as { id: number };
    const row = (
      await api(`/api/accounts/${account.id}/transactions`, 'POST', {
        date: '2026-01-10',
        payee: 'Market',
        amount: -42.5,
        category_id: food.id,
      })
    ).body as { id: number };
    expect(await api(`/api/reports/spending_by_category?${range}`)).toEqual({
      status: 200,
      body: [{ id: food.id, name: 'Food', value: 42.5, children: [] }],
    });

    expect((await api(`/api/transactions/${row.id}`, 'PUT', { category_id: fun.id })).status).toBe(200);
    expect(await api(`/api/reports/spending_by_category?${range}`)).toEqual({
      status: 200,
      body: [{ id: fun.id, name: 'Fun', value: 42.5, children: [] }],
    });
    const drill = await api(`/api/reports/transactions_by_category?${range}&category_id=${fun.id}`);
    expect(drill.body).toMatchObject([
      { id: row.id, payee: 'Market', amount: -42.5, account_name: 'Checking', category_name: 'Fun' },
    ]);
  }, 60_000);

  it('puts a scheduled bill into the projection and an envelope into the widgets', async () => {
    if (!cluster) return void console.warn(skipReason);
    const accounts = (await api('/api/accounts/')).body as Array<{ id: number; name: string }>;
    const checking = accounts[0].id;
    const item = (
      await api(`/api/budget/${checking}`, 'POST', { payee: 'Landlord', item_type: 'payment', day_of_month: 28 })
    ).body as { id: number };
    const today = new Date().toISOString().slice(0, 10);
    const filled = await api('/api/budget/autofill', 'POST', {
      budget_item_id: item.id,
      start_month: `${today.slice(0, 7)}-01`,
      amount: 900,
      mode: 'full',
    });
    expect(filled.status).toBe(200);
    const projection = (await api('/api/dashboard/balance_projection')).body as Array<{
      account_id: number;
      graph_data: Array<{ date: string; balance: number }>;
    }>;
    const last = projection.find((p) => p.account_id === checking)!.graph_data.at(-1)!;
    expect(last.balance).toBeLessThanOrEqual(-42.5 - 900 * 12 + 0.001);
    const categories = (await api('/api/categories/')).body as Array<{ id: number; name: string }>;
    const fun = categories.find((c) => c.name === 'Fun')!.id;
    expect(
      (
        await api('/api/budget/category', 'POST', {
          account_id: checking,
          category_id: fun,
          month: today.slice(0, 7),
          amount: 100,
        })
      ).status,
    ).toBe(201);
    const widgets = (await api('/api/dashboard/widgets')).body as {
      category_budgets: Array<{ category_id: number; amount: number }>;
    };
    expect(widgets.category_budgets).toEqual([expect.objectContaining({ category_id: fun, amount: 100 })]);
  }, 60_000);
});
