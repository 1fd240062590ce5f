import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test-postgres';

export const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

export function natsServerPresent(): boolean {
  return existsSync(NATS_SERVER);
}

/**
 * A nats-server with JetStream of the drills' own (free port, temporary store), which a drill
 * may stop and start again on the same port and store (the stream and durable consumers
 * survive, as on a real server restart). Never the machine's shared server on 4222.
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
  const dir = mkdtempSync(join(tmpdir(), 'hf-drill-nats-'));
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
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    stop,
    start,
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
