import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../../scripts/test-postgres';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

export interface PrivateNats {
  url: string;
  stop(): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** True when the machine has nats-server (CI installs it; REQUIRE_NATS=1 makes its absence a failure). */
export function natsServerAvailable(): boolean {
  if (existsSync(NATS_SERVER)) return true;
  if (process.env.REQUIRE_NATS === '1') throw new Error(`${NATS_SERVER} is missing (REQUIRE_NATS=1)`);
  console.warn(`NATS tests skipped: ${NATS_SERVER} is missing`);
  return false;
}

/**
 * A nats-server with JetStream of this test's own (free port, temporary store): its HF_EVENTS
 * stream holds only this test's events. The machine's server on 4222 is shared by every test
 * run, whose ledgers reuse the same row ids and sequences; a read model must never see those.
 */
export async function startPrivateNats(): Promise<PrivateNats> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hf-nats-'));
  const child: ChildProcess = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 50));
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
