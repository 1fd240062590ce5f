/**
 * Helpers of the benchmarks of the ledger's mirrors (bench/reports.ts, bench/budget.ts): a timed
 * GET, write-to-read-model delivery times, and the same over NATS with svc-ledger and the
 * mirroring service each on its own connection to a nats-server of the bench's own.
 */
import { request, time } from './timing';

/** Runs of each timed GET (BENCH_RUNS, default 30). */
export const BENCH_RUNS = Number(process.env.BENCH_REPORT_RUNS ?? process.env.BENCH_RUNS ?? 30);

export async function timedGet(
  url: string,
  token: string,
): Promise<{ p50: number; p95: number; bytes: number; rows: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const warm = await request(url, { headers });
  const t = await time(BENCH_RUNS, async () => (await request(url, { headers })).ms);
  const parsed = warm.headers.get('content-type')?.startsWith('application/json')
    ? (JSON.parse(warm.text) as unknown)
    : warm.text.split('\r\n').slice(1, -1);
  return { p50: t.p50, p95: t.p95, bytes: warm.text.length, rows: Array.isArray(parsed) ? parsed.length : 0 };
}

/** Milliseconds from each write's answer until the mirroring service has applied its event. */
export async function deliveryTimes(
  write: (i: number) => Promise<number>,
  applied: (sequence: number) => Promise<void>,
  count: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const sequence = await write(i);
    const start = process.hrtime.bigint();
    await applied(sequence);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times;
}

export async function natsDelivery(service: 'svc-reports' | 'svc-budget'): Promise<number[] | string> {
  const { natsServerPresent, startPrivateNats } = await import('@hf/messaging/testing/private-nats');
  if (!natsServerPresent()) return 'nats-server missing';
  const { connectNatsBus, waitForPosition } = await import('@hf/messaging');
  const { EVENT_STREAM_SUBJECTS: subjects } = await import('@hf/contracts');
  const { createTestDatabase, testKeys, testToken, TEST_INTERNAL_TOKEN } = await import('@hf/service-kit/testing');
  const { buildApp: buildLedger } = await import('@hf/svc-ledger');
  const { buildApp: buildMirror } =
    service === 'svc-reports' ? await import('@hf/svc-reports') : await import('@hf/svc-budget');
  process.env.TEST_PG_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const nats = await startPrivateNats();
  const [ledgerDb, reportsDb] = [await createTestDatabase('benchmirl'), await createTestDatabase('benchmirr')];
  const ledgerBus = await connectNatsBus({ servers: nats.url, name: 'bench-ledger', subjects });
  const reportsBus = await connectNatsBus({ servers: nats.url, name: 'bench-reports', subjects });
  const common = { jwtPublicKey: testKeys().publicKey, internalToken: TEST_INTERNAL_TOKEN };
  const ledger = await buildLedger({ ...common, databaseUrl: ledgerDb.url, bus: ledgerBus });
  await ledger.listen({ port: 0, host: '127.0.0.1' });
  const reports = await buildMirror({
    ...common,
    databaseUrl: reportsDb.url,
    bus: reportsBus,
    ledgerUrl: `http://127.0.0.1:${(ledger.server.address() as { port: number }).port}`,
  });
  try {
    const authorization = `Bearer ${testToken({ userId: 1, householdId: 1 })}`;
    const inject = (method: 'POST' | 'PUT', url: string, payload: object) =>
      ledger.inject({ method, url, headers: { authorization }, payload });
    const account = (await inject('POST', '/api/accounts/', { name: 'NATS', starting_balance: 0 })).json().id as number;
    const row = (
      await inject('POST', `/api/accounts/${account}/transactions`, { date: '2026-01-01', payee: 'Shop', amount: -1 })
    ).json().id as number;
    return await deliveryTimes(
      async (i) =>
        Number((await inject('PUT', `/api/transactions/${row}`, { amount: -(i + 2) })).headers['x-event-sequence']),
      async (sequence) => {
        if (!(await waitForPosition(reports.db, service, 'svc-ledger', sequence, 5000)))
          throw new Error('not delivered in 5 s');
      },
      300,
    );
  } finally {
    await reports.close();
    await ledger.close();
    await reportsBus.close();
    await ledgerBus.close();
    await nats.stop();
    await Promise.all([ledgerDb.drop(), reportsDb.drop()]);
  }
}
