/**
 * `npm run start:cluster`: the scaled mode on one machine. Every service and the gateway is its
 * own process (`node --import tsx <svc>/src/server.ts`), with PostgreSQL and NATS from the
 * environment, and the keys and secrets shared through DATA_DIR.
 *
 * Env: DATA_DIR (./data), PORT (gateway, 8080), <KEY>_PORT (service ports, default from SERVICES:
 * 8101-8105), DATABASE_URL_<KEY> (default postgres://postgres@127.0.0.1:5432/hf_<name>),
 * NATS_URL (nats://127.0.0.1:4222), LOG_LEVEL, SMTP_URL, MAIL_FROM, APP_ORIGIN,
 * ACCESS_TOKEN_SECONDS, RATE_LIMIT_MAX.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SERVICES, type ServiceRoute } from '@hf/contracts';
import { ensureAppSecrets, type AppSecrets } from './app-secrets';
import { APP_NODE_FLAGS } from './node-flags';

const ROOT = resolve(__dirname, '..', '..');

export interface ClusterOptions {
  dataDir?: string;
  /** Gateway port (default PORT or 8080). */
  port?: number;
  /** Service ports by key (default <KEY>_PORT or SERVICES[].defaultPort). */
  servicePorts?: Partial<Record<ServiceRoute['key'], number>>;
  /** Database URLs by key (default DATABASE_URL_<KEY> or postgres://postgres@127.0.0.1:5432/<database>). */
  databaseUrls?: Partial<Record<ServiceRoute['key'], string>>;
  natsUrl?: string;
  /** Extra environment for every process (e.g. GATEWAY_INSTANCE, BCRYPT_COST). */
  env?: Record<string, string>;
  /** Print the processes' output with a `[name]` prefix (default true); otherwise keep a tail for errors. */
  echo?: boolean;
  /** How long each process may take to become ready (ms, default 90 s). */
  readyTimeoutMs?: number;
}

export interface RunningCluster {
  url: string;
  services: Record<ServiceRoute['name'], string>;
  /** Last lines of output of each process (for diagnostics). */
  output: (name: string) => string[];
  /** Resolves with the name of the first process that exits on its own (not through stop() or kill()). */
  exited: Promise<string>;
  /** Sends `signal` (default SIGKILL) to one process (`gateway` or a service name); resolves once it has exited. Fault drills. */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a stopped process again with the same entry, port and environment; resolves when its `/readyz` answers. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

interface Child {
  name: string;
  process: ChildProcess;
  tail: string[];
  entry: string;
  env: Record<string, string>;
  url: string;
  /** Killed on purpose (kill()): its exit is not reported as unexpected. */
  killed?: boolean;
}

function envPort(name: string): number | undefined {
  const raw = process.env[name];
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return n;
}

async function waitReady(child: Child, url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(
        `${child.name} exited during start (code ${child.process.exitCode}, signal ${child.process.signalCode}):\n${child.tail.slice(-15).join('\n')}`,
      );
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${child.name} was not ready at ${url}/readyz within ${timeoutMs} ms (last: ${last}):\n${child.tail.slice(-15).join('\n')}`,
  );
}

function stopChild(child: Child, graceMs = 10_000, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((done) => {
    if (child.process.exitCode !== null || child.process.signalCode !== null) return done();
    const killer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
    child.process.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.process.kill(signal);
  });
}

type ServiceUrls = Record<ServiceRoute['name'], string>;

/** The cluster's child processes: spawned with their output kept (and echoed), stopped gateway first. */
function childProcesses(echo: boolean) {
  const children: Child[] = [];
  let stopping = false;
  let reportExit: (name: string) => void = () => undefined;
  const exited = new Promise<string>((resolveExit) => {
    reportExit = resolveExit;
  });

  const spawnProcess = (name: string, entry: string, env: Record<string, string>, url: string): Child => {
    const proc = spawn(process.execPath, [...APP_NODE_FLAGS, '--import', 'tsx', entry], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const child: Child = { name, process: proc, tail: [], entry, env, url };
    const onData = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
      const lines = chunk.toString('utf8').split('\n').filter(Boolean);
      child.tail.push(...lines);
      if (child.tail.length > 200) child.tail.splice(0, child.tail.length - 200);
      if (echo) for (const line of lines) stream.write(`[${name}] ${line}\n`);
    };
    proc.once('exit', () => {
      if (!stopping && !child.killed) reportExit(name);
    });
    proc.stdout!.on('data', onData(process.stdout));
    proc.stderr!.on('data', onData(process.stderr));
    children.push(child);
    return child;
  };

  const stop = async () => {
    stopping = true;
    await Promise.all(children.filter((c) => c.name === 'gateway').map((c) => stopChild(c)));
    await Promise.all(children.filter((c) => c.name !== 'gateway').map((c) => stopChild(c)));
  };

  return { children, exited, spawn: spawnProcess, stop };
}
type ChildProcesses = ReturnType<typeof childProcesses>;

/** The environment every child starts from: the parent's, with the bus, the public key and the internal token. */
function commonEnv(options: ClusterOptions, secrets: AppSecrets): Record<string, string> {
  const common: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NATS_URL: options.natsUrl ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    JWT_PUBLIC_KEY_FILE: secrets.jwtPublicKeyFile,
    INTERNAL_TOKEN: secrets.internalToken,
    HOST: process.env.HOST ?? '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...(options.env ?? {}),
  };
  // Never hand a child the parent's inline key or a stray PORT: each gets its own below.
  delete common.JWT_PUBLIC_KEY;
  delete common.JWT_PRIVATE_KEY;
  return common;
}

interface ClusterContext {
  options: ClusterOptions;
  dataDir: string;
  secrets: AppSecrets;
  common: Record<string, string>;
  gatewayPort: number;
  readyTimeoutMs: number;
  processes: ChildProcesses;
}

/** One service's environment: its port and database, and what only it needs. */
function serviceEnv(service: ServiceRoute, port: number, context: ClusterContext, services: ServiceUrls) {
  const { options, secrets, dataDir } = context;
  const databaseUrl =
    options.databaseUrls?.[service.key] ??
    process.env[`DATABASE_URL_${service.key}`] ??
    `postgres://postgres@127.0.0.1:5432/${service.database}`;
  const env: Record<string, string> = {
    ...context.common,
    PORT: String(port),
    [`DATABASE_URL_${service.key}`]: databaseUrl,
  };
  if (service.key === 'AUTH') {
    Object.assign(env, {
      JWT_PRIVATE_KEY_FILE: secrets.jwtPrivateKeyFile,
      INVITATION_KEY: secrets.invitationKey,
      APP_ORIGIN: process.env.APP_ORIGIN ?? `http://localhost:${context.gatewayPort}`,
      DATA_DIR: dataDir,
    });
  }
  // svc-budget, svc-import and svc-reports call svc-ledger's internal API.
  if (service.key === 'BUDGET' || service.key === 'IMPORT' || service.key === 'REPORTS')
    env.LEDGER_URL ??= services['svc-ledger'];
  return env;
}

/** Spawns every service; `authReady` resolves when svc-auth answers, each of `starting` when its service does. */
function startServices(context: ClusterContext) {
  const { options, processes, readyTimeoutMs } = context;
  const services = {} as ServiceUrls;
  const starting: Array<Promise<void>> = [];
  let authReady: Promise<void> = Promise.resolve();
  for (const service of SERVICES) {
    const port = options.servicePorts?.[service.key] ?? envPort(`${service.key}_PORT`) ?? service.defaultPort;
    const env = serviceEnv(service, port, context, services);
    services[service.name] = `http://127.0.0.1:${port}`;
    const child = processes.spawn(
      service.name,
      join(ROOT, service.name, 'src', 'server.ts'),
      env,
      services[service.name],
    );
    const ready = waitReady(child, services[service.name], readyTimeoutMs);
    // Handled by Promise.all in startCluster; the gateway waits for svc-auth's.
    ready.catch(() => undefined);
    if (service.key === 'AUTH') authReady = ready;
    starting.push(ready);
  }
  return { services, authReady, starting };
}

/** Spawns the gateway in front of the services; resolves when it answers. */
function startGateway(context: ClusterContext, services: ServiceUrls): Promise<void> {
  const { gatewayPort } = context;
  const gatewayEnv: Record<string, string> = {
    ...context.common,
    PORT: String(gatewayPort),
    STATIC_DIR: process.env.STATIC_DIR ?? ROOT,
    ...Object.fromEntries(SERVICES.map((s) => [`${s.key}_URL`, services[s.name]])),
  };
  const gateway = context.processes.spawn(
    'gateway',
    join(ROOT, 'gateway', 'src', 'server.ts'),
    gatewayEnv,
    `http://127.0.0.1:${gatewayPort}`,
  );
  return waitReady(gateway, `http://127.0.0.1:${gatewayPort}`, context.readyTimeoutMs);
}

/** The running cluster's handle: its processes' output, and kill / restart of one of them. */
function clusterHandle(context: ClusterContext, services: ServiceUrls): RunningCluster {
  const { children, exited, stop } = context.processes;
  const current = (name: string): Child => {
    const child = children.findLast((c) => c.name === name);
    if (!child) throw new Error(`No process named ${name}`);
    return child;
  };
  return {
    url: `http://localhost:${context.gatewayPort}`,
    services,
    output: (name) => [...(children.findLast((c) => c.name === name)?.tail ?? [])],
    exited,
    kill: (name, signal = 'SIGKILL') => {
      const child = current(name);
      child.killed = true;
      return stopChild(child, 10_000, signal);
    },
    restart: async (name) => {
      const old = current(name);
      if (old.process.exitCode === null && old.process.signalCode === null) throw new Error(`${name} is still running`);
      children.splice(children.indexOf(old), 1);
      const child = context.processes.spawn(name, old.entry, old.env, old.url);
      await waitReady(child, old.url, context.readyTimeoutMs);
    },
    stop,
  };
}

/**
 * Starts the services, and the gateway as soon as svc-auth is ready (it loads the revoked
 * sessions from svc-auth at start; the other services it reaches only per request), while the
 * other services are still starting; resolves when every process answers `/readyz`.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const dataDir = resolve(options.dataDir ?? process.env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const secrets = ensureAppSecrets(dataDir);
  const processes = childProcesses(options.echo ?? true);
  const context: ClusterContext = {
    options,
    dataDir,
    secrets,
    common: commonEnv(options, secrets),
    gatewayPort: options.port ?? envPort('PORT') ?? 8080,
    readyTimeoutMs: options.readyTimeoutMs ?? 90_000,
    processes,
  };

  try {
    const { services, authReady, starting } = startServices(context);
    await authReady;
    await Promise.all([...starting, startGateway(context, services)]);
    return clusterHandle(context, services);
  } catch (err) {
    await processes.stop();
    throw err;
  }
}

async function main(): Promise<void> {
  let cluster: RunningCluster;
  try {
    cluster = await startCluster();
  } catch (err) {
    console.error(`The cluster failed to start: ${(err as Error).message}`);
    process.exit(1);
  }
  console.log(`App running at ${cluster.url}`);
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: stopping every process...`);
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  const name = await cluster.exited;
  if (!closing) {
    console.error(`${name} exited unexpectedly: stopping the cluster.`);
    closing = true;
    await cluster.stop();
    process.exit(1);
  }
}

if (require.main === module) void main();
