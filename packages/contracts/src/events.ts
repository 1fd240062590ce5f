/** Event types: versioned past-tense facts. The bus subject is the type. */
export const EVENTS = {
  sessionRevoked: 'auth.session.revoked.v1',
  memberRemoved: 'auth.member.removed.v1',
  accountOpened: 'ledger.account.opened.v1',
  /** The account with its kind; v1 is no longer written (consumers still read it: checking). */
  accountOpenedWithKind: 'ledger.account.opened.v2',
  accountRenamed: 'ledger.account.renamed.v1',
  /** Name, kind, credit limit or threshold changed; replaces renamed.v1 for writers. */
  accountChanged: 'ledger.account.changed.v1',
  accountsReordered: 'ledger.account.reordered.v1',
  accountClosed: 'ledger.account.closed.v1',
  transactionRecorded: 'ledger.transaction.recorded.v1',
  /** The same fact for many rows, their shared fields written once (a bulk import). */
  transactionRecordedCompact: 'ledger.transaction.recorded.v2',
  transactionChanged: 'ledger.transaction.changed.v1',
  transactionMoved: 'ledger.transaction.moved.v1',
  transactionDeleted: 'ledger.transaction.deleted.v1',
  transactionRestored: 'ledger.transaction.restored.v1',
  /** The split versions: the same payloads holding a split row with its lines (SPLIT_EVENT_VERSIONS). */
  transactionRecordedSplit: 'ledger.transaction.recorded.v3',
  transactionChangedSplit: 'ledger.transaction.changed.v2',
  transactionMovedSplit: 'ledger.transaction.moved.v2',
  transactionDeletedSplit: 'ledger.transaction.deleted.v2',
  transactionRestoredSplit: 'ledger.transaction.restored.v2',
  categoryCreated: 'ledger.category.created.v1',
  categoryChanged: 'ledger.category.changed.v1',
  categoryDeleted: 'ledger.category.deleted.v1',
  categoriesMerged: 'ledger.category.merged.v1',
  /** A statement reconciliation finished: its rows are reconciled (their sums did not change). */
  statementReconciled: 'ledger.statement.reconciled.v1',
  /** The latest statement reconciliation was undone: its rows are no longer reconciled. */
  statementUnreconciled: 'ledger.statement.unreconciled.v1',
} as const;

/**
 * The version a row event is written under when a row in it is split (a snapshot carries
 * `splits`): same payload shape, lines included (docs/decisions/0134-split-lines.md).
 */
export const SPLIT_EVENT_VERSIONS: Readonly<Record<string, string>> = {
  [EVENTS.transactionRecorded]: EVENTS.transactionRecordedSplit,
  [EVENTS.transactionChanged]: EVENTS.transactionChangedSplit,
  [EVENTS.transactionMoved]: EVENTS.transactionMovedSplit,
  [EVENTS.transactionDeleted]: EVENTS.transactionDeletedSplit,
  [EVENTS.transactionRestored]: EVENTS.transactionRestoredSplit,
};
