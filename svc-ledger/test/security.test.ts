import { generateKeyPairSync } from 'node:crypto';
import { signAccessToken } from '@hf/service-kit';
import { testToken } from '@hf/service-kit/testing';
import { addTransaction, ledgerForFile, openAccount, snapshot, type Json } from './helpers';

/**
 * No household sees or changes another's data: every id a request carries (path, query, body)
 * is checked against the caller's household; a foreign id answers 404 and changes nothing.
 */
const ledger = ledgerForFile('security');
const victim = ledger.client(1);
const attacker = ledger.client(2);
const v = { account: 0, account2: 0, category: 0, child: 0, transaction: 0, leg: 0, deleted: 0 };
const a = { account: 0, account2: 0, category: 0, transaction: 0 };

beforeAll(async () => {
  v.account = await openAccount(victim, 'Victim Checking', 500);
  v.account2 = await openAccount(victim, 'Victim Savings', 0);
  v.category = (await victim('POST', '/api/categories/', { name: 'Victim Food' })).body.id;
  v.child = (await victim('POST', '/api/categories/', { name: 'Victim Child', parent_id: v.category })).body.id;
  v.transaction = (await addTransaction(victim, v.account, { payee: 'Victim payee', category_id: v.category })).id;
  v.leg = (await addTransaction(victim, v.account, { payee: 'Victim Savings', amount: -1 })).id;
  v.deleted = (await addTransaction(victim, v.account, { payee: 'Victim deleted' })).id;
  await victim('PATCH', `/api/transactions/${v.deleted}/delete`);
  a.account = await openAccount(attacker, 'Attacker', 0);
  a.account2 = await openAccount(attacker, 'Attacker 2', 0);
  a.category = (await attacker('POST', '/api/categories/', { name: 'Attacker Cat' })).body.id;
  a.transaction = (await addTransaction(attacker, a.account, { payee: 'Attacker payee' })).id;
});

describe('cross-household access: every route, every id field', () => {
  const cases: Array<[string, () => [string, string, unknown?]]> = [
    ['GET account', () => ['GET', `/api/accounts/${v.account}`]],
    ['PUT account', () => ['PUT', `/api/accounts/${v.account}`, { name: 'Pwned' }]],
    ['DELETE account', () => ['DELETE', `/api/accounts/${v.account}`]],
    [
      'reorder with account_ids of another household',
      () => ['POST', '/api/accounts/reorder', { account_ids: [a.account, a.account2, v.account] }],
    ],
    [
      'reorder with only foreign account_ids',
      () => ['POST', '/api/accounts/reorder', { account_ids: [v.account2, v.account] }],
    ],
    [
      'transfer to_account_id',
      () => [
        'POST',
        '/api/accounts/transfer',
        { from_account_id: a.account, to_account_id: v.account, amount: 1, date: '2025-01-01' },
      ],
    ],
    [
      'transfer from_account_id',
      () => [
        'POST',
        '/api/accounts/transfer',
        { from_account_id: v.account, to_account_id: a.account, amount: 1, date: '2025-01-01' },
      ],
    ],
    ['register', () => ['GET', `/api/accounts/${v.account}/transactions`]],
    ['register page', () => ['GET', `/api/accounts/${v.account}/transactions?limit=10`]],
    [
      'entry line into a foreign account',
      () => ['POST', `/api/accounts/${v.account}/transactions`, { date: '2025-01-01', payee: 'X', amount: 1 }],
    ],
    [
      'entry line destination_account_id',
      () => [
        'POST',
        `/api/accounts/${a.account}/transactions`,
        { date: '2025-01-01', payee: 'X', amount: -1, isTransfer: true, destination_account_id: v.account },
      ],
    ],
    [
      'entry line category_id',
      () => [
        'POST',
        `/api/accounts/${a.account}/transactions`,
        { date: '2025-01-01', payee: 'X', amount: 1, category_id: v.category },
      ],
    ],
    ['PUT transaction', () => ['PUT', `/api/transactions/${v.transaction}`, { amount: 1 }]],
    ['PUT transfer leg', () => ['PUT', `/api/transactions/${v.leg}`, { amount: 1 }]],
    [
      'PUT own transaction with a foreign category_id',
      () => ['PUT', `/api/transactions/${a.transaction}`, { category_id: v.child }],
    ],
    ['delete', () => ['PATCH', `/api/transactions/${v.transaction}/delete`]],
    ['restore', () => ['PATCH', `/api/transactions/${v.deleted}/restore`]],
    ['status', () => ['PATCH', `/api/transactions/${v.transaction}/status`, { status: 'x' }]],
    [
      'move a foreign row',
      () => ['PATCH', `/api/transactions/${v.transaction}/move`, { destination_account_id: a.account }],
    ],
    [
      'move into a foreign destination_account_id',
      () => ['PATCH', `/api/transactions/${a.transaction}/move`, { destination_account_id: v.account }],
    ],
    ['history', () => ['GET', `/api/transactions/${v.transaction}/history`]],
    [
      'search account_id',
      () => [
        'POST',
        '/api/transactions/search',
        { account_id: v.account, search_terms: ['Victim'], uncategorized_only: false },
      ],
    ],
    [
      'bulk_categorize transaction_ids',
      () => [
        'PATCH',
        '/api/transactions/bulk_categorize',
        { transaction_ids: [a.transaction, v.transaction], category_id: a.category },
      ],
    ],
    [
      'bulk_categorize category_id',
      () => [
        'PATCH',
        '/api/transactions/bulk_categorize',
        { transaction_ids: [a.transaction], category_id: v.category },
      ],
    ],
    ['POST category parent_id', () => ['POST', '/api/categories/', { name: 'Sneaky', parent_id: v.category }]],
    ['PUT category', () => ['PUT', `/api/categories/${v.category}`, { name: 'Pwned' }]],
    [
      'PUT own category under a foreign parent_id',
      () => ['PUT', `/api/categories/${a.category}`, { parent_id: v.category }],
    ],
    ['DELETE category', () => ['DELETE', `/api/categories/${v.child}`]],
    ['merge source_id', () => ['POST', '/api/categories/merge', { source_id: v.category, destination_id: a.category }]],
    [
      'merge destination_id',
      () => ['POST', '/api/categories/merge', { source_id: a.category, destination_id: v.category }],
    ],
  ];

  it.each(cases)('%s -> 404, nothing changes', async (_label, request) => {
    const [method, url, body] = request();
    const before = await snapshot(ledger.app);
    const res = await attacker(method as never, url, body);
    expect(res.status).toBe(404);
    expect(typeof res.body.message).toBe('string');
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it('lists show only the caller household', async () => {
    expect((await attacker('GET', '/api/accounts/')).body.map((x: Json) => x.name)).toEqual(['Attacker', 'Attacker 2']);
    expect((await attacker('GET', '/api/categories/')).body.map((x: Json) => x.name)).toEqual(['Attacker Cat']);
    expect((await attacker('GET', '/api/payees/')).body).toEqual(['Attacker payee']);
    // A payee naming another household's account stays an ordinary payee.
    const row = await addTransaction(attacker, a.account, { payee: 'Victim Savings' });
    expect(row.transfer_id).toBeNull();
  });
});

describe('tokens', () => {
  const url = '/api/accounts/';
  it('no token, a malformed one, a wrong key, an expired one, alg none: all 401', async () => {
    const wrongKey = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const forged = signAccessToken(
      wrongKey.privateKey,
      { userId: 1, householdId: 1, sessionId: 's', role: 'admin' },
      900,
    );
    const expired = testToken({ userId: 1, householdId: 1 }, -10);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const claims = Buffer.from(
      JSON.stringify({ sub: '1', hid: 1, sid: 's', role: 'admin', iss: 'hf-auth', aud: 'hf-app', exp: 9999999999 }),
    ).toString('base64url');
    for (const authorization of [
      undefined,
      'Bearer nonsense',
      `Bearer ${forged}`,
      `Bearer ${expired}`,
      `Bearer ${header}.${claims}.`,
    ]) {
      const res = await ledger.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('the household comes from the token only (a body or header naming another is ignored or refused)', async () => {
    const res = await ledger.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${testToken({ userId: 201, householdId: 2 })}`, 'x-household-id': '1' },
    });
    expect(res.json().map((x: Json) => x.name)).toEqual(['Attacker', 'Attacker 2']);
    expect((await attacker('POST', '/api/accounts/', { name: 'X', starting_balance: 0, household_id: 1 })).status).toBe(
      400,
    );
  });
});

describe('malformed requests', () => {
  it('truncated JSON, wrong types, NUL bytes, very long strings, huge arrays: 400 and nothing changes', async () => {
    const before = await snapshot(ledger.app);
    const raw = await ledger.app.inject({
      method: 'POST',
      url: '/api/accounts/',
      payload: '{"name": "x", "starting',
      headers: {
        authorization: `Bearer ${testToken({ userId: 201, householdId: 2 })}`,
        'content-type': 'application/json',
      },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().message).toBe('The request body is not valid JSON.');
    const proto = await ledger.app.inject({
      method: 'POST',
      url: '/api/accounts/',
      payload: '{"name":"x","starting_balance":0,"__proto__":{"admin":true}}',
      headers: {
        authorization: `Bearer ${testToken({ userId: 201, householdId: 2 })}`,
        'content-type': 'application/json',
      },
    });
    expect(proto.statusCode).toBe(400);
    expect((await attacker('POST', '/api/accounts/', { name: 'a\u0000b', starting_balance: 0 })).status).toBe(400);
    expect((await attacker('POST', '/api/accounts/', { name: 'x'.repeat(101), starting_balance: 0 })).status).toBe(400);
    expect(
      (
        await attacker('POST', `/api/accounts/${a.account}/transactions`, {
          date: '2025-01-01',
          payee: 'x'.repeat(201),
          amount: 1,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await attacker('POST', `/api/accounts/${a.account}/transactions`, {
          date: '2025-01-01',
          payee: 'x',
          amount: 1,
          notes: 'n'.repeat(1001),
        })
      ).status,
    ).toBe(400);
    expect(
      (await attacker('POST', '/api/transactions/search', { account_id: a.account, search_terms: ['x'.repeat(101)] }))
        .status,
    ).toBe(400);
    expect((await attacker('POST', '/api/accounts/', { name: ['x'], starting_balance: 0 })).status).toBe(400);
    expect((await attacker('GET', '/api/accounts/abc')).status).toBe(400);
    expect((await attacker('GET', '/api/accounts/99999999999')).status).toBe(400);
    const huge = await attacker('PATCH', '/api/transactions/bulk_categorize', {
      transaction_ids: Array.from({ length: 150_000 }, (_, i) => i + 1),
      category_id: a.category,
    });
    expect([400, 413]).toContain(huge.status);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});
