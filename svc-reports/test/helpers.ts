import { startMirrorStack, type BusKind, type Stack } from '@hf/test-kit/mirror-stack';
import { buildApp } from '../src/app';

export * from '@hf/test-kit/mirror-stack';

// Two cores are shared by many runs: give database setup and teardown room.
jest.setTimeout(60_000);

/** svc-ledger and svc-reports side by side (see startMirrorStack). */
export function startStack(kind: BusKind = 'inprocess', prefix = 'reports'): Promise<Stack> {
  return startMirrorStack(buildApp, kind, prefix);
}
