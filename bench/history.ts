/**
 * Change history benchmark (issue 24 "Speed"), `npm run bench -- history`: a household with
 * 50,000 rows (one import: one "imported" entry) and their changes: every row categorized
 * once (bulk categorize, 50 x 1,000 rows), 500 rows edited and 500 given a status (one change
 * each), 50 rows edited 5 times more (a long history), and a second account with 20 rows made
 * before the import.
 *
 * Timed through the gateway of the default single-process app (child process, fresh DATA_DIR):
 * - a row's history (GET /api/transactions/:id/history), target < 20 ms;
 * - the activity page's first 100 changes (GET /api/history), target < 50 ms; and with each
 *   filter: person, kind (edited; imported, the oldest entries), the big account, the small one.
 * Figures are printed, not asserted.
 */
import { benchRow, createBenchAccount, startAppWithUser } from './support/seed-register';
import { asUser, request, time, type Timing } from './support/timing';

const ROWS = 50_000;
const BATCH = 10_000;
const fmt = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const line = (label: string, r: Timing, target?: number) =>
  `  ${label.padEnd(58)} p50 ${fmt(r.p50).padStart(9)}   p95 ${fmt(r.p95).padStart(9)}   min ${fmt(r.min).padStart(9)}` +
  `${r.cpu !== undefined ? `   app CPU ${fmt(r.cpu).padStart(9)}` : ''}` +
  `${target ? `   [target < ${target} ms: ${r.p50 < target ? 'met' : 'missed'} at p50]` : ''}`;

async function json<T>(url: string, init: RequestInit & { expect?: number }): Promise<T> {
  return JSON.parse((await request(url, init)).text) as T;
}

export async function runHistoryBench(): Promise<void> {
  console.log(`\n== history: change history of a household with ${ROWS.toLocaleString('en-US')} rows ==`);
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-history-',
    userName: 'History Bench',
    emailPrefix: 'history-bench',
  });
  try {
    const api = `${user.gatewayUrl}/api`;
    const token = user.accessToken;
    const small = await createBenchAccount(user.gatewayUrl, token, 'Small account', 0);
    for (let i = 0; i < 20; i++)
      await request(`${api}/accounts/${small}/transactions`, {
        ...asUser(token, 'POST', { date: '2024-01-15', payee: `Small ${i}`, amount: -1 - i }),
        expect: 201,
      });
    const accountId = await createBenchAccount(user.gatewayUrl, token, 'Bench Checking', 0);
    const ids: number[] = [];
    for (let done = 0; done < ROWS; done += BATCH) {
      const transactions = Array.from({ length: BATCH }, (_, k) => benchRow(done + k, ROWS));
      const answer = await json<{ transaction_ids: number[] }>(`${user.ledgerUrl}/internal/transactions/bulk`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-token': user.internalToken },
        body: JSON.stringify({
          household_id: user.householdId,
          account_id: accountId,
          idempotency_key: `history-${done}`,
          transactions,
        }),
      });
      ids.push(...answer.transaction_ids);
    }
    const category = (
      await json<{ id: number }>(`${api}/categories/`, { ...asUser(token, 'POST', { name: 'Bench' }), expect: 201 })
    ).id;
    const started = Date.now();
    for (let i = 0; i < ids.length; i += 1000)
      await request(
        `${api}/transactions/bulk_categorize`,
        asUser(token, 'PATCH', { transaction_ids: ids.slice(i, i + 1000), category_id: category }),
      );
    for (let i = 0; i < 500; i++) {
      await request(`${api}/transactions/${ids[i * 97]}`, asUser(token, 'PUT', { notes: `edited ${i}` }));
      await request(`${api}/transactions/${ids[i * 89 + 1]}/status`, asUser(token, 'PATCH', { status: 'p' }));
    }
    const long = ids.slice(1000, 1050);
    for (let round = 0; round < 5; round++)
      for (const id of long)
        await request(
          `${api}/transactions/${id}`,
          asUser(token, 'PUT', { notes: `round ${round}`, amount: -round - 1 }),
        );
    console.log(
      `  changes written in ${((Date.now() - started) / 1000).toFixed(1)} s (about ${(ROWS + 1271).toLocaleString('en-US')} entries)`,
    );

    const history = await time(
      50,
      async (i) => (await request(`${api}/transactions/${long[i % long.length]}/history`, asUser(token, 'GET'))).ms,
      user.app.cpuMicros,
    );
    console.log(line("a row's history (7 entries)", history, 20));
    const page = async (label: string, query: string, target?: number) => {
      const probe = await json<{ changes: unknown[] }>(`${api}/history?${query}`, asUser(token, 'GET'));
      const r = await time(
        30,
        async () => (await request(`${api}/history?${query}`, asUser(token, 'GET'))).ms,
        user.app.cpuMicros,
      );
      console.log(line(`${label} (${probe.changes.length} changes)`, r, target));
    };
    await page('activity: first 100 changes', 'limit=100', 50);
    await page(
      'activity: next 100 (before the first page)',
      `limit=100&before=${(await json<{ next_before: number }>(`${api}/history?limit=100`, asUser(token, 'GET'))).next_before}`,
      50,
    );
    await page('activity: one person', `limit=100&user_id=${await personId(api, token)}`, 50);
    await page('activity: kind edited', 'limit=100&kind=edited', 50);
    await page('activity: kind imported (the oldest entries)', 'limit=100&kind=imported', 50);
    await page('activity: the 50,000-row account', `limit=100&account_id=${accountId}`, 50);
    await page('activity: the 20-row account (older than the rest)', `limit=100&account_id=${small}`);
  } finally {
    await user.stop();
  }
}

async function personId(api: string, token: string): Promise<number> {
  const page = await json<{ members: Array<{ user_id: number }> }>(`${api}/history?limit=1`, asUser(token, 'GET'));
  return page.members[0].user_id;
}
