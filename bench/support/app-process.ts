/**
 * The app for benchmarks, in its own process so the load generator does not share its event
 * loop: `startApp` on a free port with the given DATA_DIR; reports `{ url, services, databases }` over IPC
 * and stops on SIGTERM or when the parent disconnects.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { APP_NODE_FLAGS } from '@hf/app/node-flags';
import { startApp, type RunningApp } from '@hf/app/start';

export interface BenchApp {
  url: string;
  services: RunningApp['services'];
  /** Connection string of each service's database (the embedded PostgreSQL), by name. */
  databases: RunningApp['databases'];
  /** The app process's id (its /proc entry: resident memory). */
  pid: number;
  /** CPU time (user + system, µs) the app process has used so far. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts the app in a child process (parent side). */
export function startAppProcess(dataDir: string, env: Record<string, string> = {}): Promise<BenchApp> {
  const child = fork(join(__dirname, 'app-process.ts'), ['--child'], {
    // BENCH_APP_NODE_ARGS: extra node flags for the app only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
    // The app's own flags first (app/src/node-flags.ts); a later flag of the same name wins.
    execArgv: [
      '--import',
      'tsx',
      ...APP_NODE_FLAGS,
      ...(process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    env: { ...process.env, BENCH_DATA_DIR: dataDir, RATE_LIMIT_MAX: '1000000', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The app exited during start (code ${code})`)));
    child.once('message', (message: Pick<RunningApp, 'url' | 'services' | 'databases'> | { error: string }) => {
      if ('error' in message) return reject(new Error(message.error));
      resolve({
        ...message,
        pid: child.pid!,
        cpuMicros: () =>
          new Promise<number>((done) => {
            child.once('message', (reply: { cpu: number }) => done(reply.cpu));
            child.send('cpu');
          }),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
            child.once('exit', () => {
              clearTimeout(killer);
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

async function child(): Promise<void> {
  try {
    // BENCH_STATIC_DIR: serve the front ends of another checkout (its shell/dist, mf-*/dist), to compare two builds.
    // BENCH_BUS_LOG_MB: a smaller in-process bus log, to see it fill to its bound in a short run.
    const busLogMb = Number(process.env.BENCH_BUS_LOG_MB);
    const busLimits = busLogMb > 0 ? { maxBytes: busLogMb * 1024 * 1024 } : undefined;
    const app = await startApp({
      port: 0,
      dataDir: process.env.BENCH_DATA_DIR,
      buildFrontends: false,
      staticDir: process.env.BENCH_STATIC_DIR || undefined,
      busLimits,
    });
    const stop = async () => {
      await app.stop().catch(() => undefined);
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop());
    process.once('disconnect', () => void stop());
    process.on('message', (message) => {
      if (message === 'cpu') {
        const { user, system } = process.cpuUsage();
        process.send!({ cpu: user + system });
      }
    });
    process.send!({ url: app.url, services: app.services, databases: app.databases });
  } catch (err) {
    process.send!({ error: (err as Error).message });
    process.exit(1);
  }
}

if (process.argv.includes('--child')) void child();
