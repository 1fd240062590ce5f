import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase } from '@hf/service-kit/testing';
import type { Bus, EventEnvelope } from '../src/bus';
import type { MessagingLogger } from '../src/logger';

/** Keeps log records so tests can assert that poison and malformed events were logged. */
export class MemoryLogger implements MessagingLogger {
  readonly records: Array<{ level: 'info' | 'warn' | 'error'; fields: Record<string, unknown>; message: string }> = [];
  info(fields: object, message: string): void {
    this.records.push({ level: 'info', fields: fields as Record<string, unknown>, message });
  }
  warn(fields: object, message: string): void {
    this.records.push({ level: 'warn', fields: fields as Record<string, unknown>, message });
  }
  error(fields: object, message: string): void {
    this.records.push({ level: 'error', fields: fields as Record<string, unknown>, message });
  }
  messages(level: 'info' | 'warn' | 'error'): string[] {
    return this.records.filter((r) => r.level === level).map((r) => r.message);
  }
}

export interface TestBus {
  bus: Bus;
  /** Every subject a test uses starts with this token (a NATS test stream covers `<prefix>.>`). */
  prefix: string;
  logger: MemoryLogger;
  dispose(): Promise<void>;
}

let sequence = 0;
export function makeEvent(type: string, data: unknown = {}, overrides: Partial<EventEnvelope> = {}): EventEnvelope {
  return {
    id: randomUUID(),
    type,
    source: 'svc-test',
    subject: 'thing/1',
    time: new Date().toISOString(),
    household_id: 1,
    sequence: ++sequence,
    data,
    ...overrides,
  };
}

/** A fresh database for one test file and a pool on it; `close()` ends the pool and drops the database. */
export async function openTestPool(
  prefix: string,
  max: number,
): Promise<{ pool: pg.Pool; close: () => Promise<void> }> {
  const db = await createTestDatabase(prefix);
  const pool = new pg.Pool({ connectionString: db.url, max });
  return {
    pool,
    close: async () => {
      await pool.end();
      await db.drop();
    },
  };
}

export const randomName = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `check` passes (returns without throwing) or the time is up, then rethrows its last error. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(20);
    }
  }
}

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** Checked synchronously (a tiny child process) so that a whole describe block can be skipped. */
function natsReachable(): boolean {
  const url = new URL(NATS_URL);
  const probe =
    `const s=require('net').connect(${Number(url.port || 4222)},${JSON.stringify(url.hostname)});` +
    `s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(2),1500);`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
}

let reachable: boolean | undefined;

/**
 * `describe` when NATS answers; otherwise skipped with a console line saying why, unless
 * REQUIRE_NATS=1 (CI), where an unreachable server fails the run.
 */
export function describeWithNats(name: string, body: () => void): void {
  reachable ??= natsReachable();
  if (reachable) {
    describe(name, body);
  } else if (process.env.REQUIRE_NATS === '1') {
    describe(name, () => {
      test('NATS is reachable', () => {
        throw new Error(`REQUIRE_NATS=1 but no NATS server answers at ${NATS_URL}.`);
      });
    });
  } else {
    console.warn(`Skipping "${name}": no NATS server answers at ${NATS_URL} (set REQUIRE_NATS=1 to fail instead).`);
    describe.skip(name, body);
  }
}
