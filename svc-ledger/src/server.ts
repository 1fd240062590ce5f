import { SERVICES } from '@hf/contracts';
import { runServiceProcess } from '@hf/service-kit';
import { buildApp } from './app';

void runServiceProcess(
  SERVICES.find((s) => s.name === 'svc-ledger')!,
  buildApp,
);
