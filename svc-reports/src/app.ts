import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createService, type BaseAppOptions } from '@hf/service-kit';

export type AppOptions = BaseAppOptions;

/** svc-reports as a Fastify app. Its product routes arrive with their own issues. */
export function buildApp(options: AppOptions): Promise<FastifyInstance> {
  return createService({
    ...options,
    name: 'svc-reports',
    migrationsDir: join(__dirname, '..', 'migrations'),
    routes: async () => undefined,
  });
}
