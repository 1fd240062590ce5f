import { startMirrorStack, type BusKind, type Call, type Json, type Stack } from '@hf/test-kit/mirror-stack';
import { buildApp } from '../src/app';

export * from '@hf/test-kit/mirror-stack';

// Two cores are shared by many runs: give database setup and teardown room.
jest.setTimeout(60_000);

/** svc-ledger and svc-budget side by side (see startMirrorStack), svc-budget's "today" fixed. */
export function startBudgetStack(
  today: string | (() => string),
  kind: BusKind = 'inprocess',
  prefix = 'budget',
): Promise<Stack> {
  return startMirrorStack(
    (options) => buildApp({ ...options, today: typeof today === 'string' ? () => today : today }),
    kind,
    prefix,
  );
}

/** The account's rows in the ledger's register (the budgeted ones and the others). */
export async function registerRows(ledger: Call, accountId: number): Promise<Json[]> {
  const res = await ledger('GET', `/api/accounts/${accountId}/transactions`);
  if (res.status !== 200) throw new Error(`register ${res.status} ${res.text}`);
  return res.body;
}
