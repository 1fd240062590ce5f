/**
 * Continuous load during a drill: clients of the seeded household through the gateway (entries,
 * edits, transfers, account and report reads) and a bulk client on svc-ledger's internal bulk
 * route. Every answer (or transport failure) is recorded with its time, for the verdicts.
 */
import type { BulkAttempt, SeededHousehold } from './drill-types';
import type { Outcome, RequestRecord } from './verdict';

const REQUEST_TIMEOUT_MS = 30_000;
const DATE_RANGE = { start: '2024-01-01', end: '2024-12-31' };

/** What a transport failure is called in the records (no HTTP answer at all). */
export function transportOutcome(err: unknown): Outcome {
  const e = err as { name?: string; cause?: { code?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'timeout';
  const code = e.cause?.code ?? '';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'reset';
  return `error:${code || e.name || 'unknown'}`;
}

function randomCents(max: number): number {
  return Math.floor(Math.random() * max) + 1;
}

function randomDate(): string {
  const month = 1 + Math.floor(Math.random() * 12);
  const day = 1 + Math.floor(Math.random() * 28);
  return `2024-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export class Load {
  readonly records: RequestRecord[] = [];
  readonly bulks: BulkAttempt[] = [];
  private running = false;
  private loops: Array<Promise<void>> = [];
  private sequence = 0;
  /** Rows the clients may edit (their own entries and transfer legs). */
  private editable: number[] = [];
  private bulkCount = 0;
  /** While true, the bulk loop sends nothing new (a drill's own bulk runs alone). */
  pauseBulks = false;
  private bulkInFlight: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly gatewayUrl: string,
    private readonly ledgerUrl: string,
    private readonly internalToken: string,
    private readonly household: SeededHousehold,
    private readonly options: { clients?: number; bulkRows?: number; pauseMs?: number } = {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    for (let i = 0; i < (this.options.clients ?? 4); i++) this.loops.push(this.clientLoop());
    if ((this.options.bulkRows ?? 200) > 0) this.loops.push(this.bulkLoop());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** Records from `since` (ms epoch) on, by start time. */
  since(since: number): RequestRecord[] {
    return this.records.filter((r) => r.start >= since);
  }

  private async request(
    op: string,
    path: string,
    init: { method?: string; body?: unknown; minSequence?: boolean } = {},
  ): Promise<{ status: number; body: Record<string, unknown> } | null> {
    const start = Date.now();
    const headers: Record<string, string> = { authorization: `Bearer ${this.household.token}` };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.minSequence && this.sequence > 0) headers['x-min-sequence'] = String(this.sequence);
    try {
      const res = await fetch(`${this.gatewayUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      this.records.push({ op, start, end: Date.now(), outcome: res.status });
      const written = Number(res.headers.get('x-event-sequence'));
      if (Number.isInteger(written) && written > this.sequence) this.sequence = written;
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      return { status: res.status, body };
    } catch (err) {
      this.records.push({ op, start, end: Date.now(), outcome: transportOutcome(err) });
      return null;
    }
  }

  private async clientLoop(): Promise<void> {
    const { accounts } = this.household;
    const pick = () => accounts[Math.floor(Math.random() * accounts.length)];
    while (this.running) {
      const roll = Math.random();
      if (roll < 0.3) {
        const sign = Math.random() < 0.7 ? -1 : 1;
        const res = await this.request('entry', `/api/accounts/${pick()}/transactions`, {
          method: 'POST',
          body: {
            date: randomDate(),
            payee: `Drill payee ${randomCents(40)}`,
            amount: (sign * randomCents(50_000)) / 100,
            notes: 'drill entry',
          },
        });
        if (res?.status === 201) this.editable.push(res.body.id as number);
      } else if (roll < 0.45 && this.editable.length > 0) {
        const id = this.editable[Math.floor(Math.random() * this.editable.length)];
        await this.request('edit', `/api/transactions/${id}`, {
          method: 'PUT',
          body: { amount: -randomCents(50_000) / 100, notes: 'drill edit' },
        });
      } else if (roll < 0.6) {
        const from = pick();
        const to = accounts.find((a) => a !== from)!;
        const res = await this.request('transfer', '/api/accounts/transfer', {
          method: 'POST',
          body: { from_account_id: from, to_account_id: to, amount: randomCents(20_000) / 100, date: randomDate() },
        });
        if (res?.status === 201) this.editable.push((res.body.from_transaction as { id: number }).id);
      } else if (roll < 0.8) {
        await this.request('accounts', '/api/accounts');
      } else {
        await this.request(
          'report',
          `/api/reports/spending_by_category?start_date=${DATE_RANGE.start}&end_date=${DATE_RANGE.end}`,
          { minSequence: true },
        );
      }
      await new Promise((r) => setTimeout(r, this.options.pauseMs ?? 25));
    }
  }

  /** Small bulk creates, one after the other; a failed key is tried again (same key) later. */
  private async bulkLoop(): Promise<void> {
    const rows = this.options.bulkRows ?? 200;
    const failed: string[] = [];
    while (this.running) {
      if (this.pauseBulks) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const key = failed.shift() ?? `drill-load-${this.prefix}-${++this.bulkCount}`;
      const sent = this.bulk(key, rows, 'bulk');
      this.bulkInFlight = sent;
      const attempt = await sent;
      if (typeof attempt.outcome !== 'number' || attempt.outcome >= 300) failed.push(key);
      await new Promise((r) => setTimeout(r, 500));
    }
    // Keys still failed at the end are tried again once the system is back (by the caller).
    this.pendingBulkKeys.push(...failed.map((key) => ({ key, rows })));
  }

  /** Resolves when no bulk of the loop is in flight (after setting `pauseBulks`). */
  async idleBulks(): Promise<void> {
    await this.bulkInFlight;
  }

  private readonly prefix = Date.now().toString(36);

  /** Bulk keys that failed and were not retried yet, for `retryFailedBulks()`. */
  readonly pendingBulkKeys: Array<{ key: string; rows: number }> = [];

  /** One bulk create of `rows` rows under `key` (rows carry `bulk:<key>` in their notes). */
  async bulk(key: string, rows: number, op = 'bulk'): Promise<BulkAttempt> {
    const accountId = this.household.accounts[0];
    const transactions = Array.from({ length: rows }, (_, i) => ({
      date: randomDate(),
      payee: `Bulk payee ${i % 97}`,
      amount_cents: (i % 2 === 0 ? -1 : 1) * ((i % 5000) + 1),
      notes: `bulk:${key}`,
    }));
    const start = Date.now();
    let attempt: BulkAttempt;
    try {
      const res = await fetch(`${this.ledgerUrl}/internal/transactions/bulk`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-token': this.internalToken },
        body: JSON.stringify({
          household_id: this.household.householdId,
          account_id: accountId,
          idempotency_key: key,
          transactions,
        }),
        signal: AbortSignal.timeout(120_000),
      });
      const body = (await res.json().catch(() => ({}))) as { replayed?: boolean };
      attempt = { key, rows, outcome: res.status, replayed: body.replayed };
    } catch (err) {
      attempt = { key, rows, outcome: transportOutcome(err) };
    }
    this.records.push({ op, start, end: Date.now(), outcome: attempt.outcome });
    this.bulks.push(attempt);
    return attempt;
  }

  /** Tries every failed bulk key again (same key, same size) until it answers 2xx or `deadline`. */
  async retryFailedBulks(deadline: number): Promise<void> {
    while (this.pendingBulkKeys.length > 0 && Date.now() < deadline) {
      const { key, rows } = this.pendingBulkKeys[0];
      const attempt = await this.bulk(key, rows, 'bulk-retry');
      if (typeof attempt.outcome === 'number' && attempt.outcome < 300) this.pendingBulkKeys.shift();
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
}
