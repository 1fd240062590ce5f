/**
 * What crosses a process boundary: HTTP bodies, events, the service route table.
 * One file per area; this index re-exports them all.
 */
export * from './common';
export * from './product';
export * from './services';
export * from './events';
export * from './auth';
export * from './auth-internal';
export * from './auth-events';
export * from './ledger';
export * from './ledger-internal';
export * from './ledger-events';
export * from './reports';
export * from './budget';
export * from './import';
export * from './names';
export * from './compact-rows';
export * from './wording';
export * from './rules';
