import type { FastifyInstance, InjectOptions } from 'fastify';
import { createInProcessBus, type Bus } from '@hf/messaging';
import { createTestDatabase, TEST_INTERNAL_TOKEN, testAppOptions, testToken } from '@hf/service-kit/testing';
import { startedForFile } from '@hf/test-kit/started-for-file';
import { buildApp, type AppOptions } from '../src/app';

// Two cores are shared by many runs: give database setup and teardown room.
jest.setTimeout(30_000);

export interface Ledger {
  app: FastifyInstance;
  bus: Bus;
  url: string;
  close(): Promise<void>;
}

/** svc-ledger on a fresh test database with the in-process bus. */
export async function startLedger(prefix = 'ledger', options: Partial<AppOptions> = {}): Promise<Ledger> {
  const db = await createTestDatabase(prefix);
  const bus = createInProcessBus();
  const app = await buildApp({ ...testAppOptions(db.url, bus), ...options });
  await app.ready();
  return {
    app,
    bus,
    url: db.url,
    close: async () => {
      const t0 = Date.now();
      await app.close();
      const t1 = Date.now();
      await bus.close();
      const t2 = Date.now();
      await db.drop();
      if (process.env.LEDGER_DEBUG) console.log('close', t1 - t0, t2 - t1, Date.now() - t2);
    },
  };
}

/** JSON answers are read loosely in route tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Reply<T = Json> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** A signed-in member of `householdId`: `call('POST', '/api/accounts/', {...})`. */
export function client(app: FastifyInstance, householdId: number, userId?: number) {
  return memberOf(() => app, householdId, userId);
}
export type Call = ReturnType<typeof client>;

/** A service-to-service caller with the internal token. */
export function internalClient(app: FastifyInstance) {
  return serviceOf(() => app);
}
export type InternalCall = ReturnType<typeof internalClient>;

/** The app is looked up at each call, so a caller can be made before the app starts. */
function memberOf(app: () => FastifyInstance, householdId: number, userId = householdId * 100 + 1, name?: string) {
  const token = testToken({ userId, householdId, name });
  return async function call<T = Json>(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
  ): Promise<Reply<T>> {
    const options: InjectOptions = { method, url, headers: { authorization: `Bearer ${token}` } };
    if (typeof body === 'string') {
      options.payload = body;
      options.headers = { ...options.headers, 'content-type': 'application/json' };
    } else if (body !== undefined) {
      options.payload = body as InjectOptions['payload'];
    }
    const res = await app().inject(options);
    return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T, headers: res.headers };
  };
}

function serviceOf(app: () => FastifyInstance) {
  return async function call<T = Json>(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
  ): Promise<Reply<T>> {
    const res = await app().inject({
      method,
      url,
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      payload: body as InjectOptions['payload'],
    });
    return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T, headers: res.headers };
  };
}

/** The ledger of one test file, started before its tests and closed after them. */
export interface FileLedger extends Ledger {
  /** A signed-in member of `householdId`, ready to use once the tests run. */
  client(householdId: number, userId?: number, name?: string): Call;
  /** A service-to-service caller, ready to use once the tests run. */
  internal(): InternalCall;
}

/** Call at the top of a test file: `const ledger = ledgerForFile('accounts'); const call = ledger.client(1);` */
export function ledgerForFile(prefix: string, options: Partial<AppOptions> = {}): FileLedger {
  const ledger: FileLedger = startedForFile(() => startLedger(prefix, options), {
    client: (householdId: number, userId?: number, name?: string) =>
      memberOf(() => ledger.app, householdId, userId, name),
    internal: () => serviceOf(() => ledger.app),
  });
  return ledger;
}

/** Creates an account and returns its id. */
export async function openAccount(call: Call, name: string, startingBalance = 0): Promise<number> {
  const res = await call('POST', '/api/accounts/', { name, starting_balance: startingBalance });
  if (res.status !== 201) throw new Error(`open account ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function addTransaction(call: Call, accountId: number, fields: Record<string, unknown>): Promise<Json> {
  const res = await call('POST', `/api/accounts/${accountId}/transactions`, {
    date: '2025-01-15',
    payee: 'Shop',
    amount: -10,
    status: '',
    notes: '',
    ...fields,
  });
  if (res.status !== 201) throw new Error(`add transaction: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function register(call: Call, accountId: number): Promise<Json[]> {
  const res = await call('GET', `/api/accounts/${accountId}/transactions`);
  if (res.status !== 200) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Outbox rows (type and data) after `sequence`. */
export async function outboxSince(
  app: FastifyInstance,
  sequence = 0,
): Promise<Array<{ sequence: number; type: string; subject: string; household_id: number; data: Json }>> {
  const result = await app.db.query(
    'SELECT sequence::int AS sequence, type, subject, household_id, data::json AS data FROM outbox WHERE sequence > $1 ORDER BY sequence',
    [sequence],
  );
  return result.rows;
}

export async function lastSequence(app: FastifyInstance): Promise<number> {
  const result = await app.db.query<{ s: number }>('SELECT coalesce(max(sequence), 0)::int AS s FROM outbox');
  return result.rows[0].s;
}

/** A fingerprint of every ledger table, to prove a refused request changed nothing. */
export async function snapshot(app: FastifyInstance): Promise<string> {
  const parts: unknown[] = [];
  for (const table of ['accounts', 'categories', 'transactions', 'transaction_changes', 'idempotency_keys', 'outbox']) {
    const cols = table === 'outbox' ? 'sequence, type, data' : '*';
    parts.push((await app.db.query(`SELECT ${cols} FROM ${table} ORDER BY 1`)).rows);
  }
  return JSON.stringify(parts);
}
