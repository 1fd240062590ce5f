import { gunzipSync } from 'node:zlib';
import { testToken } from '@hf/service-kit/testing';
import { decodeCursor } from '../src/domain/cursor';
import { RegisterCache, WARM_EVICTS_IDLE_MS, WARM_FULL_SHARE } from '../src/held-registers/register-cache';
import { loadRegister } from '../src/held-registers/repositories/register';
import { registerPage } from '../src/repositories/transactions';
import { addTransaction, client, internalClient, ledgerForFile, openAccount, startLedger, type Json } from './helpers';
import { seededRandom } from '@hf/test-kit/seeded-random';

/**
 * The full-register cache: every kind of write that changes what a register shows bumps the
 * register version of the accounts concerned, so the next GET is never a stale cached body;
 * bodies are only ever served to the account's own household; ETag / 304; gzip.
 */
const ledger = ledgerForFile('regcache');
const call = ledger.client(1);
const internal = ledger.internal();
const tokens: Record<number, string> = {};

beforeAll(async () => {
  tokens[1] = testToken({ userId: 101, householdId: 1 });
  tokens[2] = testToken({ userId: 201, householdId: 2 });
});

interface Got {
  status: number;
  headers: Record<string, unknown>;
  raw: Buffer;
  text: string;
  etag: string;
  /** Served from the cache (no build). */
  hit: boolean;
}

async function get(accountId: number, headers: Record<string, string> = {}, household = 1): Promise<Got> {
  const stats = ledger.app.registerCache.stats;
  const hits = stats.hits;
  const res = await ledger.app.inject({
    method: 'GET',
    url: `/api/accounts/${accountId}/transactions`,
    headers: { authorization: `Bearer ${tokens[household]}`, ...headers },
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    raw: res.rawPayload,
    text: res.body,
    etag: res.headers.etag as string,
    hit: stats.hits > hits,
  };
}

const rowsOf = (got: Got): Json[] => JSON.parse(got.text);

/** The register built now from every row, bypassing the cache. */
async function fresh(accountId: number): Promise<string> {
  return (await loadRegister(ledger.app.db, 1, accountId))!.model.body.toString('utf8');
}

function expectStatus(res: { status: number; body: unknown }, status = 200): Json {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Primes the cache for `accounts` (the second GET must be a cache hit), runs `write`, then
 * checks that each register did change and that the GET serves exactly the fresh register
 * under a new ETag.
 */
async function expectInvalidated(accounts: number[], write: () => Promise<unknown>): Promise<void> {
  const before = new Map<number, Got>();
  for (const id of accounts) {
    await get(id);
    const primed = await get(id);
    expect(primed.status).toBe(200);
    expect(primed.hit).toBe(true);
    before.set(id, primed);
  }
  await write();
  for (const id of accounts) {
    const now = await fresh(id);
    expect(now).not.toBe(before.get(id)!.text); // the write changed this register
    const after = await get(id);
    expect(after.status).toBe(200);
    expect(after.hit).toBe(false);
    expect(after.etag).not.toBe(before.get(id)!.etag);
    expect(after.text).toBe(now);
  }
}

/** Primes the cache, runs `write`, and checks the cached body (same ETag) is still served. */
async function expectKept(accountId: number, write: () => Promise<unknown>): Promise<void> {
  await get(accountId);
  const primed = await get(accountId);
  await write();
  const after = await get(accountId);
  expect(after.hit).toBe(true);
  expect(after.etag).toBe(primed.etag);
  expect(after.text).toBe(await fresh(accountId));
}

describe('every write that changes a register invalidates its cached copy', () => {
  let checking: number;
  let savings: number;
  let cash: number;
  let food: number;
  let fruit: number;
  let rowId: number;
  let legId: number;

  beforeAll(async () => {
    checking = await openAccount(call, 'Checking', 100);
    savings = await openAccount(call, 'Savings', 50);
    cash = await openAccount(call, 'Cash', 0);
    food = expectStatus(await call('POST', '/api/categories/', { name: 'Food' }), 201).id;
    fruit = expectStatus(await call('POST', '/api/categories/', { name: 'Fruit', parent_id: food }), 201).id;
    rowId = (
      await addTransaction(call, checking, { date: '2025-01-10', payee: 'Market', amount: -20, category_id: fruit })
    ).id;
    await addTransaction(call, savings, { date: '2025-01-11', payee: 'Grocer', amount: -5, category_id: fruit });
    legId = (await addTransaction(call, checking, { date: '2025-01-12', payee: 'Savings', amount: -30 })).id;
  });

  it('create (entry line)', async () => {
    await expectInvalidated([checking], async () =>
      addTransaction(call, checking, { date: '2025-01-13', payee: 'Bakery', amount: -4 }),
    );
    expect(rowsOf(await get(checking)).map((r) => r.payee)).toContain('Bakery');
  });

  it('a transfer from the entry line and from POST /api/accounts/transfer (both accounts)', async () => {
    await expectInvalidated([checking, cash], async () =>
      addTransaction(call, cash, { date: '2025-01-14', payee: 'checking', amount: 25 }),
    );
    await expectInvalidated([checking, savings], async () =>
      expectStatus(
        await call('POST', '/api/accounts/transfer', {
          from_account_id: savings,
          to_account_id: checking,
          amount: 7,
          date: '2025-01-15',
        }),
        201,
      ),
    );
  });

  it('edit, and an edit of a transfer leg (mirrored into the other account)', async () => {
    await expectInvalidated([checking], async () =>
      expectStatus(await call('PUT', `/api/transactions/${rowId}`, { amount: -21.5, notes: 'edited' })),
    );
    await expectInvalidated([checking, savings], async () =>
      expectStatus(await call('PUT', `/api/transactions/${legId}`, { amount: -31 })),
    );
    expect(rowsOf(await get(savings)).find((r) => r.transfer_transaction_id === legId).amount).toBe(31);
  });

  it('status', async () => {
    await expectInvalidated([checking], async () =>
      expectStatus(await call('PATCH', `/api/transactions/${rowId}/status`, { status: 'x' })),
    );
  });

  it('delete and restore (both legs)', async () => {
    await expectInvalidated([checking, savings], async () =>
      expectStatus(await call('PATCH', `/api/transactions/${legId}/delete`)),
    );
    expect(rowsOf(await get(savings)).some((r) => r.transfer_transaction_id === legId)).toBe(false);
    await expectInvalidated([checking, savings], async () =>
      expectStatus(await call('PATCH', `/api/transactions/${legId}/restore`)),
    );
  });

  it('move (both accounts; a moved leg changes the payee of its other leg)', async () => {
    await expectInvalidated([checking, cash], async () =>
      expectStatus(await call('PATCH', `/api/transactions/${rowId}/move`, { destination_account_id: cash })),
    );
    expect(rowsOf(await get(cash)).some((r) => r.id === rowId)).toBe(true);
    await expectInvalidated([checking, cash, savings], async () =>
      expectStatus(await call('PATCH', `/api/transactions/${legId}/move`, { destination_account_id: cash })),
    );
    expect(rowsOf(await get(savings)).find((r) => r.transfer_transaction_id === legId).payee).toBe('Cash');
    // Back where they were, for the tests below.
    expectStatus(await call('PATCH', `/api/transactions/${legId}/move`, { destination_account_id: checking }));
    expectStatus(await call('PATCH', `/api/transactions/${rowId}/move`, { destination_account_id: checking }));
  });

  it('bulk categorize', async () => {
    await expectInvalidated([checking], async () =>
      expectStatus(
        await call('PATCH', '/api/transactions/bulk_categorize', { transaction_ids: [rowId], category_id: food }),
      ),
    );
    expect(rowsOf(await get(checking)).find((r) => r.id === rowId).category_name).toBe('Food');
  });

  it('category rename and re-parent (every account of the household shows the path)', async () => {
    await expectInvalidated([checking, savings], async () =>
      expectStatus(await call('PUT', `/api/categories/${food}`, { name: 'Groceries' })),
    );
    expect(rowsOf(await get(savings)).find((r) => r.payee === 'Grocer').category_name).toBe('Groceries: Fruit');
    await expectInvalidated([savings], async () =>
      expectStatus(await call('PUT', `/api/categories/${fruit}`, { parent_id: null })),
    );
    expect(rowsOf(await get(savings)).find((r) => r.payee === 'Grocer').category_name).toBe('Fruit');
  });

  it('category merge and delete', async () => {
    await expectInvalidated([savings], async () =>
      expectStatus(await call('POST', '/api/categories/merge', { source_id: fruit, destination_id: food })),
    );
    expect(rowsOf(await get(savings)).find((r) => r.payee === 'Grocer').category_name).toBe('Groceries');
    await expectInvalidated([checking, savings], async () =>
      expectStatus(await call('DELETE', `/api/categories/${food}`)),
    );
    expect(rowsOf(await get(savings)).find((r) => r.payee === 'Grocer').category_name).toBeNull();
  });

  it('account rename (its own rows and the legs naming it elsewhere)', async () => {
    await expectInvalidated([checking, savings, cash], async () =>
      expectStatus(await call('PUT', `/api/accounts/${checking}`, { name: 'Everyday' })),
    );
    expect(rowsOf(await get(checking))[0].account_name).toBe('Everyday');
    expect(rowsOf(await get(savings)).find((r) => r.transfer_transaction_id === legId).payee).toBe('Everyday');
  });

  it('internal bulk create, clear and budgeted rows (created, updated, removed)', async () => {
    let ids: number[] = [];
    await expectInvalidated([cash], async () => {
      ids = expectStatus(
        await internal('POST', '/internal/transactions/bulk', {
          household_id: 1,
          account_id: cash,
          idempotency_key: 'regcache-1',
          transactions: [{ date: '2025-02-01', payee: 'Imported', amount_cents: -100 }],
        }),
      ).transaction_ids;
    });
    await expectInvalidated([cash], async () =>
      expectStatus(await internal('POST', '/internal/transactions/clear', { household_id: 1, transaction_ids: ids })),
    );
    const budgeted = {
      household_id: 1,
      account_id: cash,
      schedule_id: 5,
      month: '2025-03',
      date: '2025-03-05',
      payee: 'Rent',
      amount_cents: -50000,
    };
    await expectInvalidated([cash], async () =>
      expect(expectStatus(await internal('PUT', '/internal/budgeted-rows', budgeted)).state).toBe('created'),
    );
    await expectInvalidated([cash], async () =>
      expect(
        expectStatus(await internal('PUT', '/internal/budgeted-rows', { ...budgeted, amount_cents: -55000 })).state,
      ).toBe('updated'),
    );
    await expectInvalidated([cash], async () =>
      expect(
        expectStatus(await internal('DELETE', '/internal/budgeted-rows', { household_id: 1, schedule_id: 5 })).deleted,
      ).toBe(1),
    );
  });

  it('account delete: the other legs of its transfers become ordinary rows elsewhere; the account itself is 404', async () => {
    await get(checking);
    await expectInvalidated([savings, cash], async () =>
      expectStatus(await call('DELETE', `/api/accounts/${checking}`)),
    );
    expect(
      rowsOf(await get(savings)).find((r) => r.transfer_transaction_id === null && r.payee === 'Everyday'),
    ).toBeDefined();
    expect((await get(checking)).status).toBe(404);
  });

  it('writes that change no register keep the cached body: reorder, new category, a refused or no-op write', async () => {
    await expectKept(savings, async () =>
      expectStatus(await call('POST', '/api/accounts/reorder', { account_ids: [cash, savings] })),
    );
    await expectKept(savings, async () =>
      expectStatus(await call('POST', '/api/categories/', { name: 'Unused' }), 201),
    );
    await expectKept(savings, async () =>
      expectStatus(
        await call('POST', `/api/accounts/${savings}/transactions`, { date: '2025-02-30', payee: 'x', amount: 1 }),
        400,
      ),
    );
    const row = rowsOf(await get(savings))[0];
    await expectKept(savings, async () =>
      expectStatus(
        await call('PUT', `/api/transactions/${row.id}`, { amount: -99, updated_at: '2001-01-01T00:00:00.000000Z' }),
        409,
      ),
    );
    await expectKept(savings, async () =>
      expectStatus(await call('PUT', `/api/transactions/${row.id}`, { amount: row.amount })),
    );
    await expectKept(savings, async () =>
      expectStatus(await call('PUT', `/api/accounts/${savings}`, { name: 'Savings' })),
    );
  });
});

describe('households', () => {
  it('another household never gets a cached body: 404 with or without the ETag', async () => {
    const mine = await openAccount(call, 'Private', 10);
    await addTransaction(call, mine, { payee: 'Secret', amount: -1 });
    await get(mine);
    const cached = await get(mine);
    expect(cached.hit).toBe(true);
    const variants: Array<Record<string, string>> = [
      {},
      { 'if-none-match': cached.etag },
      { 'accept-encoding': 'gzip' },
    ];
    for (const headers of variants) {
      const theirs = await get(mine, headers, 2);
      expect(theirs.status).toBe(404);
      expect(JSON.parse(theirs.text)).toEqual({ message: 'Account not found.' });
      expect(theirs.headers.etag).toBeUndefined();
      expect(theirs.text).not.toContain('Secret');
    }
    // Their own account of the same shape is theirs alone.
    const other = ledger.client(2);
    const theirs = await openAccount(other, 'Private', 10);
    expect(rowsOf(await get(theirs, {}, 2))).toEqual([]);
  });
});

describe('ETag and If-None-Match', () => {
  let account: number;
  beforeAll(async () => {
    account = await openAccount(call, 'Tagged', 0);
    await addTransaction(call, account, { payee: 'One', amount: -1 });
  });

  it('sends "<account id>-<version>", private, no-cache; a matching If-None-Match is 304 without a body', async () => {
    const first = await get(account);
    expect(first.etag).toMatch(new RegExp(`^"${account}-\\d+"$`));
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(first.headers['content-length'])).toBe(first.raw.length);
    for (const match of [first.etag, `W/${first.etag}`, `"0-0", ${first.etag}`, '*']) {
      const again = await get(account, { 'if-none-match': match });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.etag).toBe(first.etag);
    }
    expect((await get(account, { 'if-none-match': `"${account}-1"` })).status).toBe(200);
  });

  it('after a write the old ETag gets the new register (200, new ETag); unchanged it stays 304', async () => {
    const before = await get(account);
    await addTransaction(call, account, { payee: 'Two', amount: -2 });
    const after = await get(account, { 'if-none-match': before.etag });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(rowsOf(after).map((r) => r.payee)).toEqual(['One', 'Two']);
    expect((await get(account, { 'if-none-match': after.etag })).status).toBe(304);
  });

  it('the 304 check is scoped by household too: a deleted account is 404', async () => {
    const gone = await openAccount(call, 'Gone', 0);
    const tagged = await get(gone);
    expectStatus(await call('DELETE', `/api/accounts/${gone}`));
    expect((await get(gone, { 'if-none-match': tagged.etag })).status).toBe(404);
  });
});

describe('compression', () => {
  let big: number;
  let small: number;
  beforeAll(async () => {
    big = await openAccount(call, 'Big', 0);
    const transactions = Array.from({ length: 300 }, (_, i) => ({
      date: '2025-04-01',
      payee: `Payee ${i}`,
      amount_cents: -(100 + i),
    }));
    expectStatus(
      await internal('POST', '/internal/transactions/bulk', {
        household_id: 1,
        account_id: big,
        idempotency_key: 'regcache-big',
        transactions,
      }),
    );
    small = await openAccount(call, 'Small', 0);
    await addTransaction(call, small, { payee: 'Tiny', amount: -1 });
  });

  it('gzip when accepted: compressed once per version, the same JSON, content-length of the compressed body', async () => {
    const plain = await get(big);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const compressions = ledger.app.registerCache.stats.compressions;
    const zipped = await get(big, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.etag).toBe(plain.etag);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.raw.length);
    expect(zipped.raw.length).toBeLessThan(plain.raw.length / 4);
    expect(gunzipSync(zipped.raw).equals(plain.raw)).toBe(true);
    await get(big, { 'accept-encoding': 'gzip' });
    expect(ledger.app.registerCache.stats.compressions).toBe(compressions + 1);
  });

  it('identity when gzip is refused or not offered, and for bodies under 1 KiB', async () => {
    for (const encoding of ['identity', 'gzip;q=0', 'br']) {
      const res = await get(big, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.text)).toHaveLength(300);
    }
    const tiny = await get(small, { 'accept-encoding': 'gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(rowsOf(tiny)).toHaveLength(1);
  });

  async function page(accountId: number, query: string, encoding?: string) {
    return ledger.app.inject({
      method: 'GET',
      url: `/api/accounts/${accountId}/transactions?${query}`,
      headers: { authorization: `Bearer ${tokens[1]}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });
  }

  it('pages too, held or read by SQL: gzip when accepted (the same JSON), identity when not or under 1 KiB', async () => {
    const unheld = await openAccount(call, 'Paged by SQL', 0);
    const transactions = Array.from({ length: 300 }, (_, i) => ({
      date: '2025-04-02',
      payee: `Payee ${i}`,
      amount_cents: -(100 + i),
    }));
    expectStatus(
      await internal('POST', '/internal/transactions/bulk', {
        household_id: 1,
        account_id: unheld,
        idempotency_key: 'regcache-paged-gzip',
        transactions,
      }),
    );
    await get(big); // held from here on
    expect(ledger.app.registerCache.holds(1, big)).toBe(true);
    expect(ledger.app.registerCache.holds(1, unheld)).toBe(false);
    for (const accountId of [big, unheld]) {
      const plain = await page(accountId, 'limit=200');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.json().rows).toHaveLength(200);
      const zipped = await page(accountId, 'limit=200', 'gzip, deflate, br');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
      expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
      const older = await page(accountId, `limit=50&before=${plain.json().prev_cursor}`, 'gzip');
      expect(JSON.parse(gunzipSync(older.rawPayload).toString('utf8')).rows).toHaveLength(50);
      for (const encoding of ['identity', 'gzip;q=0', 'br'])
        expect((await page(accountId, 'limit=200', encoding)).headers['content-encoding']).toBeUndefined();
    }
    expect((await page(small, 'limit=5', 'gzip')).headers['content-encoding']).toBeUndefined();
  });
});

describe('a cached register follows row-level writes without reading every row again', () => {
  /** Every page walk of the cached model equals PostgreSQL's page for the same cursor. */
  async function expectPagesAsSql(accountId: number): Promise<void> {
    const head = { id: accountId, starting_balance: 0 };
    head.starting_balance = (
      await ledger.app.db.query<{ s: number }>('SELECT starting_balance AS s FROM accounts WHERE id = $1', [accountId])
    ).rows[0].s;
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=7&before=${cursor}` : '?limit=7';
      const res: { status: number; body: Json } = await call('GET', `/api/accounts/${accountId}/transactions${query}`);
      const position = cursor ? decodeCursor(cursor)! : undefined;
      const sql = await registerPage(ledger.app.db, 1, head, { limit: 7, before: position });
      expect(res.body).toEqual(JSON.parse(JSON.stringify(sql)));
      cursor = res.body.prev_cursor;
    } while (cursor);
    const after = await call(
      'GET',
      `/api/accounts/${accountId}/transactions?limit=5&after=${(await call('GET', `/api/accounts/${accountId}/transactions?limit=1`)).body.prev_cursor ?? 'MA'}`,
    );
    expect(after.status).toBe(after.body.message ? 400 : 200);
  }

  it('creates, edits, status changes, deletes, restores, moves and transfers: updated from the changed rows, equal to a full build, gzip included', async () => {
    const next = seededRandom(2026);
    const home = await openAccount(call, 'Home', 1234.56);
    const away = await openAccount(call, 'Away', -10);
    const ids: number[] = [];
    const seed = Array.from({ length: 1500 }, (_, i) => ({
      date: `2025-05-${String(1 + (i % 28)).padStart(2, '0')}`,
      payee: `Seed ${i}`,
      amount_cents: -((i * 37) % 5000),
      status: i % 3 === 0 ? 'x' : '',
    }));
    ids.push(
      ...expectStatus(
        await internal('POST', '/internal/transactions/bulk', {
          household_id: 1,
          account_id: home,
          idempotency_key: 'regcache-rows',
          transactions: seed,
        }),
      ).transaction_ids,
    );
    for (const id of [home, away]) await get(id);
    const stats = ledger.app.registerCache.stats;
    const reusedBefore = stats.reusedBlocks;
    const writes: Array<() => Promise<unknown>> = [
      async () =>
        ids.push(
          (
            await addTransaction(call, home, {
              date: `2025-05-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`,
              payee: 'New',
              amount: -Math.round(next() * 10000) / 100,
            })
          ).id,
        ),
      async () =>
        expectStatus(
          await call('PUT', `/api/transactions/${ids[Math.floor(next() * ids.length)]}`, {
            amount: Math.round((next() - 0.5) * 20000) / 100,
            date: `2025-04-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`,
          }),
        ),
      async () =>
        expectStatus(
          await call('PATCH', `/api/transactions/${ids[Math.floor(next() * ids.length)]}/status`, {
            status: ['', 'p', 'x'][Math.floor(next() * 3)],
          }),
        ),
      async () => {
        const id = ids[Math.floor(next() * ids.length)];
        expectStatus(await call('PATCH', `/api/transactions/${id}/delete`));
        if (next() < 0.5) expectStatus(await call('PATCH', `/api/transactions/${id}/restore`));
        else ids.splice(ids.indexOf(id), 1);
      },
      async () => {
        const id = ids[Math.floor(next() * ids.length)];
        const res = await call('PATCH', `/api/transactions/${id}/move`, {
          destination_account_id: next() < 0.5 ? away : home,
        });
        expect([200, 400]).toContain(res.status);
      },
      async () =>
        ids.push(
          (
            await addTransaction(call, home, {
              date: '2025-05-10',
              payee: 'Away',
              amount: -Math.round(next() * 5000) / 100,
            })
          ).id,
        ),
    ];
    const etags = new Map<number, string>();
    for (const id of [home, away]) etags.set(id, (await get(id)).etag);
    let changed = 0;
    for (let round = 0; round < 40; round++) {
      const updates = stats.updates;
      const builds = stats.builds;
      await writes[Math.floor(next() * writes.length)]();
      let registersChanged = 0;
      for (const id of [home, away]) {
        const served = await get(id);
        expect(served.status).toBe(200);
        expect(served.text).toBe(await fresh(id));
        if (served.etag !== etags.get(id)) registersChanged++;
        // gzip of a large register reuses the compressed blocks of unchanged leading bytes.
        const zipped = await get(id, { 'accept-encoding': 'gzip' });
        const gzipped = zipped.headers['content-encoding'] === 'gzip';
        expect(gzipped || served.raw.length < 1024).toBe(true);
        expect((gzipped ? gunzipSync(zipped.raw) : zipped.raw).toString('utf8')).toBe(served.text);
        etags.set(id, served.etag);
      }
      // Row-level writes never rebuild from every row: each changed register was updated.
      expect(stats.builds).toBe(builds);
      expect(stats.updates - updates).toBe(registersChanged);
      changed += registersChanged;
      if (round % 10 === 9) for (const id of [home, away]) await expectPagesAsSql(id);
    }
    expect(changed).toBeGreaterThan(30);
    expect(stats.reusedBlocks).toBeGreaterThan(reusedBefore);
  });

  it('a rename rebuilds from every row; a register whose change history is gone is rebuilt whole too', async () => {
    const account = await openAccount(call, 'Renamed', 0);
    await addTransaction(call, account, { payee: 'Row', amount: -1 });
    await get(account);
    const stats = ledger.app.registerCache.stats;
    let builds = stats.builds;
    expectStatus(await call('PUT', `/api/accounts/${account}`, { name: 'Renamed Again' }));
    expect(rowsOf(await get(account))[0].account_name).toBe('Renamed Again');
    expect(stats.builds).toBe(builds + 1);
    builds = stats.builds;
    await addTransaction(call, account, { payee: 'Later', amount: -2 });
    await ledger.app.db.query('DELETE FROM register_changes WHERE account_id = $1', [account]);
    const after = await get(account);
    expect(rowsOf(after).map((r) => r.payee)).toEqual(['Row', 'Later']);
    expect(after.text).toBe(await fresh(account));
    expect(stats.builds).toBe(builds + 1);
  });

  it('a category rename or re-parent updates the registers showing it from their changed rows, keeps the others; a new category rebuilds nothing', async () => {
    const parent = expectStatus(await call('POST', '/api/categories/', { name: 'Home' }), 201).id;
    const child = expectStatus(await call('POST', '/api/categories/', { name: 'Garden', parent_id: parent }), 201).id;
    const other = expectStatus(await call('POST', '/api/categories/', { name: 'Travel' }), 201).id;
    const shows = await openAccount(call, 'Shows it', 0);
    const not = await openAccount(call, 'Does not', 0);
    for (let i = 0; i < 5; i++)
      await addTransaction(call, shows, { payee: `Plant ${i}`, amount: -1 - i, category_id: i % 2 ? child : other });
    await addTransaction(call, not, { payee: 'Train', amount: -9, category_id: other });
    await get(shows);
    const stats = ledger.app.registerCache.stats;

    // The parent's new name is in its sub-category's path: only the rows of `shows` in Garden change.
    await expectKept(not, async () => expectStatus(await call('PUT', `/api/categories/${parent}`, { name: 'House' })));
    let { builds, updates } = stats;
    let served = await get(shows);
    expect(served.text).toBe(await fresh(shows));
    expect(
      rowsOf(served)
        .filter((r) => r.category_id === child)
        .map((r) => r.category_name),
    ).toEqual(['House: Garden', 'House: Garden']);
    expect([stats.builds - builds, stats.updates - updates]).toEqual([0, 1]);

    await expectKept(not, async () => expectStatus(await call('PUT', `/api/categories/${child}`, { parent_id: null })));
    ({ builds, updates } = stats);
    served = await get(shows);
    expect(served.text).toBe(await fresh(shows));
    expect(rowsOf(served).find((r) => r.category_id === child).category_name).toBe('Garden');
    expect([stats.builds - builds, stats.updates - updates]).toEqual([0, 1]);

    // A category no row uses: renaming it touches no register; a row entered with a new one is an update.
    const unused = expectStatus(await call('POST', '/api/categories/', { name: 'Someday' }), 201).id;
    await expectKept(shows, async () =>
      expectStatus(await call('PUT', `/api/categories/${unused}`, { name: 'Later' })),
    );
    ({ builds, updates } = stats);
    await addTransaction(call, shows, { payee: 'Seeds', amount: -3, category_id: unused });
    served = await get(shows);
    expect(served.text).toBe(await fresh(shows));
    expect(rowsOf(served).find((r) => r.payee === 'Seeds').category_name).toBe('Later');
    expect([stats.builds - builds, stats.updates - updates]).toEqual([0, 1]);
  });

  it('pages come from PostgreSQL until the register is held, then from it, equal either way', async () => {
    const account = await openAccount(call, 'Paged', 5);
    const transactions = Array.from({ length: 40 }, (_, i) => ({
      date: '2025-06-01',
      payee: `P${i}`,
      amount_cents: i % 2 ? 125 : -300,
      status: i % 4 === 0 ? 'p' : '',
    }));
    expectStatus(
      await internal('POST', '/internal/transactions/bulk', {
        household_id: 1,
        account_id: account,
        idempotency_key: 'regcache-paged',
        transactions,
      }),
    );
    const fromSql = (await call('GET', `/api/accounts/${account}/transactions?limit=15`)).body;
    expect(ledger.app.registerCache.holds(1, account)).toBe(false);
    await get(account);
    expect(ledger.app.registerCache.holds(1, account)).toBe(true);
    expect((await call('GET', `/api/accounts/${account}/transactions?limit=15`)).body).toEqual(fromSql);
    await expectPagesAsSql(account);
  });
});

describe('cache mechanics', () => {
  /** Waits until `done()` holds (background work), failing after a generous bound. */
  async function until(done: () => boolean): Promise<void> {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(done()).toBe(true);
  }

  it('a page of a large register that is not held loads it in the background; one too big for the budget is not loaded again and again', async () => {
    const account = await openAccount(call, 'Large', 0);
    const transactions = Array.from({ length: 2000 }, (_, i) => ({
      date: '2025-07-01',
      payee: `Row ${i}`,
      amount_cents: -100,
    }));
    expectStatus(
      await internal('POST', '/internal/transactions/bulk', {
        household_id: 1,
        account_id: account,
        idempotency_key: 'regcache-warm',
        transactions,
      }),
    );
    const cache = ledger.app.registerCache;
    expect(cache.holds(1, account)).toBe(false);
    expect((await call('GET', `/api/accounts/${account}/transactions?limit=50`)).body.total).toBe(2000);
    await until(() => cache.holds(1, account));

    const tight = await startLedger('regcachetight', { registerCacheBytes: 300_000 });
    try {
      const c = client(tight.app, 1);
      const big = await openAccount(c, 'Big', 0);
      const res = await internalClient(tight.app)('POST', '/internal/transactions/bulk', {
        household_id: 1,
        account_id: big,
        idempotency_key: 'tight',
        transactions,
      });
      expect(res.status).toBe(200);
      const stats = tight.app.registerCache.stats;
      expect((await c('GET', `/api/accounts/${big}/transactions?limit=50`)).status).toBe(200);
      await until(() => stats.builds === 1);
      for (let i = 0; i < 3; i++)
        expect((await c('GET', `/api/accounts/${big}/transactions?limit=50`)).body.rows).toHaveLength(50);
      await new Promise((r) => setTimeout(r, 100));
      expect(stats.builds).toBe(1);
      expect(tight.app.registerCache.holds(1, big)).toBe(false);
    } finally {
      await tight.close();
    }
  });

  it('a page miss does not load a register into a cache full of registers in use; once the least recently used one is idle, it does', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => ({ date: '2025-07-01', payee: `Row ${i}`, amount_cents: -100 }));
    const [a, b, c] = [
      await openAccount(call, 'Held A', 0),
      await openAccount(call, 'Held B', 0),
      await openAccount(call, 'Waiting C', 0),
    ];
    for (const id of [a, b, c])
      expectStatus(
        await internal('POST', '/internal/transactions/bulk', {
          household_id: 1,
          account_id: id,
          idempotency_key: `regcache-full-${id}`,
          transactions: rows,
        }),
      );
    const probe = new RegisterCache(ledger.app.db);
    await probe.get(1, a, '0');
    let now = 1_000_000;
    // Room for two of these registers and a little more: holding A and B, the cache is over WARM_FULL_SHARE.
    const cache = new RegisterCache(ledger.app.db, Math.floor(probe.bytes * 2.05), undefined, () => now);
    await cache.get(1, a, '0');
    await cache.get(1, b, '0');
    expect(cache.entries).toBe(2);
    expect(cache.bytes).toBeGreaterThanOrEqual(cache.budgetBytes * WARM_FULL_SHARE);
    const fail = (err: unknown) => {
      throw err;
    };
    now += WARM_EVICTS_IDLE_MS - 1;
    cache.warm(1, c, '0', fail);
    expect(cache.stats).toMatchObject({ builds: 2, warmsDeclined: 1 });
    expect(cache.holds(1, c)).toBe(false);
    now += 1;
    cache.warm(1, c, '0', fail);
    await until(() => cache.stats.builds === 3);
    expect(cache.holds(1, c)).toBe(true);
    expect(cache.holds(1, a)).toBe(false); // the least recently used one made room
    expect(cache.holds(1, b)).toBe(true);
    expect(cache.stats.warmsDeclined).toBe(1);
  });

  it('concurrent misses for one version share one build', async () => {
    const account = await openAccount(call, 'Busy', 0);
    await addTransaction(call, account, { payee: 'Row', amount: -1 });
    const builds = ledger.app.registerCache.stats.builds;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(account)));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(ledger.app.registerCache.stats.builds).toBe(builds + 1);
  });

  it('stays within its byte budget (least recently used out) and still answers correctly with no budget', async () => {
    const small = await startLedger('regcachesmall', { registerCacheBytes: 2500 });
    try {
      const c = client(small.app, 1);
      const a = await openAccount(c, 'A', 0);
      const b = await openAccount(c, 'B', 0);
      for (const id of [a, b]) for (let i = 0; i < 3; i++) await addTransaction(c, id, { payee: `P${i}`, amount: -1 });
      const cache = small.app.registerCache;
      const builds = cache.stats.builds;
      await c('GET', `/api/accounts/${a}/transactions`);
      await c('GET', `/api/accounts/${b}/transactions`); // ~1.4 KB each with overhead: A is pushed out
      expect(cache.bytes).toBeLessThanOrEqual(2500);
      expect((await c('GET', `/api/accounts/${a}/transactions`)).body).toHaveLength(3);
      expect(cache.stats.builds).toBe(builds + 3);
    } finally {
      await small.close();
    }
    const none = await startLedger('regcachenone', { registerCacheBytes: 0 });
    try {
      const c = client(none.app, 1);
      const a = await openAccount(c, 'A', 0);
      await addTransaction(c, a, { payee: 'P', amount: -1 });
      expect((await c('GET', `/api/accounts/${a}/transactions`)).body).toHaveLength(1);
      await addTransaction(c, a, { payee: 'Q', amount: -1 });
      expect((await c('GET', `/api/accounts/${a}/transactions`)).body).toHaveLength(2);
      expect(none.app.registerCache.bytes).toBe(0);
    } finally {
      await none.close();
    }
  });
});
