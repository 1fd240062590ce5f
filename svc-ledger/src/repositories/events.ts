import { SPLIT_EVENT_VERSIONS } from '@hf/contracts/events';
import { countRow, type SumsDelta } from '../held-registers/balance-cache';
import type { Status } from '../domain/status';
import type { PoolClient } from './sql';

/** A write that changes more rows than this in one account makes its register rebuild whole. */
export const MAX_CHANGED_ROW_IDS = 2000;

export interface PendingEvent {
  type: string;
  subject: string;
  /** The event's data as JSON, written when it is emitted (a bulk write's events while its rows are inserted). */
  json: string;
}

/**
 * One write's database transaction, the events it produces and the registers it changes.
 * Events are collected and written to the outbox at the end of the transaction (writeEvents
 * serialises event writers until commit, so it must come last). The write helpers that change
 * what a register shows record the rows concerned (`touchRows`), the accounts (`touchAccounts`) or the whole household
 * (`touchHousehold`: category paths and account names appear in the rows of every account);
 * runWrite bumps their `register_version` in the same transaction.
 */
export class LedgerWrite {
  readonly events: PendingEvent[] = [];
  /** Accounts whose register changes in this write. */
  readonly touchedAccounts = new Set<number>();
  /**
   * The rows changed in each touched account, when every change of that account is known row
   * by row (`touchRows`); an account touched without rows (`touchAccounts`) or in more than
   * MAX_CHANGED_ROW_IDS rows maps to null: the register is rebuilt whole.
   */
  readonly touchedRows = new Map<number, Set<number> | null>();
  /** True when every account of the household may show something else. */
  householdTouched = false;
  /** What the rows counted in and out (`count`) add to each account's sums, for the balance cache. */
  readonly counted = new Map<number, SumsDelta>();

  constructor(
    readonly client: PoolClient,
    readonly householdId: number,
    /** The person behind the write; null for service-internal calls without one. */
    readonly userId: number | null,
  ) {}

  /**
   * A row event holding a split row (a snapshot with `splits`) is written under its split
   * version (SPLIT_EVENT_VERSIONS): a JSON key `"splits":` appears only there (in a text it
   * would be escaped).
   */
  emit(type: string, subject: string, data: unknown): void {
    const json = JSON.stringify(data);
    const splitType = SPLIT_EVENT_VERSIONS[type];
    this.events.push({ type: splitType && json.includes('"splits":') ? splitType : type, subject, json });
  }

  /** These accounts' registers may change in any way (they are rebuilt whole). */
  touchAccounts(ids: Iterable<number>): void {
    for (const id of ids) {
      this.touchedAccounts.add(id);
      this.touchedRows.set(id, null);
    }
  }

  /**
   * These rows were inserted, changed, moved or removed: the register of every account they are
   * in (`account_id`) changes by these rows (and the balances after them) only. A moved row is
   * passed with its old and its new account.
   */
  touchRows(rows: Iterable<{ id: number; account_id: number }>): void {
    for (const row of rows) {
      this.touchedAccounts.add(row.account_id);
      const known = this.touchedRows.get(row.account_id);
      if (known === null) continue;
      if (!known) this.touchedRows.set(row.account_id, new Set([row.id]));
      // Past MAX_CHANGED_ROW_IDS the register is rebuilt whole anyway: stop counting (an import).
      else if (known.add(row.id).size > MAX_CHANGED_ROW_IDS) this.touchedRows.set(row.account_id, null);
    }
  }

  /**
   * Live rows that this write adds to (`sign` 1) or takes from (-1) their accounts' sums: every
   * insert, update and delete of a transactions row calls it (transactions.ts), with the row as
   * it is after (1) and before (-1); rows marked deleted count nowhere.
   */
  count(
    rows: Iterable<{ account_id: number; amount: number; status: Status; date: string; deleted?: boolean }>,
    sign: 1 | -1,
  ): void {
    for (const row of rows) {
      if (row.deleted) continue;
      let delta = this.counted.get(row.account_id);
      if (!delta) this.counted.set(row.account_id, (delta = { total: 0, pending: 0, cleared: 0, byDate: new Map() }));
      countRow(delta, row, sign);
    }
  }

  touchHousehold(): void {
    this.householdTouched = true;
  }
}
