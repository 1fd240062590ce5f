/**
 * Sustained load (issue 9): simulated household members at once, for minutes, through the
 * gateway, in the default mode (npm start's single process: embedded PostgreSQL, in-process
 * bus) and the scaled mode (a process per service and the gateway, the machine's PostgreSQL and
 * NATS). Per mode it prints requests, errors by status, p50/p95/p99/max of reads and of writes
 * and per kind, the memory of every process at the start and end of the measured window, and
 * how long after the load stops the outboxes are published and every consumer is at the head.
 *
 * Data (fixed: the same in every run): ceil(users / 5) households of 5 members (an admin who
 * registered and members who joined by invitation), each with three accounts whose registers
 * hold 1,000 to 50,000 generated rows (svc-ledger's internal bulk create, `benchRow`), and 8
 * categories. Each user is one async loop in this process: it signs in again every 60-120 s
 * (sign-out, sign-in; the first time within 2 minutes) and otherwise picks a weighted action (WEIGHTS below), then thinks 0 to
 * BENCH_LOAD_THINK_MS ms. Closed loop: a user waits for each answer, as a browser tab does.
 * Requests ask for `gzip, deflate, br` like Chromium; latency is to the last byte (decoding
 * after). A renewed access token (the gateway's `authorization` answer header) is used from then on.
 *
 * Knobs: BENCH_LOAD_MODES (default,scaled), BENCH_LOAD_SECONDS (measured window, 300),
 * BENCH_LOAD_WARMUP_SECONDS (60: svc-ledger's register cache fills in the first minute), BENCH_LOAD_USERS (50), BENCH_LOAD_THINK_MS (1000: a user thinks 0-1,000 ms; 50 makes it a capacity test, docs/decisions/0048-sustained-load-closed-loop.md),
 * BENCH_LOAD_SEED (1), BENCH_LOAD_LOG_LEVEL (the services' LOG_LEVEL, info), BENCH_LOAD_LIVE_HEAP=1 (the live heap
 * after each full collection in the memory figures; a gc observer that costs CPU),
 * BENCH_LOAD_PG_URL / BENCH_LOAD_NATS_URL (scaled mode; the machine's 127.0.0.1:5432 and :4222).
 * BENCH_APP_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) reaches the default mode's app
 * process; NODE_OPTIONS reaches every process of the scaled mode.
 *
 * Targets (issue 9): zero errors, p99 < 100 ms for reads and < 150 ms for writes, memory flat
 * after warm-up, outbox and consumer lag back to zero within 1 s after the load stops. Printed,
 * not asserted.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { Pool } from 'undici';
import { SERVICES } from '@hf/contracts';
import { ensureAppSecrets } from '@hf/app/app-secrets';
import { canConnect } from '@hf/test-kit/test-postgres';
import { startAppProcess } from './support/app-process';
import { isIdle, openEventPipeline, type PipelineState } from './support/event-pipeline';
import { LoadRecorder, type LatencySummary, type LoadSummary, type RequestClass } from './support/load-recorder';
import { askMemory, byProcess, describeCache, mibOf, type ProcessReport } from './support/memory-reports';
import { processTree, memoryOf, type ProcessMemory } from './support/processes';
import { seededRandom } from '@hf/test-kit/seeded-random';
import {
  BENCH_PASSWORD,
  createBenchAccount,
  householdOf,
  registerBenchUser,
  seedRegister,
} from './support/seed-register';

type Mode = 'default' | 'scaled';

const MEMBERS_PER_HOUSEHOLD = 5;
/** Register sizes of each household's three accounts, by household index (cycled). */
const LARGE = [50_000, 20_000, 10_000, 5_000];
const MEDIUM = [5_000, 2_000];
const SMALL = 1_000;
const CATEGORIES_PER_HOUSEHOLD = 8;
/** The register screen's page sizes (mf-ledger's FIRST_PAGE_ROWS, OLDER_PAGE_ROWS). */
/** The client's date the account list is asked with, as the front ends send it (`?today=`). */
const TODAY = new Date().toISOString().slice(0, 10);
const FIRST_PAGE = 400;
const OLDER_PAGE = 5_000;
/** How often the memory of every process is sampled during the window. */
const MEMORY_SAMPLE_MS = 5_000;
/** How often the services and the gateway are asked for their heap and caches (`GET /internal/memory`). */
const MEMORY_REPORT_MS = 60_000;
/** Each user signs out and in again every 60-120 s. */
const SIGN_IN_EVERY_MS: [number, number] = [60_000, 120_000];

/** Weighted mix of everything but sign-in (relative weights). */
const WEIGHTS = {
  accounts: 15,
  account: 4,
  'register-first': 12,
  'register-scroll': 14,
  categories: 6,
  household: 4,
  'household-me': 4,
  entry: 14,
  edit: 12,
  transfer: 6,
  'category-create': 1.5,
  'category-rename': 1.5,
} as const;
type Action = keyof typeof WEIGHTS;

interface Settings {
  modes: Mode[];
  seconds: number;
  warmupSeconds: number;
  users: number;
  thinkMs: number;
  seed: number;
  logLevel: string;
  /** BENCH_LOAD_LIVE_HEAP=1: the processes note their heap after each full collection (a gc observer: costs CPU, so latency figures are taken without it). */
  liveHeap: boolean;
  pgUrl: string;
  natsUrl: string;
}

function settings(): Settings {
  const num = (name: string, fallback: number) => {
    const raw = process.env[name];
    const n = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number >= 0, got "${raw}"`);
    return n;
  };
  const modes = (process.env.BENCH_LOAD_MODES ?? 'default,scaled')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  for (const m of modes)
    if (m !== 'default' && m !== 'scaled') throw new Error(`BENCH_LOAD_MODES: unknown mode "${m}" (default, scaled)`);
  return {
    modes: modes as Mode[],
    seconds: num('BENCH_LOAD_SECONDS', 300),
    warmupSeconds: num('BENCH_LOAD_WARMUP_SECONDS', 60),
    users: Math.max(1, Math.round(num('BENCH_LOAD_USERS', 50))),
    thinkMs: num('BENCH_LOAD_THINK_MS', 1000),
    seed: num('BENCH_LOAD_SEED', 1),
    logLevel: process.env.BENCH_LOAD_LOG_LEVEL ?? 'info',
    liveHeap: process.env.BENCH_LOAD_LIVE_HEAP === '1',
    pgUrl: process.env.BENCH_LOAD_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    natsUrl: process.env.BENCH_LOAD_NATS_URL ?? 'nats://127.0.0.1:4222',
  };
}

// ---------------------------------------------------------------------------------------------
// The system under test
// ---------------------------------------------------------------------------------------------

interface System {
  description: string;
  gatewayUrl: string;
  ledgerUrl: string;
  internalToken: string;
  /** Who answers `GET /internal/memory`: every service and the gateway (name -> base URL). */
  reporters: Record<string, string>;
  /** Connection strings by service name. */
  databases: Record<string, string>;
  /** Scaled mode: the NATS server and the durables to watch. */
  nats?: { url: string; durables: string[] };
  /** Pids of the PostgreSQL backends serving the run's databases, when PostgreSQL is not ours (scaled mode). */
  externalBackends?: () => Promise<number[]>;
  stop(): Promise<void>;
}

async function startDefault(s: Settings): Promise<System> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hf-bench-load-'));
  try {
    const app = await startAppProcess(dataDir, { LOG_LEVEL: s.logLevel, MEMORY_WATCH_GC: s.liveHeap ? '1' : '0' });
    return {
      description: 'npm start: one app process (services + gateway thread), embedded PostgreSQL, in-process bus',
      gatewayUrl: app.url.replace('localhost', '127.0.0.1'),
      ledgerUrl: app.services['svc-ledger'],
      internalToken: ensureAppSecrets(dataDir).internalToken,
      reporters: { ...app.services, gateway: app.url.replace('localhost', '127.0.0.1') },
      databases: app.databases,
      stop: async () => {
        await app.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

async function startScaled(s: Settings): Promise<System | string> {
  if (!(await canConnect(s.pgUrl))) return `PostgreSQL at ${s.pgUrl} does not answer`;
  const { startTestCluster } = await import('@hf/test-kit/test-cluster');
  const run = `load_${randomBytes(4).toString('hex')}`;
  const test = await startTestCluster({
    run,
    pgAdminUrl: s.pgUrl,
    natsUrl: s.natsUrl,
    // The product's bcrypt cost and logging, and no sign-in rate limit (every user comes from 127.0.0.1).
    env: {
      BCRYPT_COST: '12',
      LOG_LEVEL: s.logLevel,
      RATE_LIMIT_MAX: '1000000',
      MEMORY_WATCH_GC: s.liveHeap ? '1' : '0',
    },
  });
  const databases = Object.fromEntries(SERVICES.map((svc) => [svc.name, test.databaseUrls[svc.key]]));
  const { default: pg } = await import('pg');
  const admin = new pg.Pool({ connectionString: s.pgUrl, max: 1 });
  return {
    description: `start:cluster: gateway and 5 services each a process, PostgreSQL ${new URL(s.pgUrl).host} (databases ${run}_*), NATS ${new URL(s.natsUrl).host}`,
    gatewayUrl: test.cluster.url.replace('localhost', '127.0.0.1'),
    ledgerUrl: test.cluster.services['svc-ledger'],
    internalToken: ensureAppSecrets(test.dataDir).internalToken,
    reporters: { ...test.cluster.services, gateway: test.cluster.url.replace('localhost', '127.0.0.1') },
    databases,
    nats: { url: s.natsUrl, durables: ['svc-budget', 'svc-reports', `gateway-${run}`] },
    externalBackends: async () =>
      (
        await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname LIKE $1', [`${run}\\_%`])
      ).rows.map((r) => r.pid),
    stop: async () => {
      await admin.end();
      await test.stop();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

interface Household {
  id: number;
  accounts: Array<{ id: number }>;
  categories: number[];
}

interface Member {
  index: number;
  email: string;
  household: Household;
  token: string;
}

async function api(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function must(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body: unknown,
  expect: number,
): Promise<Record<string, unknown>> {
  const res = await api(base, method, path, token, body);
  if (res.status !== expect)
    throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.json).slice(0, 300)}`);
  return res.json;
}

/** The households and their members (see the file comment); answers the members in user order. */
async function seed(system: System, users: number, tag: string): Promise<{ members: Member[]; rows: number }> {
  const base = system.gatewayUrl;
  const members: Member[] = [];
  let rows = 0;
  const households = Math.ceil(users / MEMBERS_PER_HOUSEHOLD);
  for (let h = 0; h < households; h++) {
    const email = (m: number) => `load-${tag}-h${h}-m${m}@example.com`;
    const admin = (await registerBenchUser(base, `Load Admin ${h}`, '', { email: email(0) })).access_token;
    const household: Household = { id: householdOf(admin), accounts: [], categories: [] };
    const sizes = [LARGE[h % LARGE.length], MEDIUM[h % MEDIUM.length], SMALL];
    for (const [a, size] of sizes.entries()) {
      const id = await createBenchAccount(base, admin, ['Checking', 'Savings', 'Card'][a], [2500, 10000, -300][a]);
      await seedRegister(
        { ledgerUrl: system.ledgerUrl, internalToken: system.internalToken, householdId: household.id },
        id,
        size,
        { keyPrefix: `load-${id}` },
      );
      household.accounts.push({ id });
      rows += size;
    }
    for (let c = 0; c < CATEGORIES_PER_HOUSEHOLD; c++) {
      household.categories.push(
        (await must(base, 'POST', '/api/categories/', admin, { name: `Category ${c + 1}` }, 201)).id as number,
      );
    }
    members.push({ index: members.length, email: email(0), household, token: admin });
    for (let m = 1; m < MEMBERS_PER_HOUSEHOLD && members.length < users; m++) {
      const invitation = (await must(base, 'POST', '/api/household/invite', admin, { email: email(m) }, 201))
        .token as string;
      const token = (await registerBenchUser(base, `Load Member ${h}.${m}`, '', { email: email(m), invitation }))
        .access_token;
      members.push({ index: members.length, email: email(m), household, token });
    }
  }
  return { members, rows };
}

// ---------------------------------------------------------------------------------------------
// Simulated users
// ---------------------------------------------------------------------------------------------

const decoders: Record<string, (b: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
};

/** Where a RegisterPage's rows end and its other fields begin. */
const PAGE_TAIL = Buffer.from('],"balance_before":');

interface Answer {
  status: number;
  body: Buffer;
  encoding: string | undefined;
}

class SimulatedUser {
  private token: string;
  private readonly random: () => number;
  private nextSignIn: number;
  /** Per account: the cursor of the next older page to scroll to (null: at the start, or not opened). */
  private readonly scroll = new Map<number, string | null>();
  /** Rows seen on pages lately (the user edits these). */
  private seen: number[] = [];
  private readonly myCategories: number[] = [];
  private counter = 0;

  constructor(
    private readonly member: Member,
    private readonly pool: Pool,
    private readonly recorder: LoadRecorder,
    private readonly s: Settings,
    private readonly running: () => boolean,
    private readonly tag: string,
  ) {
    this.token = member.token;
    this.random = seededRandom(s.seed * 1000 + member.index);
    // The first sign-in comes at a random moment of the first two minutes, then every 60-120 s.
    this.nextSignIn = Date.now() + this.between(5_000, SIGN_IN_EVERY_MS[1]);
  }

  private between(min: number, max: number): number {
    return min + this.random() * (max - min);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  private async call(
    kind: string,
    requestClass: RequestClass,
    method: string,
    path: string,
    expected: number[],
    body?: unknown,
    auth = true,
  ): Promise<Answer | null> {
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
    if (auth) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const start = process.hrtime.bigint();
    try {
      const res = await this.pool.request({
        method: method as 'GET',
        path,
        headers,
        body: body !== undefined ? JSON.stringify(body) : undefined,
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      this.recorder.record(kind, requestClass, ms, res.statusCode, expected);
      const renewed = res.headers.authorization;
      if (typeof renewed === 'string' && renewed.startsWith('Bearer ')) this.token = renewed.slice(7);
      const encoding = res.headers['content-encoding'];
      return { status: res.statusCode, body: bytes, encoding: typeof encoding === 'string' ? encoding : undefined };
    } catch (err) {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const e = err as { code?: string; name?: string };
      this.recorder.record(kind, requestClass, ms, `error:${e.code ?? e.name ?? 'unknown'}`, expected);
      return null;
    }
  }

  /** The answer's body, decoded (gzip, deflate, br) when it came encoded. */
  private async bytes(answer: Answer | null, ok: number): Promise<Buffer | null> {
    if (!answer || answer.status !== ok) return null;
    const decode = answer.encoding ? decoders[answer.encoding] : undefined;
    return decode ? decode(answer.body) : answer.body;
  }

  private async json<T>(answer: Answer | null, ok: number): Promise<T | null> {
    const body = await this.bytes(answer, ok);
    return body === null ? null : (JSON.parse(body.toString('utf8')) as T);
  }

  /**
   * What the user needs of a register page without parsing its rows (a 5,000-row page is ~2.2 MB),
   * read from the bytes: the older page's cursor (from the tail) and some row ids (from the first
   * 20,000 bytes). Turning the whole page into a string cost this process more than the gunzip.
   */
  private async page(answer: Answer | null): Promise<{ ids: number[]; prev_cursor: string | null } | null> {
    const body = await this.bytes(answer, 200);
    if (body === null) return null;
    const tail = JSON.parse(`{${body.toString('utf8', body.lastIndexOf(PAGE_TAIL) + 2)}`) as {
      prev_cursor: string | null;
    };
    const ids = [...body.toString('utf8', 0, 20_000).matchAll(/\{"id":(\d+),/g)].map((m) => Number(m[1]));
    return { ids, prev_cursor: tail.prev_cursor };
  }

  /** A date near the newest end of the seeded registers (they end on 2025-12-31), where a household enters its rows: within its last 30 days, one in ten anywhere in 2025. */
  private date(): string {
    const day = this.random() < 0.9 ? 335 + Math.floor(this.random() * 30) : Math.floor(this.random() * 365);
    return new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  }

  private cents(max: number): number {
    return (1 + Math.floor(this.random() * max)) / 100;
  }

  private remember(ids: number[]): void {
    for (let i = 0; i < 5 && ids.length > 0; i++) this.seen.push(this.pick(ids));
    if (this.seen.length > 50) this.seen = this.seen.slice(-50);
  }

  async run(): Promise<void> {
    // Users start spread over the first second rather than all at once.
    await new Promise((r) => setTimeout(r, this.random() * 1000));
    while (this.running()) {
      if (Date.now() >= this.nextSignIn) {
        await this.signIn();
        this.nextSignIn = Date.now() + this.between(...SIGN_IN_EVERY_MS);
      } else {
        await this.act(this.choose());
      }
      if (this.s.thinkMs > 0) await new Promise((r) => setTimeout(r, this.random() * this.s.thinkMs));
    }
  }

  private choose(): Action {
    const entries = Object.entries(WEIGHTS) as Array<[Action, number]>;
    let roll = this.random() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [action, weight] of entries) {
      roll -= weight;
      if (roll < 0) return action;
    }
    return entries[0][0];
  }

  private async signIn(): Promise<void> {
    await this.call('sign-out', 'write', 'POST', '/api/users/logout', [200]);
    const answer = await this.call(
      'sign-in',
      'sign-in',
      'POST',
      '/api/users/login',
      [200],
      { email: this.member.email, password: BENCH_PASSWORD },
      false,
    );
    const pair = await this.json<{ access_token: string }>(answer, 200);
    if (pair) this.token = pair.access_token;
  }

  private async openRegister(accountId: number): Promise<void> {
    const page = await this.page(
      await this.call(
        'register-first',
        'read',
        'GET',
        `/api/accounts/${accountId}/transactions?limit=${FIRST_PAGE}`,
        [200],
      ),
    );
    if (!page) return;
    this.scroll.set(accountId, page.prev_cursor);
    this.remember(page.ids);
  }

  private async act(action: Action): Promise<void> {
    const { household } = this.member;
    const account = this.pick(household.accounts).id;
    switch (action) {
      case 'accounts':
        await this.call(action, 'read', 'GET', `/api/accounts/?today=${TODAY}`, [200]); // as the front ends ask (balance_today)
        return;
      case 'account':
        await this.call(action, 'read', 'GET', `/api/accounts/${account}?today=${TODAY}`, [200]);
        return;
      case 'register-first':
        await this.openRegister(account);
        return;
      case 'register-scroll': {
        // Scroll an open register further back; one at its start (or none open) is opened again.
        const open = [...this.scroll].filter(([, cursor]) => cursor !== null);
        if (open.length === 0) return this.openRegister(account);
        const [accountId, cursor] = this.pick(open);
        const page = await this.page(
          await this.call(
            action,
            'read',
            'GET',
            `/api/accounts/${accountId}/transactions?limit=${OLDER_PAGE}&before=${encodeURIComponent(cursor!)}`,
            [200],
          ),
        );
        if (page) {
          this.scroll.set(accountId, page.prev_cursor);
          this.remember(page.ids);
        }
        return;
      }
      case 'categories':
        await this.call(action, 'read', 'GET', '/api/categories/', [200]);
        return;
      case 'household':
        await this.call(action, 'read', 'GET', '/api/household/', [200]);
        return;
      case 'household-me':
        await this.call(action, 'read', 'GET', '/api/household/me', [200]);
        return;
      case 'entry': {
        const sign = this.random() < 0.85 ? -1 : 1;
        const created = await this.json<{ id: number }>(
          await this.call(action, 'write', 'POST', `/api/accounts/${account}/transactions`, [201], {
            date: this.date(),
            payee: `Load payee ${Math.floor(this.random() * 200)}`,
            amount: sign * this.cents(30_000),
            category_id: this.pick(household.categories),
            notes: this.random() < 0.2 ? 'entered under load' : '',
          }),
          201,
        );
        if (created) this.seen.push(created.id);
        return;
      }
      case 'edit': {
        if (this.seen.length === 0) return this.openRegister(account);
        await this.call(action, 'write', 'PUT', `/api/transactions/${this.pick(this.seen)}`, [200], {
          amount: -this.cents(30_000),
          notes: `edited ${++this.counter}`,
        });
        return;
      }
      case 'transfer': {
        const to = this.pick(household.accounts.filter((a) => a.id !== account)).id;
        await this.call(action, 'write', 'POST', '/api/accounts/transfer', [201], {
          from_account_id: account,
          to_account_id: to,
          amount: this.cents(50_000),
          date: this.date(),
        });
        return;
      }
      case 'category-create': {
        const created = await this.json<{ id: number }>(
          await this.call(action, 'write', 'POST', '/api/categories/', [201], {
            name: `U${this.member.index} ${this.tag} ${++this.counter}`,
          }),
          201,
        );
        if (created) this.myCategories.push(created.id);
        return;
      }
      case 'category-rename': {
        if (this.myCategories.length === 0) return this.act('category-create');
        await this.call(action, 'write', 'PUT', `/api/categories/${this.pick(this.myCategories)}`, [200], {
          name: `U${this.member.index} ${this.tag} renamed ${++this.counter}`,
        });
        return;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Memory
// ---------------------------------------------------------------------------------------------

interface MemoryRow {
  name: string;
  rssKiB: number;
  pssKiB: number | null;
  /** CPU time used so far (ms; a group: its processes alive now). */
  cpuMs: number;
  processes: number;
}

/** Every process this bench started (PostgreSQL's summed up), and the scaled mode's backends of the run's databases. */
async function memoryRows(system: System): Promise<MemoryRow[]> {
  const rows: MemoryRow[] = [];
  const add = (group: MemoryRow, m: { rssKiB: number; pssKiB: number | null; cpuMs: number }) => {
    group.rssKiB += m.rssKiB;
    group.pssKiB = (group.pssKiB ?? 0) + (m.pssKiB ?? 0);
    group.cpuMs += m.cpuMs;
    group.processes++;
  };
  const postgres: MemoryRow = {
    name: 'embedded PostgreSQL (all its processes)',
    rssKiB: 0,
    pssKiB: 0,
    cpuMs: 0,
    processes: 0,
  };
  for (const p of processTree(process.pid) as ProcessMemory[]) {
    if (p.name.startsWith('postgres')) add(postgres, p);
    else if (p.name !== 'esbuild')
      rows.push({
        name: p.pid === process.pid ? 'load generator (this process)' : p.name,
        rssKiB: p.rssKiB,
        pssKiB: p.pssKiB,
        cpuMs: p.cpuMs,
        processes: 1,
      });
  }
  if (postgres.processes > 0) rows.push(postgres);
  if (system.externalBackends) {
    const backends: MemoryRow = {
      name: "PostgreSQL backends of the run's databases",
      rssKiB: 0,
      pssKiB: 0,
      cpuMs: 0,
      processes: 0,
    };
    for (const pid of await system.externalBackends()) {
      const m = memoryOf(pid);
      if (m) add(backends, m);
    }
    rows.push(backends);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// A run
// ---------------------------------------------------------------------------------------------

const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : Math.round(ms).toString());
const line = (l: LatencySummary) =>
  `${String(l.count).padStart(7)}  p50 ${fmt(l.p50).padStart(5)}  p95 ${fmt(l.p95).padStart(5)}  p99 ${fmt(l.p99).padStart(5)}  max ${fmt(l.max).padStart(6)} ms`;
const describeState = (s: PipelineState) =>
  [
    ...Object.entries(s.unpublished).map(([k, n]) => `${k} outbox unpublished ${n}`),
    ...Object.entries(s.lag).map(([k, n]) => `${k} lag ${n}`),
  ].join(', ');

interface RunResult {
  summary: LoadSummary;
  seconds: number;
  memoryStart: MemoryRow[];
  memoryEnd: MemoryRow[];
  /** RSS (KiB) of each process every MEMORY_SAMPLE_MS through the window, start and end included. */
  memorySeries: Map<string, number[]>;
  /** What each process said of its heap and caches at the start of the window, each minute, and at its end. */
  reports: ProcessReport[][];
  atStop: PipelineState;
  idleMs: number | null;
  idleState: PipelineState;
  loadStart: number[];
  loadEnd: number[];
}

async function runMode(mode: Mode, s: Settings): Promise<void> {
  console.log(
    `\n== sustained load, ${mode} mode: ${s.users} users, ${s.warmupSeconds} s warm-up + ${s.seconds} s measured, think 0-${s.thinkMs} ms ==`,
  );
  const started = mode === 'default' ? await startDefault(s) : await startScaled(s);
  if (typeof started === 'string') {
    console.log(`  skipped: ${started}`);
    return;
  }
  const system = started;
  console.log(`  ${system.description}`);
  const pipeline = await openEventPipeline(system.databases, system.nats);
  const pool = new Pool(system.gatewayUrl, { connections: s.users, keepAliveTimeout: 60_000 });
  try {
    const tag = randomBytes(3).toString('hex');
    const seedStart = Date.now();
    const { members, rows } = await seed(system, s.users, tag);
    const seeded = await pipeline.waitIdle(300_000, 100);
    console.log(
      `  seeded ${Math.ceil(s.users / MEMBERS_PER_HOUSEHOLD)} households, ${members.length} members, ${rows.toLocaleString('en-US')} rows in ${((Date.now() - seedStart) / 1000).toFixed(1)} s` +
        ` (consumers at the head ${seeded.ms === null ? 'NOT within 300 s' : 'after it'}); load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} on ${cpus().length} cores`,
    );
    const result = await drive(system, s, members, pool, pipeline, tag);
    report(result, s);
  } finally {
    await pool.close().catch(() => undefined);
    await pipeline.close().catch(() => undefined);
    await system.stop();
  }
}

async function drive(
  system: System,
  s: Settings,
  members: Member[],
  pool: Pool,
  pipeline: Awaited<ReturnType<typeof openEventPipeline>>,
  tag: string,
): Promise<RunResult> {
  const recorder = new LoadRecorder();
  let running = true;
  const users = members.map((m) => new SimulatedUser(m, pool, recorder, s, () => running, tag));
  const loops = users.map((u) => u.run());
  await new Promise((r) => setTimeout(r, s.warmupSeconds * 1000));

  recorder.measuring = true;
  const loadStart = loadavg();
  const memoryStart = await memoryRows(system);
  const memorySeries = new Map<string, number[]>();
  const sample = (rows: MemoryRow[]) => {
    for (const r of rows) memorySeries.set(r.name, [...(memorySeries.get(r.name) ?? []), r.rssKiB]);
  };
  sample(memoryStart);
  const reports: ProcessReport[][] = [];
  const askReports = async () => reports.push(byProcess(await askMemory(system.reporters, system.internalToken)));
  await askReports();
  const windowStart = Date.now();
  const sampler = setInterval(() => void memoryRows(system).then(sample), MEMORY_SAMPLE_MS);
  const reporter = setInterval(() => void askReports(), MEMORY_REPORT_MS);
  await new Promise((r) => setTimeout(r, s.seconds * 1000));
  clearInterval(sampler);
  clearInterval(reporter);
  const memoryEnd = await memoryRows(system);
  sample(memoryEnd);
  await askReports();
  const loadEnd = loadavg();
  recorder.measuring = false;
  const seconds = (Date.now() - windowStart) / 1000;

  // Stop: every user finishes the request in flight; the clock for the lag starts after the last answer.
  running = false;
  await Promise.all(loops);
  const atStop = await pipeline.state();
  const idle = await pipeline.waitIdle(60_000);
  return {
    summary: recorder.summary(),
    seconds,
    memoryStart,
    memoryEnd,
    memorySeries,
    reports,
    atStop,
    idleMs: idle.ms,
    idleState: idle.last,
    loadStart,
    loadEnd,
  };
}

function report(r: RunResult, s: Settings): void {
  const { summary } = r;
  console.log(
    `  load average ${r.loadStart.map((l) => l.toFixed(2)).join(' ')} at the start of the window, ${r.loadEnd.map((l) => l.toFixed(2)).join(' ')} at its end`,
  );
  console.log(
    `  requests ${summary.requests.toLocaleString('en-US')} in ${r.seconds.toFixed(0)} s (${Math.round(summary.requests / r.seconds)} req/s); outcomes ${Object.entries(
      summary.outcomes,
    )
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}`,
  );
  console.log(
    `  errors ${summary.errorCount}${
      summary.errorCount
        ? `: ${Object.entries(summary.errors)
            .map(([k, n]) => `${k} x${n}`)
            .join(', ')}`
        : ''
    }`,
  );
  for (const requestClass of ['read', 'write', 'sign-in'] as const) {
    const l = summary.byClass[requestClass];
    if (l) console.log(`  ${requestClass.padEnd(8)} ${line(l)}`);
  }
  console.log('  per kind:');
  for (const [kind, l] of Object.entries(summary.byKind).sort(
    ([, a], [, b]) => a.class.localeCompare(b.class) || b.p99 - a.p99,
  )) {
    console.log(`    ${kind.padEnd(16)} ${l.class.padEnd(8)} ${line(l)}`);
  }
  console.log(
    '  memory (RSS; PSS for PostgreSQL, whose shared buffers each process maps), start -> end of the window (peak); CPU in the window:',
  );
  for (const start of r.memoryStart) {
    const end = r.memoryEnd.find((e) => e.name === start.name);
    const isPg = start.name.includes('PostgreSQL');
    const value = (m: MemoryRow | undefined) => (m ? mib(isPg ? (m.pssKiB ?? m.rssKiB) : m.rssKiB) : 'gone');
    const delta = end
      ? ((isPg ? (end.pssKiB ?? end.rssKiB) : end.rssKiB) - (isPg ? (start.pssKiB ?? start.rssKiB) : start.rssKiB)) /
        1024
      : 0;
    console.log(
      `    ${start.name.padEnd(45)} ${value(start).padStart(10)} -> ${value(end).padStart(10)}  (${delta >= 0 ? '+' : ''}${delta.toFixed(1)} MiB${isPg ? `, ${end?.processes ?? 0} processes` : `, peak RSS ${mib(Math.max(...(r.memorySeries.get(start.name) ?? [0])))}`})` +
        (end
          ? `  CPU ${((end.cpuMs - start.cpuMs) / 1000).toFixed(1)} s = ${Math.round(((end.cpuMs - start.cpuMs) * 1000) / Math.max(1, summary.requests))} µs/request`
          : ''),
    );
  }
  console.log('  RSS each minute of the window (MiB):');
  for (const [name, series] of r.memorySeries) {
    if (name.includes('PostgreSQL')) continue;
    const perMinute = series.filter((_, i) => i % (60_000 / MEMORY_SAMPLE_MS) === 0 || i === series.length - 1);
    console.log(`    ${name.padEnd(45)} ${perMinute.map((k) => (k / 1024).toFixed(0)).join(' ')}`);
  }
  reportHeaps(r.reports);
  console.log(`  events when the load stopped: ${describeState(r.atStop)}`);
  console.log(
    `  outbox published and every consumer at the head ${r.idleMs === null ? `NOT within 60 s (last: ${describeState(r.idleState)})` : `${fmt(r.idleMs)} ms after the last answer`}${isIdle(r.atStop) ? ' (already there)' : ''}`,
  );
  const read = summary.byClass.read;
  const write = summary.byClass.write;
  const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
  console.log(
    `  targets: zero errors [${verdict(summary.errorCount === 0)}], reads p99 < 100 ms [${verdict(!!read && read.p99 < 100)}], writes p99 < 150 ms [${verdict(!!write && write.p99 < 150)}], ` +
      `events idle within 1 s [${verdict(r.idleMs !== null && r.idleMs <= 1000)}], memory: compare start and end above (window ${s.seconds} s)`,
  );
}

/** Heap, external memory, the rest of the resident set, and the caches of each process: start -> end, then each minute. */
function reportHeaps(reports: ProcessReport[][]): void {
  if (reports.length === 0 || reports[0].length === 0)
    return console.log('  heap and caches: no process answered GET /internal/memory');
  const first = reports[0];
  const last = reports[reports.length - 1];
  const arrow = (a: number, b: number) => `${mibOf(a)} -> ${mibOf(b)}`;
  console.log(
    '  heap and caches (GET /internal/memory of every service and the gateway), start -> end of the window (MiB):',
  );
  for (const start of first) {
    const end = last.find((p) => p.pid === start.pid);
    if (!end) continue;
    console.log(
      `    ${start.name.padEnd(26)} RSS ${arrow(start.rss, end.rss)}; V8 heap used ${arrow(start.heapUsed, end.heapUsed)} (of ${arrow(start.heapTotal, end.heapTotal)}; ` +
        `live after the latest full collection ${start.heapAfterMajorGc === null || end.heapAfterMajorGc === null ? 'not yet' : arrow(start.heapAfterMajorGc, end.heapAfterMajorGc)}); ` +
        `external ${arrow(start.external, end.external)} (array buffers ${arrow(start.arrayBuffers, end.arrayBuffers)}); outside both ${arrow(start.outsideV8, end.outsideV8)}`,
    );
    if (start.threads.length > 1) {
      const threads = start.threads.map((t) => {
        const later = end.threads.find((e) => e.thread === t.thread);
        return `${t.thread === 0 ? 'main thread' : `thread ${t.thread}`} (${t.names.join(', ')}) ${later ? arrow(t.heapUsed, later.heapUsed) : mibOf(t.heapUsed)}`;
      });
      console.log(`      V8 heap used by thread: ${threads.join('; ')}`);
    }
    for (const [cache, size] of Object.entries(start.caches)) {
      const after = end.caches[cache];
      console.log(`      ${cache.padEnd(30)} ${describeCache(size)} -> ${after ? describeCache(after) : 'gone'}`);
    }
  }
  console.log(
    '  each minute (MiB): V8 heap used / live after the latest full collection / heap total (of it, the young generation) / external / outside both; caches bounded by bytes:',
  );
  for (const start of first) {
    const series = reports
      .map((sample) => sample.find((p) => p.pid === start.pid))
      .filter((p): p is ProcessReport => p !== undefined);
    const row = (field: 'heapUsed' | 'heapTotal' | 'newSpace' | 'external' | 'outsideV8') =>
      series.map((p) => (p[field] / 1024 / 1024).toFixed(0)).join(' ');
    const live = series
      .map((p) => (p.heapAfterMajorGc === null ? '-' : (p.heapAfterMajorGc / 1024 / 1024).toFixed(0)))
      .join(' ');
    console.log(
      `    ${start.name.padEnd(26)} heap used ${row('heapUsed')} | live ${live} | heap total ${row('heapTotal')} (young ${row('newSpace')}) | external ${row('external')} | outside ${row('outsideV8')}`,
    );
    for (const [cache, size] of Object.entries(start.caches)) {
      if (size.bytes === undefined) continue;
      console.log(`      ${cache.padEnd(30)} ${series.map((p) => mibOf(p.caches[cache]?.bytes ?? 0)).join(' ')}`);
    }
  }
}

export async function runSustainedLoadBench(): Promise<void> {
  const s = settings();
  for (const mode of s.modes) await runMode(mode, s);
}

if (require.main === module) {
  runSustainedLoadBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
