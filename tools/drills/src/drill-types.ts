/** What the harness, the load and the invariants share (a module of its own, so neither imports the other). */
import type { Outcome } from './verdict';

export interface SeededHousehold {
  householdId: number;
  token: string;
  /** Account ids of the household (the first is the default). */
  accounts: number[];
}

export interface BulkAttempt {
  key: string;
  rows: number;
  outcome: Outcome;
  replayed?: boolean;
}
