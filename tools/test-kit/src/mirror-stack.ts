import type { FastifyInstance, InjectOptions } from 'fastify';
import { EVENT_STREAM_SUBJECTS } from '@hf/contracts';
import { connectNatsBus, createInProcessBus, type Bus } from '@hf/messaging';
import type { BaseAppOptions } from '@hf/service-kit';
import { createTestDatabase, TEST_INTERNAL_TOKEN, testKeys, testToken } from '@hf/service-kit/testing';
import { buildApp as buildLedger } from '@hf/svc-ledger';
import { startPrivateNats, type PrivateNats } from '@hf/messaging/testing/private-nats';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export interface Reply<T = Json> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, unknown>;
}

export type BusKind = 'inprocess' | 'nats';

/**
 * svc-ledger and a service that mirrors it (svc-reports, svc-budget) as in production: each its
 * own app and database, the ledger listening on a port (the other calls its replay and internal
 * routes over HTTP), events over one bus: the in-process one, or a NATS server of the test's own
 * with one connection per service. Route tests of both services build their stack with this.
 */
export interface Stack {
  ledger: FastifyInstance;
  /** The mirroring service (svc-reports or svc-budget). */
  reports: FastifyInstance;
  reportsDbUrl: string;
  ledgerDbUrl: string;
  /** A signed-in member of the household calling the ledger. */
  ledgerAs(householdId: number): Call;
  /** The same member calling the mirroring service, with X-Min-Sequence of the last ledger write. */
  reportsAs(householdId: number): Call;
  /** svc-ledger's internal routes (service-to-service token), remembering the write's sequence. */
  internal: Call;
  /** Sequence of the ledger's last write (what a client would send as X-Min-Sequence). */
  lastSequence(): number;
  close(): Promise<void>;
}

export type Call = <T = Json>(
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Reply<T>>;

/** What the stack needs to build the mirroring service. */
export type MirrorAppBuilder = (options: BaseAppOptions & { ledgerUrl: string }) => Promise<FastifyInstance>;

export async function startMirrorStack(
  buildMirrorApp: MirrorAppBuilder,
  kind: BusKind = 'inprocess',
  prefix = 'mirror',
): Promise<Stack> {
  const ledgerDb = await createTestDatabase(`${prefix}l`);
  const reportsDb = await createTestDatabase(`${prefix}r`);
  let nats: PrivateNats | undefined;
  let ledgerBus: Bus;
  let reportsBus: Bus;
  if (kind === 'nats') {
    nats = await startPrivateNats();
    ledgerBus = await connectNatsBus({ servers: nats.url, name: 'test-ledger', subjects: EVENT_STREAM_SUBJECTS });
    reportsBus = await connectNatsBus({ servers: nats.url, name: 'test-reports', subjects: EVENT_STREAM_SUBJECTS });
  } else {
    ledgerBus = reportsBus = createInProcessBus();
  }
  const common = { jwtPublicKey: testKeys().publicKey, internalToken: TEST_INTERNAL_TOKEN };
  const ledger = await buildLedger({ ...common, databaseUrl: ledgerDb.url, bus: ledgerBus });
  await ledger.listen({ port: 0, host: '127.0.0.1' });
  const ledgerUrl = `http://127.0.0.1:${(ledger.server.address() as { port: number }).port}`;
  const reports = await buildMirrorApp({ ...common, databaseUrl: reportsDb.url, bus: reportsBus, ledgerUrl });
  await reports.ready();
  let sequence = 0;

  const caller = (app: FastifyInstance, householdId: number, readModel: boolean): Call => {
    const auth =
      householdId === 0
        ? { 'x-internal-token': TEST_INTERNAL_TOKEN }
        : { authorization: `Bearer ${testToken({ userId: householdId * 100 + 1, householdId })}` };
    return async (method, url, body, headers = {}) => {
      const options: InjectOptions = { method, url, headers: { ...auth, ...headers } };
      if (readModel && sequence > 0 && !('x-min-sequence' in headers))
        options.headers = { ...options.headers, 'x-min-sequence': String(sequence) };
      if (body !== undefined) options.payload = body as InjectOptions['payload'];
      const res = await app.inject(options);
      const written = Number(res.headers['x-event-sequence']);
      // Any answer may carry the ledger's sequence (svc-budget forwards the one of the rows it wrote).
      if (Number.isInteger(written) && written > sequence) sequence = written;
      let parsed: unknown;
      try {
        parsed = res.body ? res.json() : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.statusCode, body: parsed as never, text: res.body, headers: res.headers };
    };
  };

  return {
    ledger,
    reports,
    reportsDbUrl: reportsDb.url,
    ledgerDbUrl: ledgerDb.url,
    ledgerAs: (h) => caller(ledger, h, false),
    reportsAs: (h) => caller(reports, h, true),
    internal: caller(ledger, 0, false),
    lastSequence: () => sequence,
    close: async () => {
      await reports.close();
      await ledger.close();
      await reportsBus.close();
      if (ledgerBus !== reportsBus) await ledgerBus.close();
      await nats?.stop();
      await Promise.all([ledgerDb.drop(), reportsDb.drop()]);
    },
  };
}

export async function openAccount(call: Call, name: string, startingBalance = 0): Promise<number> {
  const res = await call('POST', '/api/accounts/', { name, starting_balance: startingBalance });
  if (res.status !== 201) throw new Error(`open account ${name}: ${res.status} ${res.text}`);
  return res.body.id;
}

export async function addCategory(call: Call, name: string, parentId?: number): Promise<number> {
  const res = await call('POST', '/api/categories/', parentId ? { name, parent_id: parentId } : { name });
  if (res.status !== 201) throw new Error(`category ${name}: ${res.status} ${res.text}`);
  return res.body.id;
}

export async function addRow(call: Call, accountId: number, fields: Record<string, unknown>): Promise<Json> {
  const res = await call('POST', `/api/accounts/${accountId}/transactions`, {
    date: '2025-01-15',
    payee: 'Shop',
    amount: -10,
    ...fields,
  });
  if (res.status !== 201) throw new Error(`add row: ${res.status} ${res.text}`);
  return res.body;
}

/** Query string of a report call. */
export function q(params: Record<string, string | number | undefined>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) s.set(k, String(v));
  return s.toString();
}
