/**
 * Editing transactions, shared by the register (mf-ledger) and the reports' drill-down
 * (mf-reports): the category autocomplete, the transaction fields and their stacked form, the
 * lock of cleared amounts, the status badge and promise-returning dialogs. Import it as
 * `@hf/ui/editing`: not part of the package index, so pages that do not edit transactions
 * do not carry it. Its modules take Modal and ConfirmDialog from `@hf/ui` (the shared singleton), never by a
 * relative path: a second copy of Modal would keep its own stack of open dialogs.
 */
export * from './Combobox';
export * from './transaction-fields';
export * from './transaction-edit';
export * from './use-dialogs';
