/**
 * What crosses a process boundary: HTTP bodies, events, the service route table.
 * One file per area; this index re-exports them all.
 */
export * from './common';
export * from './product';
export * from './services';
export * from './events';
export * from './auth';
export * from './ledger';
export * from './reports';
export * from './budget';
export * from './import';
export * from './names';
export * from './compact-rows';
