import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SERVICES, type ServiceRoute } from '@hf/contracts';
import { createInProcessBus, type Bus } from '@hf/messaging';
import type { BaseAppOptions } from '@hf/service-kit';
import { createTestDatabase, testAppOptions, testKeys } from '@hf/service-kit/testing';
import type { ServiceKey } from '../src/app';

type Builder = (options: BaseAppOptions & Record<string, unknown>) => Promise<FastifyInstance>;
const BUILDERS: Record<ServiceKey, () => Promise<{ buildApp: Builder }>> = {
  AUTH: () => import('@hf/svc-auth') as unknown as Promise<{ buildApp: Builder }>,
  LEDGER: () => import('@hf/svc-ledger') as unknown as Promise<{ buildApp: Builder }>,
  BUDGET: () => import('@hf/svc-budget') as unknown as Promise<{ buildApp: Builder }>,
  IMPORT: () => import('@hf/svc-import') as unknown as Promise<{ buildApp: Builder }>,
  REPORTS: () => import('@hf/svc-reports') as unknown as Promise<{ buildApp: Builder }>,
};

/** One real service on a loopback port, with its own test database. */
export interface RunningService {
  service: ServiceRoute;
  app: FastifyInstance;
  url: string;
  db: { url: string; drop: () => Promise<void> };
}

export interface RealServices {
  bus: Bus;
  /** In SERVICES order. */
  running: RunningService[];
  urls: Record<ServiceKey, string>;
  /** Closes the services (the last started first) and the bus, then drops their databases. */
  close(): Promise<void>;
}

/**
 * The five real services, each on a loopback port with its own test database (named
 * `<prefix><KEY>`), sharing one in-process bus: what the gateway stands in front of in the
 * default mode. SERVICES lists svc-ledger before the services that call it.
 */
export async function startRealServices(prefix: string): Promise<RealServices> {
  const bus = createInProcessBus();
  const dataDir = mkdtempSync(join(tmpdir(), `hf-${prefix}-`));
  const urls = {} as Record<ServiceKey, string>;
  const running: RunningService[] = [];
  const dbs: RunningService['db'][] = [];
  const close = async () => {
    for (const r of [...running].reverse()) await r.app.close().catch(() => undefined);
    await bus.close();
    for (const db of dbs) await db.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const service of SERVICES) {
      const db = await createTestDatabase(`${prefix}${service.key}`);
      dbs.push(db);
      const { buildApp } = await BUILDERS[service.key]();
      const extras: Record<string, unknown> =
        service.key === 'AUTH'
          ? {
              jwtPrivateKey: testKeys().privateKey,
              bcryptCost: 4,
              appOrigin: 'http://app.test',
              dataDir,
              invitationKey: randomBytes(32).toString('hex'),
            }
          : service.key === 'LEDGER'
            ? {}
            : { ledgerUrl: urls.LEDGER };
      const app = await buildApp({ ...testAppOptions(db.url, bus), ...extras });
      const entry: RunningService = { service, app, url: '', db };
      running.push(entry);
      await app.listen({ port: 0, host: '127.0.0.1' });
      entry.url = urls[service.key] = `http://127.0.0.1:${portOf(app)}`;
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { bus, running, urls, close };
}

export const portOf = (app: FastifyInstance) => (app.server.address() as { port: number }).port;
