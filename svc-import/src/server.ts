import { SERVICES } from '@hf/contracts';
import { requireEnv, runServiceProcess } from '@hf/service-kit';
import { buildApp, type AppOptions } from './app';

void runServiceProcess<AppOptions>(
  SERVICES.find((s) => s.name === 'svc-import')!,
  buildApp,
  () => ({ ledgerUrl: requireEnv('LEDGER_URL') }),
);
