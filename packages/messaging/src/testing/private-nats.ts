/**
 * nats-servers of a test's, a drill's or a benchmark's own (JetStream, a free port, a temporary
 * store), never the machine's shared server on 4222: that one is shared by every test run, whose
 * ledgers reuse the same row ids and sequences, and a read model must never see those. Packages
 * (ledger-mirror's test stack, messaging's restart test), scripts (fault drills) and bench import
 * it from here: packages do not import from tools/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

export const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/** True when the machine has nats-server (`NATS_SERVER_BIN` overrides its path). */
export function natsServerPresent(): boolean {
  return existsSync(NATS_SERVER);
}

/**
 * True when the machine has nats-server; otherwise a failure under REQUIRE_NATS=1 (CI installs
 * it), else false with a console line saying that `what` is skipped.
 */
export function natsServerAvailable(what = 'NATS tests'): boolean {
  if (natsServerPresent()) return true;
  if (process.env.REQUIRE_NATS === '1') throw new Error(`${NATS_SERVER} is missing (REQUIRE_NATS=1)`);
  console.warn(`${what} skipped: ${NATS_SERVER} is missing`);
  return false;
}

/** A private server for the whole run: `stop()` ends it and removes its store. */
export interface PrivateNats {
  url: string;
  stop(): Promise<void>;
}

/**
 * A private server that may be stopped and started again on the same port and store (the stream
 * and durable consumers survive, as on a real server restart); `destroy()` ends it for good.
 */
export interface RestartableNats {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function startRestartableNats(): Promise<RestartableNats> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hf-nats-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child) return;
    const proc = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
    child = proc;
    proc.once('exit', () => {
      if (child === proc) child = undefined;
    });
    for (let i = 0; i < 400 && !(await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 50));
    if (!(await portOpen(port))) throw new Error(`nats-server did not open port ${port}`);
  };
  const stop = async () => {
    const proc = child;
    if (!proc) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    child = undefined;
  };
  const destroy = async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await start();
  } catch (err) {
    await destroy();
    throw err;
  }
  return { url: `nats://127.0.0.1:${port}`, stop, start, destroy };
}

/** A private server that runs until `stop()` (the restartable one, never restarted). */
export async function startPrivateNats(): Promise<PrivateNats> {
  const nats = await startRestartableNats();
  return { url: nats.url, stop: nats.destroy };
}
