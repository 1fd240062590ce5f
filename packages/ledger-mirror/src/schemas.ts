import {
  AccountClosedV1,
  AccountOpenedV1,
  AccountRenamedV1,
  AccountsReorderedV1,
  CategoriesMergedV1,
  CategoryChangedV1,
  CategoryCreatedV1,
  CategoryDeletedV1,
  EVENTS,
  TransactionChangedV1,
  TransactionDeletedV1,
  TransactionMovedV1,
  TransactionRecordedV1,
  TransactionRestoredV1,
} from '@hf/contracts';

/** Every ledger event type with its payload schema: a malformed payload is terminated, not applied. */
export const ALL_LEDGER_SCHEMAS = {
  [EVENTS.transactionRecorded]: TransactionRecordedV1,
  [EVENTS.transactionChanged]: TransactionChangedV1,
  [EVENTS.transactionMoved]: TransactionMovedV1,
  [EVENTS.transactionDeleted]: TransactionDeletedV1,
  [EVENTS.transactionRestored]: TransactionRestoredV1,
  [EVENTS.accountOpened]: AccountOpenedV1,
  [EVENTS.accountRenamed]: AccountRenamedV1,
  [EVENTS.accountsReordered]: AccountsReorderedV1,
  [EVENTS.accountClosed]: AccountClosedV1,
  [EVENTS.categoryCreated]: CategoryCreatedV1,
  [EVENTS.categoryChanged]: CategoryChangedV1,
  [EVENTS.categoryDeleted]: CategoryDeletedV1,
  [EVENTS.categoriesMerged]: CategoriesMergedV1,
};
