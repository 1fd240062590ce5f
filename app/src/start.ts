/**
 * `npm start`: the whole app in one Node process on one machine, nothing to install beyond
 * `npm install`. Builds the front ends if needed, starts embedded PostgreSQL under DATA_DIR,
 * then the five services (each its own Fastify instance on a loopback port of its own, its own
 * database, one in-process bus) and the gateway on PORT, on a worker thread of its own (its own
 * event loop, so it can use a second core; the bus events it needs cross over a MessagePort).
 *
 * Env: DATA_DIR (./data), PORT (8080), HOST (127.0.0.1), LOG_LEVEL (info), SMTP_URL, MAIL_FROM,
 * APP_ORIGIN, ACCESS_TOKEN_SECONDS, RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_MS, GATEWAY_THREAD (1; 0 runs
 * the gateway on the main thread, e.g. to debug it).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SERVICES, type ServiceRoute } from '@hf/contracts';
import { createInProcessBus, type Bus, type StreamLimits } from '@hf/messaging';
import { ensureDatabase, sharedCacheSizes, tuneHeapGrowth, type BaseAppOptions } from '@hf/service-kit';
import { buildGateway } from '@hf/gateway';
import { startGatewayThread } from '@hf/gateway/thread';
import { freePort } from '@hf/messaging/testing/free-port';
import { ensureAppSecrets, type AppSecrets } from './app-secrets';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';

export const ROOT = resolve(__dirname, '..', '..');

export interface StartOptions {
  /** Gateway port; 0 picks a free one. Default: PORT or 8080. */
  port?: number;
  /** Gateway address. Default: HOST or 127.0.0.1. */
  host?: string;
  /** Where PostgreSQL data, keys, secrets and mail go. Default: DATA_DIR or ./data. */
  dataDir?: string;
  /** Outgoing mail; without it svc-auth writes messages under DATA_DIR. Default: SMTP_URL. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Public origin used in e-mailed links. Default: APP_ORIGIN or http://localhost:<port>. */
  appOrigin?: string;
  accessTokenSeconds?: number;
  bcryptCost?: number;
  /** Login/register/... attempts per IP per route per window. Default: RATE_LIMIT_MAX or 10 per minute. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Default: LOG_LEVEL or info; 'silent' for none. */
  logLevel?: string;
  /** Build the front ends when shell/dist/index.html is missing. Default true. */
  buildFrontends?: boolean;
  /** Holds shell/dist and mf-<name>/dist. Default: the repository root. */
  staticDir?: string;
  /**
   * Run the gateway on a worker thread of its own (default), or on the main thread with the
   * services (false: one event loop, easier to debug). Default: GATEWAY_THREAD, else true.
   */
  gatewayThread?: boolean;
  /** Retention of the in-process bus's log (default: the bus's own, 24 h, 100,000 events, 64 MiB). */
  busLimits?: Partial<StreamLimits>;
}

export interface RunningApp {
  /** e.g. http://localhost:8080 */
  url: string;
  port: number;
  /** Loopback base URL of each service, by name (benchmarks call them directly). */
  services: Record<ServiceRoute['name'], string>;
  /** Connection string of each service's database, by name. */
  databases: Record<ServiceRoute['name'], string>;
  secrets: AppSecrets;
  stop(): Promise<void>;
}

type Builder = (options: BaseAppOptions & Record<string, unknown>) => Promise<FastifyInstance>;

/** Each service's `buildApp`, loaded when the app starts (they never import each other). */
const SERVICE_MODULES: Record<ServiceRoute['name'], () => Promise<{ buildApp: Builder }>> = {
  'svc-auth': () => import('@hf/svc-auth') as unknown as Promise<{ buildApp: Builder }>,
  'svc-ledger': () => import('@hf/svc-ledger') as unknown as Promise<{ buildApp: Builder }>,
  'svc-budget': () => import('@hf/svc-budget') as unknown as Promise<{ buildApp: Builder }>,
  'svc-import': () => import('@hf/svc-import') as unknown as Promise<{ buildApp: Builder }>,
  'svc-reports': () => import('@hf/svc-reports') as unknown as Promise<{ buildApp: Builder }>,
};

function envNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`Environment variable ${name} must be a whole number, got "${raw}"`);
  return n;
}

/** Builds shell and remotes when shell/dist/index.html is missing; the API runs either way. */
export async function ensureFrontends(staticDir: string, log: (line: string) => void = console.log): Promise<boolean> {
  if (existsSync(join(staticDir, 'shell', 'dist', 'index.html'))) return true;
  const script = join(ROOT, 'tools', 'webpack-federation', 'src', 'build-frontends.ts');
  if (!existsSync(script)) {
    log(
      'The front ends are not built and tools/webpack-federation/src/build-frontends.ts does not exist yet: serving the API only.',
    );
    return false;
  }
  log('Building the front ends (first start only; `npm run build` rebuilds them)...');
  const code = await new Promise<number>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      stdio: 'inherit',
      env: process.env,
    });
    child.once('exit', (exitCode) => done(exitCode ?? 1));
    child.once('error', () => done(1));
  });
  const built = code === 0 && existsSync(join(staticDir, 'shell', 'dist', 'index.html'));
  if (!built) log('The front-end build failed (see above): serving the API only. Fix it and run `npm run build`.');
  return built;
}

/**
 * As root, embedded PostgreSQL runs its server as a `postgres` user, which must be able to
 * traverse every directory above its data (mkdtemp makes 0700 ones). Adds search permission
 * (o+x: enter, not list) where it is missing.
 */
function allowPostgresTraversal(dir: string): void {
  if (process.getuid?.() !== 0) return;
  for (let current = dir; ; current = dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) chmodSync(current, (mode & 0o7777) | 0o001);
    if (dirname(current) === current) break;
  }
}

function envFlag(name: string): boolean | undefined {
  const raw = process.env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`Environment variable ${name} must be 1 or 0, got "${process.env[name]}"`);
}

function loggerFor(level: string, service: string): BaseAppOptions['logger'] {
  if (level === 'silent') return false;
  return { level, base: { service } } as unknown as BaseAppOptions['logger'];
}

type Cleanup = Array<() => Promise<unknown>>;
type ServiceUrls = Record<ServiceRoute['name'], string>;

/** The options with their environment and built-in defaults filled in. */
function appSettings(options: StartOptions) {
  return {
    dataDir: resolve(options.dataDir ?? process.env.DATA_DIR ?? './data'),
    requestedPort: options.port ?? envNumber('PORT') ?? 8080,
    host: options.host ?? process.env.HOST ?? '127.0.0.1',
    logLevel: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
    staticDir: options.staticDir ?? ROOT,
    accessTokenSeconds: options.accessTokenSeconds ?? envNumber('ACCESS_TOKEN_SECONDS') ?? 900,
    rateLimit: options.rateLimit ?? {
      max: envNumber('RATE_LIMIT_MAX') ?? 10,
      timeWindowMs: envNumber('RATE_LIMIT_WINDOW_MS') ?? 60_000,
    },
    gatewayThread: options.gatewayThread ?? envFlag('GATEWAY_THREAD') ?? true,
  };
}
type AppSettings = ReturnType<typeof appSettings>;

/** Embedded PostgreSQL under DATA_DIR/postgres and each service's database in it (their URLs by service). */
async function startDatabases(dataDir: string, cleanup: Cleanup): Promise<ServiceUrls> {
  mkdirSync(join(dataDir, 'postgres'), { recursive: true });
  allowPostgresTraversal(join(dataDir, 'postgres'));
  const pg: RunningPostgres = await startEmbeddedPostgres(join(dataDir, 'postgres'));
  cleanup.push(() => pg.stop());
  const databases = {} as ServiceUrls;
  for (const service of SERVICES) {
    const url = new URL(pg.adminUrl);
    url.pathname = `/${service.database}`;
    databases[service.name] = url.toString();
    await ensureDatabase(databases[service.name]);
  }
  return databases;
}

/** The in-process bus, its log shown in every service's GET /internal/memory (bounded by its limits). */
function startBus(limits: StartOptions['busLimits'], cleanup: Cleanup): Bus {
  const inProcess = createInProcessBus({ limits });
  cleanup.push(() => inProcess.close());
  sharedCacheSizes.set('bus log', () => {
    const { messages, bytes } = inProcess.stats();
    return {
      entries: messages,
      bytes,
      maxBytes: inProcess.limits.maxBytes,
      maxEntries: inProcess.limits.maxMessages,
    };
  });
  cleanup.push(async () => void sharedCacheSizes.delete('bus log'));
  return inProcess;
}

interface ServicesContext {
  settings: AppSettings;
  options: StartOptions;
  databases: ServiceUrls;
  secrets: AppSecrets;
  bus: Bus;
  /** Public origin, known before svc-auth starts, which puts it in e-mailed links. */
  appOrigin: string;
}

/** What one service needs beyond the options every service takes. */
function serviceExtras(
  service: ServiceRoute,
  context: ServicesContext,
  services: ServiceUrls,
): Record<string, unknown> {
  const { settings, options, secrets, appOrigin } = context;
  const extras: Record<string, unknown> = {};
  if (service.key === 'AUTH') {
    Object.assign(extras, {
      jwtPrivateKey: secrets.jwtPrivateKey,
      invitationKey: secrets.invitationKey,
      accessTokenSeconds: settings.accessTokenSeconds,
      bcryptCost: options.bcryptCost ?? envNumber('BCRYPT_COST'),
      smtpUrl: options.smtpUrl ?? (process.env.SMTP_URL || undefined),
      mailFrom: options.mailFrom ?? (process.env.MAIL_FROM || undefined),
      appOrigin,
      dataDir: settings.dataDir,
    });
  }
  // svc-budget, svc-import and svc-reports call svc-ledger's internal API (SERVICES lists the ledger first).
  if (service.key === 'BUDGET' || service.key === 'IMPORT' || service.key === 'REPORTS')
    extras.ledgerUrl = services['svc-ledger'];
  return extras;
}

/** The five services, one after another, each on a loopback port of its own (their base URLs by service). */
async function startServices(context: ServicesContext, cleanup: Cleanup): Promise<ServiceUrls> {
  const services = {} as ServiceUrls;
  const apps: FastifyInstance[] = [];
  // The gateway closes first, then the services, then the bus and PostgreSQL (cleanup runs in reverse).
  cleanup.push(() => Promise.all(apps.map((app) => app.close())));
  for (const service of SERVICES) {
    const { buildApp } = await SERVICE_MODULES[service.name]();
    const base: BaseAppOptions = {
      databaseUrl: context.databases[service.name],
      jwtPublicKey: context.secrets.jwtPublicKey,
      internalToken: context.secrets.internalToken,
      bus: context.bus,
      logger: loggerFor(context.settings.logLevel, service.name),
    };
    const app = await buildApp({ ...base, ...serviceExtras(service, context, services) });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    services[service.name] = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }
  return services;
}

/** The gateway on PORT, on a worker thread of its own or on this one; resolves with the port it listens on. */
async function startGateway(
  settings: AppSettings,
  context: { services: ServiceUrls; secrets: AppSecrets; bus: Bus; port: number },
  cleanup: Cleanup,
): Promise<number> {
  const { services, secrets, bus, port } = context;
  const { host, logLevel } = settings;
  const gatewayOptions = {
    upstreams: Object.fromEntries(SERVICES.map((s) => [s.key, services[s.name]])) as Record<
      ServiceRoute['key'],
      string
    >,
    jwtPublicKey: secrets.jwtPublicKey,
    internalToken: secrets.internalToken,
    staticDir: settings.staticDir,
    accessTokenSeconds: settings.accessTokenSeconds,
    rateLimit: settings.rateLimit,
    instanceId: 'local',
  };
  if (settings.gatewayThread) {
    const gateway = await startGatewayThread({ ...gatewayOptions, bus, port, host, logLevel });
    cleanup.push(() => gateway.stop());
    return gateway.port;
  }
  const gateway = await buildGateway({ ...gatewayOptions, bus, logger: loggerFor(logLevel, 'gateway') });
  cleanup.push(() => gateway.close());
  await gateway.listen({ port, host });
  return (gateway.server.address() as { port: number }).port;
}

/**
 * Starts the whole app in this process and resolves once the gateway listens.
 * Several can run side by side (each with its own DATA_DIR and port).
 */
export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  const settings = appSettings(options);
  mkdirSync(settings.dataDir, { recursive: true });
  tuneHeapGrowth();

  const cleanup: Cleanup = [];
  const stopAll = async () => {
    for (const step of cleanup.splice(0).reverse())
      await step().catch((err) => console.error(`shutdown step failed: ${(err as Error).message}`));
  };

  try {
    if (options.buildFrontends !== false) await ensureFrontends(settings.staticDir);
    const secrets = ensureAppSecrets(settings.dataDir);
    const databases = await startDatabases(settings.dataDir, cleanup);
    const bus = startBus(options.busLimits, cleanup);
    const port = settings.requestedPort === 0 ? await freePort() : settings.requestedPort;
    const appOrigin = options.appOrigin ?? process.env.APP_ORIGIN ?? `http://localhost:${port}`;
    const services = await startServices({ settings, options, databases, secrets, bus, appOrigin }, cleanup);
    const actualPort = await startGateway(settings, { services, secrets, bus, port }, cleanup);

    let stopped: Promise<void> | undefined;
    return {
      url: `http://localhost:${actualPort}`,
      port: actualPort,
      services,
      databases,
      secrets,
      stop: () => (stopped ??= stopAll()),
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function main(): Promise<void> {
  let app: RunningApp;
  try {
    app = await startApp();
  } catch (err) {
    console.error(`The app failed to start: ${(err as Error).message}`);
    process.exit(1);
  }
  console.log(`App running at ${app.url}`);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: stopping...`);
    const killer = setTimeout(() => process.exit(1), 20_000);
    killer.unref();
    await app.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

if (require.main === module) void main();
