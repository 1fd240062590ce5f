import {
  EVENTS,
  type AccountChangedV1,
  type AccountClosedV1,
  type AccountKind,
  type AccountOpenedV1,
  type AccountOpenedV2,
  type AccountRenamedV1,
  type AccountsReorderedV1,
  type CategoriesMergedV1,
  type CategoryChangedV1,
  type CategoryCreatedV1,
  type CategoryDeletedV1,
  type LedgerAccountSnapshot,
  type LedgerAccountSnapshotV2,
  type LedgerCategorySnapshot,
  type LedgerTransactionSnapshot,
  type TransactionChangedV1,
  type TransactionDeletedV1,
  type TransactionMovedV1,
  type TransactionRecordedV1,
  type TransactionRecordedV2,
  type TransactionRestoredV1,
  expandRows,
} from '@hf/contracts';

/** A ledger row as the mirror keeps it (money in cents). */
export interface RowState {
  id: number;
  household_id: number;
  account_id: number;
  date: string;
  payee: string;
  amount: number;
  category_id: number | null;
  status: string;
  notes: string;
  updated_at: string;
  is_budgeted: boolean;
  /** A leg of a transfer (its category is `-- Transfer --`). */
  is_transfer: boolean;
  deleted: boolean;
  /** A split row's lines (cents), else null: reads count the lines by category (the `ledger_lines` view). */
  splits: Array<{ category_id: number | null; amount: number; notes: string }> | null;
}

export interface AccountState {
  id: number;
  household_id: number;
  name: string;
  starting_balance: number;
  closed: boolean;
  /** The household's order of accounts (svc-ledger's `sort_order`). */
  sort_order: number;
  /** Kind, limit and threshold; null from an event that does not carry them (they stay as stored). */
  profile: AccountProfile | null;
}

/** What the dashboard needs to know of an account's kind (cents). */
export interface AccountProfile {
  kind: AccountKind;
  credit_limit: number | null;
  low_balance_threshold: number | null;
}

/** A category snapshot to store, or a mark on one (deleted; merged into another). */
export type CategoryChange =
  | { kind: 'upsert'; category: LedgerCategorySnapshot }
  | { kind: 'mark'; id: number; household_id: number; deleted: boolean; merged_into: number | null };

/** What one ledger event changes in the mirror, in the order to apply it. */
export interface ReadModelChanges {
  rows: RowState[];
  accounts: AccountState[];
  categories: CategoryChange[];
  /** A reorder: the household's accounts in their new order (ledger.account.reordered.v1). */
  accountOrder: number[];
}

/** A transaction snapshot as a row state (`deleted` forced for the rows of a deletion event). */
export function rowState(t: LedgerTransactionSnapshot, deleted = t.deleted): RowState {
  return {
    id: t.id,
    household_id: t.household_id,
    account_id: t.account_id,
    date: t.date,
    payee: t.payee,
    amount: t.amount_cents,
    category_id: t.category_id,
    status: t.status,
    notes: t.notes,
    updated_at: t.updated_at,
    is_budgeted: t.is_budgeted,
    is_transfer: t.transfer_id !== null,
    deleted,
    splits:
      t.splits && t.splits.length > 0
        ? t.splits.map((l) => ({ category_id: l.category_id, amount: l.amount_cents, notes: l.notes }))
        : null,
  };
}

/** An account snapshot as the mirror keeps it; a snapshot without a kind (a v1 event) leaves the stored one. */
export function accountState(a: LedgerAccountSnapshot | LedgerAccountSnapshotV2, closed: boolean): AccountState {
  return {
    id: a.id,
    household_id: a.household_id,
    name: a.name,
    starting_balance: a.starting_balance_cents,
    closed,
    sort_order: a.sort_order,
    profile:
      'kind' in a
        ? { kind: a.kind, credit_limit: a.credit_limit_cents, low_balance_threshold: a.low_balance_threshold_cents }
        : null,
  };
}

const none = (): ReadModelChanges => ({ rows: [], accounts: [], categories: [], accountOrder: [] });

/**
 * The mirror changes of a ledger event (its data already checked against its schema).
 * Every event carries full snapshots, so applying one never needs the ledger. Category deletes
 * and merges re-point rows without per-row events: they become marks that reads resolve.
 */
export function changesOf(type: string, data: unknown): ReadModelChanges {
  const changes = none();
  switch (type) {
    case EVENTS.transactionRecorded:
    case EVENTS.transactionRecordedSplit:
      changes.rows = (data as TransactionRecordedV1).transactions.map((t) => rowState(t));
      break;
    case EVENTS.transactionRecordedCompact:
      changes.rows = expandRows(data as TransactionRecordedV2).map((t) => rowState(t));
      break;
    case EVENTS.transactionRestored:
    case EVENTS.transactionRestoredSplit:
      changes.rows = (data as TransactionRestoredV1).transactions.map((t) => rowState(t));
      break;
    case EVENTS.transactionChanged:
    case EVENTS.transactionMoved:
    case EVENTS.transactionChangedSplit:
    case EVENTS.transactionMovedSplit:
      changes.rows = (data as TransactionChangedV1 | TransactionMovedV1).changes.map((c) => rowState(c.after));
      break;
    case EVENTS.transactionDeleted:
    case EVENTS.transactionDeletedSplit:
      // The payload holds the rows as they were before: they are deleted now.
      changes.rows = (data as TransactionDeletedV1).transactions.map((t) => rowState(t, true));
      break;
    case EVENTS.accountOpened:
    case EVENTS.accountOpenedWithKind:
    case EVENTS.accountRenamed: {
      const { account } = data as AccountOpenedV1 | AccountOpenedV2 | AccountRenamedV1;
      changes.accounts = [accountState(account, false)];
      break;
    }
    case EVENTS.accountChanged:
      changes.accounts = [accountState((data as AccountChangedV1).after, false)];
      break;
    case EVENTS.accountsReordered:
      changes.accountOrder = [...(data as AccountsReorderedV1).account_ids];
      break;
    case EVENTS.accountClosed: {
      const { account } = data as AccountClosedV1;
      changes.accounts = [accountState(account, true)];
      break;
    }
    case EVENTS.categoryCreated:
      changes.categories = [{ kind: 'upsert', category: (data as CategoryCreatedV1).category }];
      break;
    case EVENTS.categoryChanged:
      changes.categories = [{ kind: 'upsert', category: (data as CategoryChangedV1).after }];
      break;
    case EVENTS.categoryDeleted: {
      const { category, promoted_children } = data as CategoryDeletedV1;
      changes.categories = [
        { kind: 'mark', id: category.id, household_id: category.household_id, deleted: true, merged_into: null },
        ...promoted_children.map((c) => ({ kind: 'upsert' as const, category: c })),
      ];
      break;
    }
    case EVENTS.categoriesMerged: {
      const merge = data as CategoriesMergedV1;
      const household = merge.source.household_id;
      const into = new Map(merge.reassigned.map((r) => [r.from_category_id, r.to_category_id]));
      changes.categories = [
        ...merge.reparented.map((c) => ({ kind: 'upsert' as const, category: c })),
        ...merge.deleted_category_ids.map((id) => ({
          kind: 'mark' as const,
          id,
          household_id: household,
          deleted: true,
          merged_into: into.get(id) ?? null,
        })),
      ];
      break;
    }
    default:
      break;
  }
  return changes;
}
