/**
 * Shared by the ledger and browser benchmarks: the app in a child process on a fresh temporary
 * DATA_DIR with one registered user, and one account seeded with many transactions through
 * svc-ledger's internal bulk route (the path the CSV import uses).
 *
 * The rows are generated, not random: row `i` of `total` is the same in every run (dated over
 * ~4 years from 2022-01-01, oldest first; every 10th a deposit, 90% cleared, the last 10% pending
 * or uncleared, every 5th with a note), so runs and benchmarks compare like with like.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchApp } from './app-process';

/** Rows per bulk call (the route's limit, and the size of the bulk-create target). */
export const SEED_BATCH = 10_000;

export interface BenchUserApp {
  app: BenchApp;
  /** The gateway's base URL (on 127.0.0.1), as a browser would use it. */
  gatewayUrl: string;
  /** svc-ledger's own loopback base URL. */
  ledgerUrl: string;
  internalToken: string;
  accessToken: string;
  refreshToken: string | null;
  householdId: number;
  /** Stops the app and removes its DATA_DIR. */
  stop(): Promise<void>;
}

/** The household id carried in an access token (claim `hid`). */
export function householdOf(token: string): number {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { hid: number };
  return claims.hid;
}

/** The password of every user the benchmarks register. */
export const BENCH_PASSWORD = 'bench password 123';

/**
 * Registers a new user through the gateway (email `<emailPrefix>-<now>@example.com` unless
 * `options.email`; `options.invitation`: an invitation token, to join the inviter's household);
 * returns their tokens.
 */
export async function registerBenchUser(
  baseUrl: string,
  name: string,
  emailPrefix: string,
  options: { email?: string; invitation?: string } = {},
): Promise<{ access_token: string; refresh_token?: string }> {
  const res = await fetch(`${baseUrl}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email: options.email ?? `${emailPrefix}-${Date.now()}@example.com`,
      password: BENCH_PASSWORD,
      ...(options.invitation ? { token: options.invitation } : {}),
    }),
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { access_token: string; refresh_token?: string };
}

/**
 * `startApp` in a child process (bench/support/app-process.ts) on a fresh temporary DATA_DIR
 * (`<tmp>/<prefix>XXXXXX`), then one user registered through `/api/users/register`.
 */
export async function startAppWithUser(options: {
  dataDirPrefix: string;
  userName: string;
  emailPrefix: string;
}): Promise<BenchUserApp> {
  const { startAppProcess } = await import('./app-process');
  const { ensureAppSecrets } = await import('@hf/app/app-secrets');
  const dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix));
  try {
    const app = await startAppProcess(dataDir);
    try {
      const secrets = ensureAppSecrets(dataDir);
      const tokens = await registerBenchUser(app.url, options.userName, options.emailPrefix);
      return {
        app,
        gatewayUrl: app.url.replace('localhost', '127.0.0.1'),
        ledgerUrl: app.services['svc-ledger'],
        internalToken: secrets.internalToken,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? null,
        householdId: householdOf(tokens.access_token),
        stop: async () => {
          await app.stop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    } catch (err) {
      await app.stop();
      throw err;
    }
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Creates an account through the public API (`base` is the gateway or svc-ledger); returns its id. */
export async function createBenchAccount(
  base: string,
  accessToken: string,
  name = 'Bench Checking',
  startingBalance = 1000,
): Promise<number> {
  const res = await fetch(`${base}/api/accounts/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, starting_balance: startingBalance }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST ${base}/api/accounts/ answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { id: number }).id;
}

/** Creates a category through the public API (`base` is the gateway or svc-ledger); returns its id. */
export async function createBenchCategory(base: string, accessToken: string, name: string): Promise<number> {
  const res = await fetch(`${base}/api/categories/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST ${base}/api/categories/ answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { id: number }).id;
}

export interface BenchRow {
  date: string;
  payee: string;
  amount_cents: number;
  status: '' | 'p' | 'x';
  notes: string;
  splits?: Array<{ category_id: number; amount_cents: number }>;
}

/** Row `i` of `total` (deterministic; oldest first, dated over 1,460 days from 2022-01-01). */
export function benchRow(i: number, total: number): BenchRow {
  const day = Math.floor((i / total) * 1460);
  const date = new Date(Date.UTC(2022, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  return {
    date,
    payee: `Payee ${i % 997}`,
    amount_cents: i % 10 === 0 ? (1500 + (i % 7)) * 100 : -((i % 4000) + 1),
    status: i < total * 0.9 ? 'x' : i % 3 === 0 ? 'p' : '',
    notes: i % 5 === 0 ? 'bench note' : '',
  };
}

export interface SeedTarget {
  ledgerUrl: string;
  internalToken: string;
  householdId: number;
}

/** Splits `row` into two lines, one per category (halves; the odd cent to the second). */
export function splitBenchRow(row: BenchRow, categories: readonly [number, number]): BenchRow {
  const first = Math.trunc(row.amount_cents / 2);
  return {
    ...row,
    splits: [
      { category_id: categories[0], amount_cents: first },
      { category_id: categories[1], amount_cents: row.amount_cents - first },
    ],
  };
}

/**
 * Seeds `total` rows (benchRow 0..total-1) into the account through
 * `POST /internal/transactions/bulk`, `batch` rows per call, one call after the other.
 * `options.split`: every `every`-th row (i + 1 a multiple of it) of at least 2 cents goes with two lines
 * (splitBenchRow) in the same bulk create.
 * Returns each call's wall time in ms (request and answer; the body is built before timing).
 * Idempotency keys are `<keyPrefix>-<batch number>`: unique per account and run.
 */
export async function seedRegister(
  target: SeedTarget,
  accountId: number,
  total: number,
  options: { batch?: number; keyPrefix?: string; split?: { every: number; categories: [number, number] } } = {},
): Promise<number[]> {
  const split = options.split;
  const rowAt = (i: number): BenchRow => {
    const row = benchRow(i, total);
    return split && (i + 1) % split.every === 0 && Math.abs(row.amount_cents) >= 2
      ? splitBenchRow(row, split.categories)
      : row;
  };
  const batch = options.batch ?? SEED_BATCH;
  const keyPrefix = options.keyPrefix ?? 'bench';
  const times: number[] = [];
  for (let done = 0, call = 0; done < total; done += batch, call++) {
    const n = Math.min(batch, total - done);
    const transactions = Array.from({ length: n }, (_, k) => rowAt(done + k));
    times.push(await postBulkRows(target, accountId, `${keyPrefix}-${call}`, transactions));
  }
  return times;
}

/**
 * One `POST /internal/transactions/bulk` of `transactions` into the account (straight to svc-ledger,
 * not through the gateway); answers its wall time in ms (request and answer; the body is built before timing).
 */
export async function postBulkRows(
  target: SeedTarget,
  accountId: number,
  idempotencyKey: string,
  transactions: readonly object[],
): Promise<number> {
  const body = JSON.stringify({
    household_id: target.householdId,
    account_id: accountId,
    idempotency_key: idempotencyKey,
    transactions,
  });
  const url = `${target.ledgerUrl}/internal/transactions/bulk`;
  const start = process.hrtime.bigint();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': target.internalToken },
    body,
  });
  const text = await res.text();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status !== 200) throw new Error(`POST ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return ms;
}
