/**
 * Editing transactions and categories, shared by the register (mf-ledger) and the reports'
 * drill-down (mf-reports): category text and the creation flow, the category / payee queries,
 * the edit draft and the questions around a save. Import it as `@hf/app-kit/editing`: it is
 * not part of the package index, so the shell's first page does not carry it (each remote that
 * edits bundles it). Its modules reach the session and the api client through `@hf/app-kit`
 * (the shared singleton), never by a relative path: a second copy of the api module would keep
 * its own read-your-writes sequence.
 */
export * from './categories/category-text';
export * from './categories/similarity';
export * from './categories/category-flow';
export * from './categories/api';
export * from './transactions/amount-fields';
export * from './transactions/edit-draft';
export * from './transactions/edit-flow';
export * from './transactions/api';
